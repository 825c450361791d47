// `kiln bench assets`: what images, SVG and Lottie files cost. Decoding is timed through the
// decoder itself (gdk-pixbuf and the premultiplying copy, no cache); SVG through librsvg onto
// a Cairo image as a layer's raster is drawn; a Lottie frame through rlottie at 2×, as a
// layer's frame is drawn; and a scene of a playing Lottie among image layers, frame by frame,
// as `kiln bench scenes` times scenes. Each timing is the median of a few runs after one
// warm-up; the scene's frames are headless (SDL's software renderer).
import CCairo
import Foundation
import KilnCore

/// Times asset reading and drawing on files it makes itself.
package struct AssetBench {
    /// Image sides decoded, in pixels.
    package var imageSides = [256, 1024, 4096]
    /// SVG documents' sides in points, each drawn at every scale of `svgScales`.
    package var svgSides = [64, 320, 1024]
    package var svgScales = [1.0, 2.0, 4.0]
    /// Runs timed per measurement (after one warm-up).
    package var runs = 5
    /// Frames of the scene timed.
    package var sceneFrames = 600

    package init() {}

    /// Runs every measurement, calling `report` with each as it is made.
    package func run(_ report: (AssetBenchResult) -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-bench-assets-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = AssetBenchFiles(folder: folder)
        for side in imageSides {
            for (format, url) in [("png", try files.png(side: side)), ("jpeg", try files.jpeg(side: side))] {
                let runs = side >= 4096 ? max(1, self.runs / 2) : self.runs
                let times = try Self.time(runs: runs) { _ = try ImageDecoder.decode(url) }
                report(AssetBenchResult(measure: "decode", subject: format, pixels: (side, side), scale: 1,
                                        bytes: Self.size(of: url), times: times))
            }
        }
        for side in svgSides {
            let document = try VectorDocument(url: try files.svg(side: side))
            for scale in svgScales {
                let pixels = Int((Double(side) * scale).rounded())
                let times = try Self.time(runs: runs) {
                    let canvas = CairoCanvas(width: pixels, height: pixels)
                    cairo_scale(canvas.cr, scale, scale)
                    try document.render(id: nil, on: UnsafeMutableRawPointer(canvas.cr),
                                        viewport: Rect(x: 0, y: 0, width: Double(side), height: Double(side)))
                }
                report(AssetBenchResult(measure: "svg", subject: "card-\(side)pt", pixels: (pixels, pixels), scale: scale,
                                        bytes: nil, times: times))
            }
        }
        var lotties = [try files.lottie()]
        if let shipped = ResourceFolder.located()?.assets {
            lotties += ["pulse.json", "burst.json"].map { shipped.appendingPathComponent($0) }
                .filter { FileManager.default.fileExists(atPath: $0.path) }
        }
        for url in lotties { report(try lottieFrame(url)) }
        report(try AssetBenchScene(lottie: lotties.last!, photo: files.png(side: 1024), svg: files.svg(side: 320))
                .run(frames: sceneFrames, scale: 2))
    }

    /// One frame of the Lottie at `url` at 2×, a different frame each run, as a layer of the
    /// animation's own size draws it.
    private func lottieFrame(_ url: URL) throws -> AssetBenchResult {
        let document = try LottieDocument(url: url)
        let width = Int((document.info.size.width * 2).rounded()), height = Int((document.info.size.height * 2).rounded())
        let canvas = CairoCanvas(width: width, height: height)
        var frame = 0
        let times = try Self.time(runs: max(runs, 30)) {
            frame = (frame + 7) % document.info.frameCount
            canvas.withPixels { data, stride in
                document.render(frame: frame, into: data, width: width, height: height, stride: stride)
            }
        }
        return AssetBenchResult(measure: "lottie", subject: url.lastPathComponent, pixels: (width, height), scale: 2,
                                bytes: Self.size(of: url), times: times)
    }

    /// Milliseconds of each of `runs` calls of `body`, after one untimed call.
    static func time(runs: Int, _ body: () throws -> Void) throws -> [Double] {
        try body()
        return try (0..<runs).map { _ in
            let start = ContinuousClock.now
            try body()
            let elapsed = ContinuousClock.now - start
            return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        }
    }

    private static func size(of url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue
    }
}
