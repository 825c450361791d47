import Foundation
import KilnCore
import KilnPlatform
import KilnTestSupport
import Testing

/// The files the asset tests read, and what they share: drawing one layer offscreen, the
/// lines asset problems print, and what a crossed box looks like.
enum AssetFixtures {
    /// Fixtures made for the tests: bad files, a Figma-like frame, linked images.
    static let folder = ProjectFiles.root.appendingPathComponent("Tests/Fixtures/Assets")
    /// Copies of sample files Kiln ships (Resources/Assets), kept apart so that the goldens
    /// stay put when the shipped samples are redrawn.
    static let shipped = folder.appendingPathComponent("Samples")

    static func fixture(_ name: String) -> URL { folder.appendingPathComponent(name) }
    static func sample(_ name: String) -> URL { shipped.appendingPathComponent(name) }

    /// `layer` alone on a canvas of `canvas` points at `scale`, over `background`.
    static func render(_ layer: Layer, canvas: Size, scale: Double, background: Color = .white) throws -> Bitmap {
        let root = Layer()
        root.frame = Rect(origin: .zero, size: canvas)
        root.addSublayer(layer)
        return try OffscreenHost(canvas: canvas, scale: scale).render(root: root, background: background)
    }

    /// The R, G, B of the pixel at `x`, `y`.
    static func pixel(_ frame: Bitmap, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = (y * frame.width + x) * 4
        return (Int(frame.pixels[i]), Int(frame.pixels[i + 1]), Int(frame.pixels[i + 2]))
    }

    /// Premultiplied pixels laid over an opaque white background, as an offline frame is.
    static func overWhite(_ image: Bitmap) -> Bitmap {
        var pixels = image.pixels
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let rest = 255 - Int(pixels[i + 3])
            for c in 0..<3 { pixels[i + c] = UInt8(min(255, Int(pixels[i + c]) + rest)) }
            pixels[i + 3] = 255
        }
        return Bitmap(width: image.width, height: image.height, pixels: pixels)
    }

    /// The largest channel difference between two frames of one size, and how many pixels
    /// differ by more than `tolerance`.
    static func difference(_ a: Bitmap, _ b: Bitmap, tolerance: Int) -> (worst: Int, over: Int) {
        precondition(a.width == b.width && a.height == b.height, "frames of different sizes")
        var worst = 0, over = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            var d = 0
            for c in 0..<4 { d = max(d, abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c]))) }
            worst = max(worst, d)
            if d > tolerance { over += 1 }
        }
        return (worst, over)
    }

    /// The root mean square of the channel differences between two frames of one size, from 0
    /// (the same) to 1 (black against white everywhere).
    static func rootMeanSquare(_ a: Bitmap, _ b: Bitmap) -> Double {
        precondition(a.width == b.width && a.height == b.height, "frames of different sizes")
        var sum = 0.0
        for i in a.pixels.indices {
            let d = (Double(a.pixels[i]) - Double(b.pixels[i])) / 255
            sum += d * d
        }
        return a.pixels.isEmpty ? 0 : (sum / Double(a.pixels.count)).squareRoot()
    }

    /// Whether the frame shows the crossed box in `rect` (points at `scale`): the pale fill
    /// just inside its top edge, halfway along, and the grey cross at its centre.
    static func showsPlaceholder(_ frame: Bitmap, in rect: Rect, scale: Double) -> Bool {
        let fill = pixel(frame, Int((rect.midX * scale).rounded(.down)), Int(((rect.minY + 4) * scale).rounded(.down)))
        let cross = pixel(frame, Int((rect.midX * scale).rounded(.down)), Int((rect.midY * scale).rounded(.down)))
        let isFill = abs(fill.0 - 237) <= 3 && abs(fill.1 - 237) <= 3 && abs(fill.2 - 240) <= 3
        let isCross = cross.0 < 200 && cross.0 > 100 && abs(cross.0 - cross.1) <= 3
        return isFill && isCross
    }
}

/// Every line asset problems print, kept for the tests to read (asset problems go to
/// standard error otherwise).
enum ProblemLines {
    private static let lines = Locked<[String]>([])
    private static let installed = Locked(false)

    /// Starts collecting, once for the process.
    static func collect() {
        installed.withLock { done in
            guard !done else { return }
            done = true
            AssetProblems.redirect { line in ProblemLines.lines.withLock { $0.append(line) } }
        }
    }

    /// Held by a test that reads the lines or forgets what was said, so that two such
    /// tests running at once do not see each other's lines or undo each other's forgetting.
    /// A semaphore, not a lock: a test class holds it from its `init` to its `deinit`.
    static let exclusive = DispatchSemaphore(value: 1)

    /// How many lines have been said so far.
    static var count: Int { lines.withLock { $0.count } }

    /// The lines said since the `count` was `start` that are about the file `name`.
    static func lines(since start: Int, about name: String) -> [String] {
        lines.withLock { Array($0[start...]) }.filter { $0.hasPrefix(name + ":") }
    }

    /// Forgets what was said, so the same problem is said again, and returns what `body`
    /// made said about the file `name`.
    static func said(about name: String, during body: () throws -> Void) rethrows -> [String] {
        collect()
        exclusive.wait()
        defer { exclusive.signal() }
        AssetProblems.forget()
        let before = count
        try body()
        return lines.withLock { Array($0[before...]) }.filter { $0.contains(name) }
    }
}
