// docs/writing-a-prototype.md, kept true: its Swift snippets are pasted into a prototype
// made by `kiln new` where the guide says, and its own test command renders the result.
// Needs the Swift toolchain kiln was built with, as `kiln dev` does.
import Foundation
import KilnCore
import KilnRuntime
import KilnEndToEndSupport
import Testing

@Suite("The prototype guide, end to end", .serialized)
struct GuideEndToEndTests {
    @Test("The guide's text, recognizer and sound snippets compile where it says to paste them, and its test command sees two releases, each heard")
    func snippetsCompileAndRun() throws {
        let guide = try Guide()
        let binary = try KilnBinary.locate()
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-guide-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        try ExternalCommand.run(binary, ["new", parent.appendingPathComponent("card").path], timeout: 30)
        let source = parent.appendingPathComponent("card/Card.swift")
        var swift = try String(contentsOf: source, encoding: .utf8)
        let sound = guide.section(8)
        #expect(sound.contains("`import Foundation`"), "the sound step asks for Foundation")

        swift = try paste(guide.swiftBlocks(in: guide.section(3))[0], after: "card.addSublayer(label)", in: swift)
        swift = try paste(guide.swiftBlocks(in: guide.section(4))[0], after: "card.addGestureRecognizer(pan)", in: swift)
        swift = try paste("import Foundation", before: "import Kiln", in: swift)
        swift = try paste("\n" + guide.swiftBlocks(in: sound)[0], after: "import Kiln", in: swift)
        let play = try #require(guide.inlineCode(in: sound, startingWith: "context.audio.play("))
        swift = try paste(play, before: "context.emit(\"card.released\"", in: swift)
        let sounds = try #require(guide.inlineCode(in: sound, startingWith: "static let sounds"))
        swift = try paste(sounds, after: #"static let name = "card""#, in: swift)
        try swift.write(to: source, atomically: true, encoding: .utf8)
        let frame = parent.appendingPathComponent("frame.png")
        let command = try guide.testCommand(folder: parent, frame: frame)
        let rendered = try ExternalCommand.run(binary, command.arguments, timeout: 300)
        // The sound of the whole script: a still's track is its last frame's alone.
        let wav = parent.appendingPathComponent("card.wav")
        let heard = try ExternalCommand.run(binary, ["render", parent.appendingPathComponent("card").path,
                                                     "--script", parent.appendingPathComponent("card/Scripts/demo.json").path,
                                                     "--events", "--scale", "0.25", "--out", parent.appendingPathComponent("frames/").path + "/",
                                                     "--audio-out", wav.path], timeout: 300)

        #expect(rendered.text.split(separator: "\n").filter { $0.contains(command.expected) }.count == 2,
                "stdout: \(rendered.text)\nstderr: \(rendered.stderr)")
        let times = heard.text.split(separator: "\n").filter { $0.contains(command.expected) }.compactMap(Self.time)
        let track = try #require(SoundTrack(wav: try Data(contentsOf: wav)))
        #expect(times.count == 2 && track.duration >= 3.9, "\(heard.text)")
        guard times.count == 2 else { return }
        #expect(track.loudest(from: 0, to: times[0] - 0.05) == 0, "nothing sounds before the first release")
        for time in times {
            #expect(track.loudest(from: time, to: time + 0.08) > 2000, "the pop at \(time) s")
        }
        #expect(track.loudest(from: times[0] + 0.15, to: times[1] - 0.05) == 0, "the pop is short")
        // The line of text sits on the card under its label, light on blue.
        let image = try RGBImage(contentsOf: frame.path)
        let hinted = try renderedFrame(binary, parent, at: 0, script: nil)
        #expect(hinted.lightPixels(x: 120...270, y: 446...472) > 30, "the text of step 3")
        #expect(hinted.lightPixels(x: 120...270, y: 478...488) == 0)
        #expect(image.width == 780, "the guide's frame, at the default two pixels a point")
        // Two quick taps turn the card black.
        let taps = #"{"scene": "card", "steps": [{"wait": 0.3}, {"tap": {"at": {"layer": "card"}}}, {"wait": 0.1}, {"tap": {"at": {"layer": "card"}}}, {"wait": 0.3}]}"#
        let tapped = try renderedFrame(binary, parent, at: 1, script: taps)
        #expect(hinted.isCardBlue(at: 120, 370) && tapped.isBlack(at: 120, 370), "before \(hinted.pixelAt(120, 370)), after \(tapped.pixelAt(120, 370))")
    }

    /// One frame of the prototype at `time`, at one pixel a point, playing `script` if given.
    private func renderedFrame(_ binary: URL, _ parent: URL, at time: Double, script: String?) throws -> RGBImage {
        let png = parent.appendingPathComponent("at-\(time).png").path
        var arguments = ["render", parent.appendingPathComponent("card").path, "--at", "\(time)", "--scale", "1", "--out", png]
        if let script {
            let file = parent.appendingPathComponent("card/Scripts/taps.json")
            try script.write(to: file, atomically: true, encoding: .utf8)
            arguments += ["--script", file.path]
        }
        try ExternalCommand.run(binary, arguments, timeout: 180)
        return try RGBImage(contentsOf: png)
    }

    /// `snippet` as lines after the one holding `anchor`, indented as it is.
    private func paste(_ snippet: String, after anchor: String, in swift: String) throws -> String {
        try insert(snippet, at: anchor, in: swift, offset: 1)
    }

    /// `snippet` as lines before the one holding `anchor`, indented as it is.
    private func paste(_ snippet: String, before anchor: String, in swift: String) throws -> String {
        try insert(snippet, at: anchor, in: swift, offset: 0)
    }

    private func insert(_ snippet: String, at anchor: String, in swift: String, offset: Int) throws -> String {
        var lines = swift.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains(anchor) }, "Card.swift has no line with \(anchor)")
        let indent = String(lines[index].prefix { $0 == " " })
        let pasted = snippet.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }
        lines.insert(contentsOf: pasted, at: index + offset)
        return lines.joined(separator: "\n")
    }

    /// The `t` of an event line.
    private static func time(of line: Substring) -> Double? {
        guard let range = line.range(of: #""t": "#) else { return nil }
        return Double(line[range.upperBound...].prefix { $0 != "," })
    }
}

/// docs/writing-a-prototype.md, by its numbered sections.
private struct Guide {
    let text: String

    init() throws {
        text = try String(contentsOf: ProjectFiles.root.appendingPathComponent("docs/writing-a-prototype.md"), encoding: .utf8)
    }

    /// Section `number`, from its `## N.` heading to the next heading.
    func section(_ number: Int) -> String {
        guard let start = text.range(of: "\n## \(number). ") else { return "" }
        let rest = text[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    /// The fenced code blocks of `language` in `section`.
    func blocks(_ language: String, in section: String) -> [String] {
        section.components(separatedBy: "```" + language + "\n").dropFirst()
            .compactMap { $0.components(separatedBy: "\n```").first }
    }

    func swiftBlocks(in section: String) -> [String] { blocks("swift", in: section) }

    /// The first `inline code` of `section` that starts with `prefix`, joined across a line break.
    func inlineCode(in section: String, startingWith prefix: String) -> String? {
        section.replacingOccurrences(of: "\n", with: " ").components(separatedBy: "`")
            .enumerated().first { $0.offset % 2 == 1 && $0.element.hasPrefix(prefix) }?.element
    }

    /// Section 10's shell test: kiln's arguments, with the folder and the frame under
    /// `folder`, and the text its `grep -q` looks for.
    func testCommand(folder: URL, frame: URL) throws -> (arguments: [String], expected: String) {
        let shell = try #require(blocks("sh", in: section(10)).first).replacingOccurrences(of: "\\\n", with: " ")
        let parts = shell.components(separatedBy: "| grep -q ")
        let expected = try #require(parts.count == 2 ? parts[1].trimmingCharacters(in: .whitespacesAndNewlines) : nil)
        var words = parts[0].split(separator: " ").map(String.init)
        #expect(words.first == "kiln")
        words.removeFirst()
        let arguments = words.map { word in
            if word.hasPrefix("card") { return folder.appendingPathComponent(word).path }
            return word.hasSuffix(".png") ? frame.path : word
        }
        return (arguments, String(expected.dropFirst().dropLast()))
    }
}

extension SoundTrack {
    /// The largest magnitude of any sample between two times, in seconds.
    fileprivate func loudest(from start: Double, to end: Double) -> Int {
        let first = max(0, Int(start * Double(sampleRate))) * 2
        let last = min(frameCount, Int(end * Double(sampleRate))) * 2
        guard first < last else { return 0 }
        return samples[first..<last].map { abs(Int($0)) }.max() ?? 0
    }
}

extension RGBImage {
    fileprivate func pixelAt(_ x: Int, _ y: Int) -> (red: Int, green: Int, blue: Int) {
        let i = (y * width + x) * 3
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
    }

    /// Pixels light enough to be text on the card's blue (whose red is about 10).
    fileprivate func lightPixels(x: ClosedRange<Int>, y: ClosedRange<Int>) -> Int {
        y.reduce(0) { count, row in count + x.filter { pixelAt($0, row).red > 120 }.count }
    }

    fileprivate func isCardBlue(at x: Int, _ y: Int) -> Bool {
        let pixel = pixelAt(x, y)
        return pixel.red < 40 && pixel.blue > 200
    }

    fileprivate func isBlack(at x: Int, _ y: Int) -> Bool {
        let pixel = pixelAt(x, y)
        return pixel.red < 30 && pixel.green < 30 && pixel.blue < 30
    }
}
