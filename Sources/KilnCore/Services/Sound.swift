import Foundation

/// A sound a scene declares: a name, and how to synthesize its samples. No asset files are
/// involved; an audio service synthesizes each sound it is given once and plays it by name.
///
/// Declare a scene's sounds beside the scene, as static members, and list them in the
/// scene's `sounds` so that they are ready before the scene first plays them:
///
/// ```swift
/// extension Sound {
///     /// A short blip at 1 kHz.
///     static let blip = Sound(name: "blip") { synthesizer, _ in
///         let count = synthesizer.frames(0.05)
///         var samples = (0..<count).map { Float(sin(2 * Double.pi * 1000 * synthesizer.time($0))) }
///         SoundSynthesizer.fadeEdges(&samples, fadeIn: 20, fadeOut: count / 2)
///         return SoundBuffer(sampleRate: synthesizer.sampleRate, mono: samples)
///     }
/// }
///
/// context.audio.play(.blip, volume: 0.5)
/// ```
///
/// A sound is known by its declaration, not its name: two scenes that each declare a "pop"
/// play their own, and copies of one declaration are the same sound. The name is for
/// people (logs, a sound track's description) and gives the sound its default seed.
public struct Sound: Hashable, Sendable, CustomStringConvertible {
    /// Makes a sound's samples with `synthesizer`'s sample rate, drawing every random choice
    /// from the generator it is given.
    public typealias Synthesis = @Sendable (SoundSynthesizer, inout SplitMix64) -> SoundBuffer

    /// What the sound is called where people read it: "hum", "tick". Names need not be
    /// unique: each declaration is a sound of its own.
    public let name: String
    /// Whether the sound is made to repeat seamlessly with `startLoop`.
    public let isLoop: Bool
    /// Where the sound's own random choices start, mixed with the synthesizer's seed. Each
    /// sound draws from a generator of its own, so one sound's samples do not depend on
    /// which other sounds exist or the order they are synthesized in.
    public let seed: UInt64
    private let synthesis: Synthesis
    /// What tells this declaration from every other, whatever their names.
    private let identity = Identity()

    /// Declares a sound called `name`, synthesized by `synthesis`. Without a `seed`, the
    /// sound's random choices start from one derived from its name.
    public init(name: String, isLoop: Bool = false, seed: UInt64? = nil, synthesis: @escaping Synthesis) {
        self.name = name
        self.isLoop = isLoop
        self.seed = seed ?? Self.seed(named: name)
        self.synthesis = synthesis
    }

    /// The sound's samples, made by `synthesizer` with `random` (see `SoundSynthesizer.render`).
    func synthesize(with synthesizer: SoundSynthesizer, _ random: inout SplitMix64) -> SoundBuffer {
        synthesis(synthesizer, &random)
    }

    /// The sound's name.
    public var description: String { name }

    public static func == (lhs: Sound, rhs: Sound) -> Bool {
        lhs.identity === rhs.identity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(identity))
    }

    /// One sound declaration's identity: copies of a `Sound` share it, a new `Sound(name:)`
    /// has its own.
    private final class Identity: Sendable {}

    /// A seed that stays the same for a name from run to run and machine to machine (the
    /// 64-bit FNV-1a hash of its UTF-8 bytes), unlike `Hasher`'s.
    static func seed(named name: String) -> UInt64 {
        name.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }
}
