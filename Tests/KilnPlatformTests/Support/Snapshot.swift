import Foundation
import KilnCore
import KilnPlatform
import KilnTestSupport
import Testing

/// Golden images: compares a rendered frame with `__Snapshots__/NAME.png` beside the tests.
///
/// `RECORD_SNAPSHOTS=1` writes the frame as the new golden image instead (refused in CI).
/// On a mismatch the actual frame and a difference image are written to
/// `.build/snapshot-failures/` and the test fails naming them.
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")
    static let failures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/snapshot-failures")

    /// Checks `frame` against the golden image `name`, allowing `tolerance` per channel
    /// and at most `maxPixelsOver` pixels beyond it.
    static func assertMatches(_ frame: Bitmap, named name: String, tolerance: Int = 3,
                              maxPixelsOver: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let golden = folder.appendingPathComponent("\(name).png")
        let environment = ProcessInfo.processInfo.environment
        if environment["RECORD_SNAPSHOTS"] == "1" {
            guard environment["CI"] != "true" else {
                Issue.record("RECORD_SNAPSHOTS is refused in CI", sourceLocation: sourceLocation)
                return
            }
            try frame.writePNG(to: golden.path)
            return
        }
        guard FileManager.default.fileExists(atPath: golden.path) else {
            Issue.record("no golden image \(golden.path): record it with RECORD_SNAPSHOTS=1 after looking at the render",
                         sourceLocation: sourceLocation)
            return
        }
        let expected = try Bitmap.readPNG(from: golden.path)
        let difference = ImageDifference(actual: frame, expected: expected, tolerance: tolerance)
        if !difference.sizesMatch || difference.pixelsOverTolerance > maxPixelsOver {
            try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
            let actualPath = failures.appendingPathComponent("\(name).actual.png").path
            let diffPath = failures.appendingPathComponent("\(name).diff.png").path
            try frame.writePNG(to: actualPath)
            if difference.sizesMatch { try difference.diffImage.writePNG(to: diffPath) }
            Issue.record("\(name) differs from its golden image: \(difference.summary); see \(actualPath) and \(diffPath)",
                         sourceLocation: sourceLocation)
        }
    }
}
