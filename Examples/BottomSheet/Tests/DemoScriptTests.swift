import Foundation
import Kiln
import KilnTesting
import Testing
@testable import BottomSheet

@Suite("The prototype's files")
struct DemoScriptTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    @Test("The demo script visits every detent, rubber-bands at both ends and scrolls the list")
    func demo() throws {
        let url = Self.folder.appendingPathComponent("Scripts/demo.json")
        let h = SheetHarness()

        let problem = try h.play(contentsOf: url)
        h.wait(0.5)

        #expect(try InputScriptParser.parse(contentsOf: url).scene == prototype.name)
        #expect(problem == nil)
        let detents = h.names("sheet.detent.changed").compactMap { $0.fields["detent"] }
        #expect(detents == [.string("medium"), .string("large"), .string("medium"), .string("collapsed")])
        let scrolled = h.names("list.scrolled").first
        #expect(scrolled.map { $0.fields["offset"] != .number(0) } == true)
        #expect(h.scene.height == h.scene.detents.collapsed)
    }

    @Test("The tuning file lists every value with its comment, matching the defaults")
    func tuningFile() throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent("tuning.toml"), encoding: .utf8)

        #expect(text == BottomSheetTuning.fileText(BottomSheetTuning()))
        #expect(prototype.tuning?.defaultsText() == text)
    }

    @Test("A tuning file changes the scene: a higher collapsed detent")
    func tuningApplies() {
        var context = SceneContext(canvasSize: DevicePreset.iPhone14.size)
        context.tuningSources = [TuningSource(name: "try.toml", text: "[detents]\ncollapsed = 160\n")]

        let scene = prototype.make(context) as? BottomSheetScene

        #expect(scene?.height == 160)
    }
}
