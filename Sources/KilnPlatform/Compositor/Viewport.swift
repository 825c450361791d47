import KilnCore

/// Where the canvas lands in the output: device pixels per point and the top-left offset.
public struct Viewport: Hashable, Sendable {
    /// Device pixels per canvas point.
    public var scale: Double
    /// The canvas origin in device pixels.
    public var offset: Point

    public init(scale: Double, offset: Point = .zero) {
        self.scale = scale
        self.offset = offset
    }

    /// The largest whole canvas that fits `output` (device pixels), centred: letterboxing.
    public static func fitting(canvas: Size, into output: Size) -> Viewport {
        let scale = min(output.width / canvas.width, output.height / canvas.height)
        let offset = Point(x: ((output.width - canvas.width * scale) / 2).rounded(),
                           y: ((output.height - canvas.height * scale) / 2).rounded())
        return Viewport(scale: scale, offset: offset)
    }

    /// A canvas point in device pixels.
    public func devicePoint(_ p: Point) -> Point {
        Point(x: offset.x + p.x * scale, y: offset.y + p.y * scale)
    }

    /// A device pixel position in canvas points.
    public func canvasPoint(_ p: Point) -> Point {
        Point(x: (p.x - offset.x) / scale, y: (p.y - offset.y) / scale)
    }
}
