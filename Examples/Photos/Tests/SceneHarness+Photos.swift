import Foundation
import Kiln
import KilnTesting
@testable import Photos

/// The prototype's folder (Tests/ → the folder), whose `Assets/` the scene reads.
let photosFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

/// A photo library on an iPhone 14 canvas, its frames at 60 fps and the pointer at 120 Hz,
/// with its events and sounds recorded.
typealias PhotosHarness = SceneHarness<PhotosScene>

extension SceneHarness where S == PhotosScene {
    /// The library with `tuning`, its photos read from the folder's `Assets/`, run for a tenth of a second.
    convenience init(tuning: PhotosTuning = PhotosTuning()) {
        AssetFolders.add(photosFolder.appendingPathComponent("Assets"))
        self.init(framesPerSecond: 60, settlingFor: 0.1) { PhotosScene(context: $0, tuning: tuning) }
    }

    /// Two taps at `point` a tenth of a second apart: a double tap.
    func doubleTap(at point: Point) {
        tap(at: point)
        wait(0.1)
        tap(at: point)
    }

    /// Taps photo `index` in the grid and waits for it to land in the viewer.
    func open(_ index: Int) throws {
        tap(at: try canvasFrame("thumb.\(index)").center)
        wait(1.2)
    }

    /// Plays script steps written as JSON (the inside of a script's `steps` array).
    func play(steps: String) {
        let text = #"{"scene": "photos", "device": "iphone-14", "steps": ["# + steps + "]}"
        // A step this file writes is always valid; a mistake in one shows as a failed parse here.
        let script = try! InputScriptParser.parse(text)
        play(script)
    }

    /// The `index` and `scale` (or `angle`) numbers of the events named `name`.
    func numbers(_ name: String, _ field: String) -> [Double] {
        names(name).compactMap {
            if case .number(let value) = $0.fields[field] { return value }
            return nil
        }
    }
}
