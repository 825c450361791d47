/// One kind of particle an emitter makes, on Core Animation's `CAEmitterCell` model.
///
/// Values with a `Range` partner are means: each particle draws its own value uniformly in
/// `mean ± range`. Values named `…Speed` change a particle's value per second of its life.
/// Angles are in radians; y grows downwards, so an `emissionLongitude` of `-.pi / 2` is up.
public struct EmitterCell: Hashable, Sendable {
    /// A name for tuning files and debugging; not used by the simulation.
    public var name: String

    /// Particles made per second (multiplied by the emitter's `birthRate`).
    public var birthRate: Double = 0
    /// Seconds a particle lives.
    public var lifetime: Double = 0
    /// How far a particle's lifetime may differ from `lifetime`, in seconds.
    public var lifetimeRange: Double = 0

    /// Initial speed in points per second.
    public var velocity: Double = 0
    /// How far the initial speed may differ from `velocity`.
    public var velocityRange: Double = 0
    /// Direction of emission in radians: 0 is +x, `-.pi / 2` is up on screen.
    public var emissionLongitude: Double = 0
    /// Full angle of the emission cone: directions spread over `emissionLongitude ± emissionRange / 2`.
    public var emissionRange: Double = 0
    /// Horizontal acceleration in points per second squared.
    public var xAcceleration: Double = 0
    /// Vertical acceleration in points per second squared; positive pulls down (gravity).
    public var yAcceleration: Double = 0
    /// Linear velocity damping per second, as in LÖVE: each step `v *= 1 / (1 + damping · dt)`.
    public var damping: Double = 0

    /// Initial size as a multiple of the contents' size.
    public var scale: Double = 1
    /// How far the initial scale may differ from `scale`.
    public var scaleRange: Double = 0
    /// Change of scale per second.
    public var scaleSpeed: Double = 0

    /// Rotation speed in radians per second (positive turns clockwise on screen).
    public var spin: Double = 0
    /// How far a particle's spin may differ from `spin`.
    public var spinRange: Double = 0

    /// The colour that multiplies the contents (straight alpha).
    public var color: Color = .white
    /// How far a particle's red component may differ from `color.red`.
    public var redRange: Double = 0
    /// How far a particle's green component may differ from `color.green`.
    public var greenRange: Double = 0
    /// How far a particle's blue component may differ from `color.blue`.
    public var blueRange: Double = 0
    /// How far a particle's alpha may differ from `color.alpha`.
    public var alphaRange: Double = 0
    /// Change of the red component per second.
    public var redSpeed: Double = 0
    /// Change of the green component per second.
    public var greenSpeed: Double = 0
    /// Change of the blue component per second.
    public var blueSpeed: Double = 0
    /// Change of alpha per second; negative values fade particles out.
    public var alphaSpeed: Double = 0

    /// The particle image; a cell without contents is simulated but draws nothing.
    public var contents: Bitmap? {
        didSet { contentsKey = EmitterCell.key(for: contents) }
    }
    /// Pixels of `contents` per point: a 2 here draws an 8 px image as a 4 pt particle.
    public var contentsScale: Double = 1
    /// A stable identity of `contents` (a hash of its size and pixels) for texture caches.
    public private(set) var contentsKey: UInt64

    /// A cell with Core Animation's defaults: no births, white, unit scale, no contents.
    public init(name: String = "", contents: Bitmap? = nil) {
        self.name = name
        self.contents = contents
        self.contentsKey = EmitterCell.key(for: contents)
    }

    /// The size of one particle at scale 1, in points.
    public var contentsSize: Size {
        guard let contents, contentsScale > 0 else { return .zero }
        return Size(Double(contents.width) / contentsScale, Double(contents.height) / contentsScale)
    }

    // FNV-1a over the size and pixels: deterministic across runs, so keys can also name
    // cached textures in recordings; computed once per change of contents, never per frame.
    private static func key(for bitmap: Bitmap?) -> UInt64 {
        guard let bitmap else { return 0 }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ byte: UInt8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        for value in [bitmap.width, bitmap.height] {
            for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: value >> shift)) }
        }
        for byte in bitmap.pixels { mix(byte) }
        return hash == 0 ? 1 : hash
    }
}
