import Foundation
import KilnEndToEndSupport
import Testing

/// `--evemu` as users meet it: a recording drives the scene offline; a bad one is one clear line.
@Suite("Evemu on the command line")
struct EvemuCommandLineTests {
    let kiln: URL
    let scratch: URL
    let tablets = ProjectFiles.tablets

    init() throws {
        kiln = try KilnBinary.locate()
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-evemu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String]) throws -> CommandOutput {
        try ExternalCommand.run(kiln, arguments, timeout: 120, allowFailure: true)
    }

    @Test("Rendering the pressure scene with the Cintiq recording selects the ring, events on stdout")
    func renderWithRecording() throws {
        let recording = tablets.appendingPathComponent("Wacom-Cintiq-13HD-touch-Pen.events").path

        let result = try run(["render", "pressure", "--evemu", recording, "--events", "--scale", "0.5",
                              "--out", scratch.appendingPathComponent("frames").path + "/"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains(#""event": "ring.began", "source": "evemu""#))
        #expect(result.text.contains(#""event": "ring.selected""#))
        let frames = try FileManager.default.contentsOfDirectory(atPath: scratch.appendingPathComponent("frames").path)
        // 0.5 s lead-in, the pen's last event 0.422 s into the recording, then 1 s: 1.922 s at 60 fps.
        #expect(frames.count == 115)
    }

    @Test("An events-only recording without its description is one line naming A: 18 and the fix")
    func eventsOnly() throws {
        let recording = tablets.appendingPathComponent("Wacom-Intuos4-6x9.stylus-tap.events").path

        let result = try run(["render", "pressure", "--evemu", recording, "--out", scratch.path + "/x.png"])

        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(result.stderr.contains("no `A: 18` line"))
        #expect(result.stderr.contains("--evemu-description"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/x.png"))
    }

    @Test("With its description, the events-only recording plays")
    func eventsWithDescription() throws {
        let result = try run(["render", "pressure", "--events", "--at", "1.5",
                              "--evemu", tablets.appendingPathComponent("Wacom-Intuos4-6x9.stylus-tap.events").path,
                              "--evemu-description", tablets.appendingPathComponent("Wacom-Intuos4-6x9-Pen.desc").path,
                              "--out", scratch.path + "/tap.png"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("ring.selected"))
    }

    @Test("A script and a recording together are refused")
    func scriptAndRecording() throws {
        let script = scratch.appendingPathComponent("s.json")
        try #"{"scene": "pressure", "steps": [{"wait": 0.1}]}"#.write(to: script, atomically: true, encoding: .utf8)

        let result = try run(["render", "pressure", "--script", script.path,
                              "--evemu", tablets.appendingPathComponent("Wacom-Cintiq-13HD-touch-Pen.events").path,
                              "--out", scratch.path + "/x.png"])

        #expect(result.status == 1)
        #expect(result.stderr.contains("not both"))
    }

    @Test("--evemu-cut cuts the drag off mid-press: the ring falls back to time, is selected, then cancelled")
    func cutMidPress() throws {
        let result = try run(["render", "pressure", "--events", "--at", "6",
                              "--evemu", tablets.appendingPathComponent("Wacom-Intuos4-6x9.stylus-drag.events").path,
                              "--evemu-description", tablets.appendingPathComponent("Wacom-Intuos4-6x9-Pen.desc").path,
                              "--evemu-cut", "0.31", "--out", scratch.path + "/cut.png"])

        let names = result.text.split(separator: "\n").compactMap { line -> String? in
            guard let name = line.range(of: #""event": ""#) else { return nil }
            return String(line[name.upperBound...].prefix { $0 != "\"" })
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(names == ["ring.began", "ring.fallback", "ring.selected", "ring.cancelled"], "\(result.text)")
        #expect(result.text.contains(#""t": 0.810, "event": "ring.fallback", "lost": "evemu""#))
    }

    /// Renders the gallery at `time` with the touchscreen recording `name` and `--capture`, then
    /// with the captured script; returns the script's text and whether both frames are the same.
    func replayAndCapture(_ name: String, at time: String) throws -> (script: String, sameFrame: Bool) {
        let capture = scratch.appendingPathComponent("\(name).json").path
        let recording = tablets.appendingPathComponent(name).path

        let replayed = try run(["render", "gallery", "--evemu", recording, "--capture", capture, "--touches",
                                "--at", time, "--scale", "0.5", "--out", scratch.path + "/replayed.png"])
        let scripted = try run(["render", "gallery", "--script", capture, "--touches",
                                "--at", time, "--scale", "0.5", "--out", scratch.path + "/scripted.png"])

        #expect(replayed.status == 0 && scripted.status == 0, "\(replayed.stderr)\(scripted.stderr)")
        let frames = try [scratch.path + "/replayed.png", scratch.path + "/scripted.png"].map {
            try Data(contentsOf: URL(fileURLWithPath: $0))
        }
        return (try String(contentsOfFile: capture, encoding: .utf8), frames[0] == frames[1])
    }

    @Test("A touchscreen replay captured with --capture is a script of both fingers that renders the same frame")
    func touchscreenCapture() throws {
        let (script, sameFrame) = try replayAndCapture("Kiln-Touchscreen-B.pinch.events", at: "0.7")

        #expect(script.contains(#""t": 0.5, "phase": "began", "x": 156, "y": 422, "pointer": "touch", "id": 10"#))
        #expect(script.contains(#""t": 0.512, "phase": "began", "x": 234, "y": 422, "pointer": "touch", "id": 11"#))
        #expect(script.components(separatedBy: #""phase": "ended""#).count == 3)
        #expect(sameFrame)
    }

    @Test("A protocol-A screen with no property set replays as two fingers, and its capture renders the same frame")
    func touchscreenWithoutPropertiesCapture() throws {
        let (script, sameFrame) = try replayAndCapture("Kiln-Touchscreen-A-no-properties.pinch.events", at: "0.6")

        // The screen's 240 × 180 mm at 1.625 points a millimetre, 275.75 points from the top.
        #expect(script.contains(#""phase": "began", "x": 121.875, "y": 373.25, "pointer": "touch", "id": 10"#))
        #expect(script.contains(#""t": 0.508, "phase": "began", "x": 268.125, "y": 470.75, "pointer": "touch", "id": 11"#))
        // At 0.6 s both are still down, closing in: the first has moved 450 and 300 units.
        #expect(script.contains(#""phase": "moved", "x": 140.15625, "y": 385.4375, "pointer": "touch", "id": 10"#))
        #expect(!script.contains(#""phase": "ended""#))
        #expect(sameFrame)
    }

    @Test("--evemu-cut without a recording, or with a negative time, is one line and exit status 1",
          arguments: [["--evemu-cut", "0.5"], ["--evemu-cut=-1", "--evemu", "x.events"]])
    func cutMisused(arguments: [String]) throws {
        let result = try run(["render", "pressure", "--out", scratch.path + "/no.png"] + arguments)

        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("kiln: --evemu-cut "))
    }
}
