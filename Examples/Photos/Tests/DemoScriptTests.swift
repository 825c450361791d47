import Foundation
import Kiln
import KilnTesting
import Testing
@testable import Photos

@Suite("The photo viewer's files")
struct DemoScriptTests {
    @Test("The demo script opens a photo, pinches, rotates, pans, double-taps, pages, pinches below 1×, and swipes it closed")
    func demo() throws {
        let h = PhotosHarness()

        let problem = try h.play(contentsOf: photosFolder.appendingPathComponent("Scripts/demo.json"))

        #expect(problem == nil)
        #expect(h.numbers("photo.opened", "index") == [0])
        let scales = h.numbers("photo.zoomed", "scale")
        #expect(scales.count == 5 && abs((scales.first ?? 0) - 135.0 / 80) < 0.02, "\(scales)")
        #expect(scales.dropFirst() == [1, 1, 2.5, 1], "double tap out, a pinch below 1× sprung back, double tap in and out")
        let angles = h.numbers("photo.rotated", "angle")
        #expect(angles.count == 1 && abs((angles.first ?? 0) - 40) < 2, "\(angles)")
        #expect(h.numbers("photo.paged", "index") == [1])
        #expect(h.numbers("photo.dismissed", "index") == [1])
        #expect(h.audio.playedSounds.map(\.name) == ["photo-open", "photo-tick", "photo-close"])
        #expect(try h.layer("viewer").isHidden)
    }

    @Test("The tuning file lists every value with its comment, matching the defaults")
    func tuningFile() throws {
        let text = try String(contentsOf: photosFolder.appendingPathComponent("tuning.toml"), encoding: .utf8)

        #expect(text == PhotosTuning.fileText(PhotosTuning()))
        #expect(prototype.tuning?.defaultsText() == text)
    }

    @Test("A tuning file changes the scene: a double tap zooms to 3×")
    func tuningApplies() {
        var context = SceneContext(canvasSize: DevicePreset.iPhone14.size)
        context.tuningSources = [TuningSource(name: "try.toml", text: "[zoom]\ndouble_tap_scale = 3\n")]

        let scene = prototype.make(context) as? PhotosScene

        #expect(scene?.tuning.doubleTapScale == 3)
    }
}
