import Foundation
import Kiln
import KilnCore
import KilnRuntime
import KilnTestSupport
import Testing

extension SessionJournalTests {
    @Test("A journal keeps several fingers at once as they happened, and its script replays them the same")
    func multiTouchIsKept() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = try makeJournal()
        let script = try InputScriptParser.parse("""
        {"steps": [{"pinch": {"center": [195, 420], "from": 80, "to": 200, "duration": 0.3}},
                   {"fingers": [{"from": [100, 600], "to": [100, 400], "duration": 0.2},
                                {"from": [250, 600], "to": [250, 400], "start": 0.1, "duration": 0.2}]}]}
        """)
        let hosted = try hostGallery(journal: journal, script: script)
        var fed: [PointerEvent] = []
        hosted.session.pointerObserver = { fed.append($0) }

        for frame in 0...48 { hosted.advance(to: Double(frame) / 60) }
        let recovered = try RecoveredSession(path: journal.path)
        var player = ScriptPlayer(script: recovered.script)
        let replayed = player.events(upTo: 1, scene: TestScene()).compactMap { output -> PointerEvent? in
            if case .pointer(let event) = output { return event }
            return nil
        }

        #expect(Set(fed.map(\.id)) == [10, 11] && fed.count > 100)
        #expect(replayed == fed)
    }
}
