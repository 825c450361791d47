import Foundation
import Kiln
import Testing
@testable import BottomSheet

@Suite("The prototype's files")
struct DemoScriptTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    @Test("The demo script visits every detent, rubber-bands at both ends and scrolls the list")
    func demo() throws {
        let script = try InputScriptParser.parse(contentsOf: Self.folder.appendingPathComponent("Scripts/demo.json"))
        let events = EventRecorder()
        let context = SceneContext(canvasSize: DevicePreset.iPhone14.size, events: events)
        let session = SceneSession(scene: prototype.make(context), script: script)
        var time = 0.0

        while time < script.duration + 0.5 {
            time += 1.0 / 60
            session.advance(to: time)
        }

        #expect(script.scene == prototype.name)
        #expect(session.scriptProblem == nil)
        let detents = events.events.filter { $0.name == "sheet.detent.changed" }.compactMap { $0.fields["detent"] }
        #expect(detents == [.string("medium"), .string("large"), .string("medium"), .string("collapsed")])
        #expect(events.names.contains("list.scrolled"))
        let scrolled = events.events.first { $0.name == "list.scrolled" }
        #expect(scrolled.map { $0.fields["offset"] != .number(0) } == true)
        let scene = try #require(session.scene as? BottomSheetScene)
        #expect(scene.height == scene.detents.collapsed)
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
