import Foundation
import KilnCore
import KilnRuntime

/// One measurement of `kiln bench assets`: a decode, an SVG drawn at a scale, a Lottie frame,
/// or a scene's frames.
package struct AssetBenchResult {
    /// `decode`, `svg`, `lottie` or `scene`.
    package var measure: String
    /// What was timed: the image format, the document, the file or the scene.
    package var subject: String
    /// The pixels drawn or decoded.
    package var pixels: (width: Int, height: Int)
    /// Pixels per point (1 for decoding).
    package var scale: Double
    /// The file's size, when a file was read.
    package var bytes: Int?
    /// Each run, in milliseconds.
    package var times: [Double]
    /// For a scene: the 99th percentile of rendering alone, and layer rasterizations per frame.
    package var renderP99: Double?
    package var rasterizationsPerFrame: Double?

    package init(measure: String, subject: String, pixels: (width: Int, height: Int), scale: Double, bytes: Int?,
                 times: [Double]) {
        self.measure = measure
        self.subject = subject
        self.pixels = pixels
        self.scale = scale
        self.bytes = bytes
        self.times = times
    }

    package var median: Double { FrameTimeHistory.percentile(0.5, of: times) ?? 0 }
    package var p99: Double { FrameTimeHistory.percentile(0.99, of: times) ?? 0 }
    package var fastest: Double { times.min() ?? 0 }

    /// The one JSON line `kiln bench assets --json` prints for the measurement.
    package var jsonLine: String {
        var fields: [(String, BenchJSON.Value)] = [
            ("bench", .string("assets")), ("measure", .string(measure)), ("subject", .string(subject)),
            ("pixels", .string("\(pixels.width)x\(pixels.height)")), ("scale", .number(scale, decimals: 2)),
        ]
        if let bytes { fields.append(("bytes", .int(bytes))) }
        fields += [("runs", .int(times.count)), ("median_ms", .milliseconds(median)), ("min_ms", .milliseconds(fastest))]
        if measure == "scene" { fields.append(("frame_p99_ms", .milliseconds(p99))) }
        if let renderP99 { fields.append(("render_p99_ms", .milliseconds(renderP99))) }
        if let rasterizationsPerFrame {
            fields.append(("rasterizations_per_frame", .number(rasterizationsPerFrame, decimals: 3)))
        }
        return BenchJSON.line(fields)
    }

    /// A line for people.
    package var summary: String {
        let size = "\(pixels.width)×\(pixels.height) px"
        switch measure {
        case "scene":
            return String(format: "scene %@ at %@: %d frames, p50 %.2f ms, p99 %.2f ms (render p99 %.2f ms), "
                            + "%.2f rasterizations a frame", subject, size, times.count, median, p99, renderP99 ?? 0,
                          rasterizationsPerFrame ?? 0)
        case "decode":
            return String(format: "decode %@ %@ (%d kB): %.2f ms (fastest %.2f)", subject, size, (bytes ?? 0) / 1024,
                          median, fastest)
        default:
            return String(format: "%@ %@ at %g× → %@: %.2f ms (fastest %.2f)", measure, subject, scale, size, median,
                          fastest)
        }
    }
}
