import Foundation
import KilnCore
import KilnPlatform
import KilnEndToEndSupport
import Testing

/// Golden images: compares a rendered frame with `__Snapshots__/NAME.png` beside the tests,
/// with KilnTesting's `GoldenImage` (which records, and reports mismatches, as it documents).
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")

    /// Checks `frame` against the golden image `name`, allowing `tolerance` per channel
    /// and at most `maxPixelsOver` pixels beyond it.
    static func assertMatches(_ frame: Bitmap, named name: String, tolerance: Int = 3,
                              maxPixelsOver: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try GoldenImage(folder: folder, tolerance: tolerance, maxPixelsOver: maxPixelsOver)
            .expect(frame, matches: name, sourceLocation: sourceLocation)
    }
}
