import Foundation
import Kiln
import Testing

extension SceneHarness {
    /// The scene as it is now, drawn offscreen at `scale` pixels a point.
    public func render(scale: Double = 1) throws -> Bitmap {
        try GoldenImage.render(scene.root, canvas: canvasSize, scale: scale, background: scene.backgroundColor)
    }

    /// Runs until scene time `time` when one is given, then checks the scene drawn at
    /// `scale` against the golden image `name` in `__Snapshots__` beside the test file
    /// (see ``GoldenImage``).
    public func expectGoldenImage(named name: String, at time: Double? = nil, scale: Double = 1,
                                  tolerance: Int = 3, maxPixelsOver: Int = 0, filePath: String = #filePath,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let time { run(until: time) }
        try GoldenImage(besideFile: filePath, tolerance: tolerance, maxPixelsOver: maxPixelsOver)
            .expect(render(scale: scale), matches: name, sourceLocation: sourceLocation)
    }
}
