import Foundation
import Kiln
internal import KilnPlatform
import Testing

/// Golden images: a frame rendered offscreen, compared with a PNG kept beside the tests.
///
/// The PNG for `name` is `__Snapshots__/NAME.png` in the folder of the test file. Golden
/// images are written only when asked: with `RECORD_SNAPSHOTS=1` in the environment every
/// golden image checked is written anew (look at it, then commit it), never when `CI=true`.
/// A missing golden image fails the test, everywhere, with one line saying how to record it;
/// the frame goes to `.build/snapshot-failures/` of the package to be looked at. On a
/// mismatch the actual frame and a difference image go there too, and the test fails with
/// one line naming them.
///
/// ```swift
/// let h = SceneHarness(settlingFor: 0.5) { CardScene(context: $0, tuning: CardTuning()) }
/// try h.expectGoldenImage(named: "card-at-rest")
/// ```
public struct GoldenImage: Sendable {
    /// The folder the golden images are in.
    public var folder: URL
    /// How far apart two channels of a pixel may be and still match, 0…255.
    public var tolerance: Int
    /// How many pixels may differ by more than `tolerance`.
    public var maxPixelsOver: Int
    /// The variables that say whether to record (`RECORD_SNAPSHOTS`) and whether this is CI
    /// (`CI`): the process's own unless set.
    public var environment = ProcessInfo.processInfo.environment

    /// Golden images in `folder`, matched with a per-channel `tolerance` and at most
    /// `maxPixelsOver` pixels beyond it.
    public init(folder: URL, tolerance: Int = 3, maxPixelsOver: Int = 0) {
        self.folder = folder
        self.tolerance = tolerance
        self.maxPixelsOver = maxPixelsOver
    }

    /// Golden images in `__Snapshots__` beside the test file at `filePath`.
    public init(besideFile filePath: String = #filePath, tolerance: Int = 3, maxPixelsOver: Int = 0) {
        self.init(folder: URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__"),
                  tolerance: tolerance, maxPixelsOver: maxPixelsOver)
    }

    /// Draws a layer tree on a canvas of `canvas` points at `scale` pixels a point, over
    /// `background`, as the window would show it.
    public static func render(_ root: Layer, canvas: Size, scale: Double = 1, background: Color = .white) throws -> Bitmap {
        try OffscreenHost(canvas: canvas, scale: scale).render(root: root, background: background)
    }

    /// The golden image `name`'s file.
    public func url(named name: String) -> URL { folder.appendingPathComponent("\(name).png") }

    /// Checks `frame` against the golden image `name`, or records it with `RECORD_SNAPSHOTS=1`
    /// outside CI (see ``GoldenImage``); a missing golden image or a mismatch is a failed
    /// expectation with a one-line message.
    public func expect(_ frame: Bitmap, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let golden = url(named: name)
        if environment["RECORD_SNAPSHOTS"] == "1" {
            guard environment["CI"] != "true" else {
                Issue.record("RECORD_SNAPSHOTS is refused in CI: record \(golden.path) outside CI and commit it",
                             sourceLocation: sourceLocation)
                return
            }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try frame.writePNG(to: golden.path)
            Issue.record("recorded the golden image \(golden.path): look at it and commit it",
                         severity: .warning, sourceLocation: sourceLocation)
            return
        }
        guard FileManager.default.fileExists(atPath: golden.path) else {
            let actual = try writeFailure(frame, named: "\(name).actual.png")
            let filter = Test.current.map { " --filter \($0.name.prefix { $0 != "(" })" } ?? ""
            let message = "no golden image \(golden.path): the frame is \(actual); record it with "
                + "RECORD_SNAPSHOTS=1 swift test\(filter), look at it and commit it"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        let expected = try Bitmap.readPNG(from: golden.path)
        let difference = ImageDifference(actual: frame, expected: expected, tolerance: tolerance)
        guard !difference.sizesMatch || difference.pixelsOverTolerance > maxPixelsOver else { return }
        let actualPath = try writeFailure(frame, named: "\(name).actual.png")
        var written = actualPath
        if difference.sizesMatch {
            let diffPath = try writeFailure(difference.diffImage, named: "\(name).diff.png")
            written += " and \(diffPath)"
        }
        Issue.record("\(name) differs from its golden image: \(difference.summary); see \(written)",
                     sourceLocation: sourceLocation)
    }

    /// Writes `bitmap` as `file` in the failures' folder and returns its path.
    private func writeFailure(_ bitmap: Bitmap, named file: String) throws -> String {
        let failures = failureFolder()
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        let path = failures.appendingPathComponent(file).path
        try bitmap.writePNG(to: path)
        return path
    }

    /// `.build/snapshot-failures` of the package the golden images belong to: the nearest
    /// folder above them with a `Package.swift` (the temporary folder when there is none).
    func failureFolder() -> URL {
        var candidate = folder.deletingLastPathComponent()
        while candidate.path != "/" {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) {
                return candidate.appendingPathComponent(".build/snapshot-failures")
            }
            candidate = candidate.deletingLastPathComponent()
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-failures")
    }
}
