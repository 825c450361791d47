import Foundation
import KilnCore
import KilnPlatform
import KilnEndToEndSupport
import Testing

@Suite("KilnTesting's golden images and scene harness")
struct GoldenImageAssertionTests {
    /// A package folder of its own in the temporary folder, with golden images in
    /// `Tests/__Snapshots__`.
    final class Package {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)")
        var snapshots: URL { root.appendingPathComponent("Tests/__Snapshots__") }

        init() throws {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try "// swift-tools-version:6.0\n".write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func golden(environment: [String: String] = [:]) -> GoldenImage {
            var golden = GoldenImage(folder: snapshots)
            golden.environment = environment
            return golden
        }
    }

    /// A square layer of `color` on a white 40 × 30 canvas.
    func frame(_ color: Color) throws -> Bitmap {
        let root = Layer()
        root.bounds = Rect(0, 0, 40, 30)
        root.position = Point(20, 15)
        let square = Layer()
        square.frame = Rect(10, 5, 20, 20)
        square.backgroundColor = color
        root.addSublayer(square)
        return try GoldenImage.render(root, canvas: Size(width: 40, height: 30), scale: 2)
    }

    @Test("A missing golden image fails in one line saying how to record it, and nothing is written beside the tests")
    func missingFails() throws {
        let package = try Package()
        let red = try frame(Color(hex: 0xFF3B30))

        try withKnownIssue {
            try package.golden().expect(red, matches: "square")
        } matching: { issue in
            let text = String(describing: issue.comments)
            return issue.severity == .error && text.contains("no golden image") && text.contains("RECORD_SNAPSHOTS=1 swift test")
                && text.contains("--filter missingFails") && !text.contains("\n")
        }

        #expect(!FileManager.default.fileExists(atPath: package.golden().url(named: "square").path))
        let actual = package.root.appendingPathComponent(".build/snapshot-failures/square.actual.png")
        #expect(try Bitmap.readPNG(from: actual.path) == red)
    }

    @Test("With RECORD_SNAPSHOTS=1 the frame is recorded with a warning, and the same frame matches it afterwards")
    func recordsWhenAsked() throws {
        let package = try Package()
        let red = try frame(Color(hex: 0xFF3B30))

        try withKnownIssue {
            try package.golden(environment: ["RECORD_SNAPSHOTS": "1"]).expect(red, matches: "square")
        } matching: { issue in
            issue.severity == .warning && String(describing: issue.comments).contains("recorded the golden image")
        }
        try package.golden().expect(red, matches: "square")

        #expect(try Bitmap.readPNG(from: package.golden().url(named: "square").path) == red)
        #expect(red.width == 80 && red.height == 60)
    }

    @Test("A different frame fails with one line and leaves the actual frame and a difference image in the package's .build")
    func mismatchWritesActualAndDifference() throws {
        let package = try Package()
        try FileManager.default.createDirectory(at: package.snapshots, withIntermediateDirectories: true)
        try frame(Color(hex: 0xFF3B30)).writePNG(to: package.golden().url(named: "square").path)

        try withKnownIssue {
            try package.golden().expect(try frame(Color(hex: 0x34C759)), matches: "square")
        } matching: { issue in
            let text = String(describing: issue.comments)
            return text.contains("square differs from its golden image") && !text.contains("\n")
        }

        let failures = package.root.appendingPathComponent(".build/snapshot-failures")
        #expect(FileManager.default.fileExists(atPath: failures.appendingPathComponent("square.actual.png").path))
        #expect(FileManager.default.fileExists(atPath: failures.appendingPathComponent("square.diff.png").path))
    }

    @Test("In CI a missing golden image fails, and recording is refused: nothing is written beside the tests")
    func refusesToRecordInCI() throws {
        let package = try Package()

        withKnownIssue {
            try package.golden(environment: ["CI": "true"]).expect(try frame(.black), matches: "square")
        }
        try withKnownIssue {
            try package.golden(environment: ["CI": "true", "RECORD_SNAPSHOTS": "1"]).expect(try frame(.black), matches: "square")
        } matching: { issue in
            issue.severity == .error && String(describing: issue.comments).contains("refused in CI")
        }

        #expect(!FileManager.default.fileExists(atPath: package.golden().url(named: "square").path))
    }

    /// A scene that keeps the pointer events it is handed and counts its frames.
    final class PointerLog: Scene {
        let name = "pointer-log"
        let root = Layer()
        let backgroundColor = Color.white
        var events: [PointerEvent] = []
        var frames = 0

        init(context: SceneContext) {
            root.bounds = Rect(origin: .zero, size: context.canvasSize)
            let target = Layer()
            target.name = "target"
            target.frame = Rect(100, 200, 50, 50)
            root.addSublayer(target)
        }

        func update(time: Double) { frames += 1 }
        func handle(_ event: PointerEvent) { events.append(event) }
    }

    /// A scene whose layers are named `names`, one inside the other.
    final class NamedLayers: Scene {
        let name = "named-layers"
        let root = Layer()
        let backgroundColor = Color.white

        init(names: [String]) {
            var parent = root
            for name in names {
                let layer = Layer()
                layer.name = name
                parent.addSublayer(layer)
                parent = layer
            }
        }

        func update(time: Double) {}
        func handle(_ event: PointerEvent) {}
    }

    @Test("A layer name the scene does not have throws one line naming the scene's nearest names, not a crash")
    func missingLayerThrows() throws {
        let h = SceneHarness(settlingFor: 0) { _ in NamedLayers(names: ["background", "card", "Cards", "card.icon", "title"]) }
        let unnamed = SceneHarness(settlingFor: 0) { _ in NamedLayers(names: []) }

        let card = try h.layer("card")
        let missing = #expect(throws: MissingLayer.self) { try h.layer("crad") }
        let inFrame = #expect(throws: MissingLayer.self) { try h.canvasFrame("tilte") }
        let none = #expect(throws: MissingLayer.self) { try unnamed.layer("card") }

        #expect(card.name == "card")
        #expect(missing?.description == #"the scene has no layer named "crad"; its nearest names are "card", "Cards", "title""#)
        #expect(inFrame?.nearestNames.first == "title")
        #expect(none?.description == #"the scene has no layer named "card", and none of its layers has a name"#)
    }

    @Test("A drag sends a move every 1/120 s, runs frames at the harness's rate after them, and ends where it was sent")
    func dragCadence() {
        let h = SceneHarness(framesPerSecond: 60, settlingFor: 0) { PointerLog(context: $0) }

        h.drag(from: Point(10, 10), by: 0, 30, over: 0.25)

        #expect(h.scene.events.map(\.phase) == [.began] + Array(repeating: .moved, count: 30) + [.ended])
        #expect(h.scene.frames == 15 + 1)
        #expect(h.scene.events.last?.location == Point(10, 40))
        #expect(abs(h.time - 0.25) < 1e-9)
    }

    @Test("Playing a script delivers its events at their times on the scene's layers, frames running to its end")
    func playsAScript() throws {
        let h = SceneHarness(settlingFor: 0.1) { PointerLog(context: $0) }
        let script = try InputScriptParser.parse(#"{"steps": [{"wait": 0.2}, {"tap": {"at": {"layer": "target"}}}]}"#)

        let problem = h.play(script)

        #expect(problem == nil)
        #expect(h.scene.events.map(\.phase) == [.began, .ended])
        #expect(h.scene.events.first?.location == Point(125, 225))
        #expect(abs((h.scene.events.first?.timestamp ?? 0) - 0.3) < 1e-9)
        #expect(abs(h.time - (0.1 + script.duration)) < 1e-9)
    }
}
