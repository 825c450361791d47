import Foundation
import Kiln
import KilnCore
import PropertyBased
import Testing

/// `kiln recover`'s list: a journal's head and tail say what reading it whole says.
@Suite("Journal summary")
struct JournalSummaryTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-summary-\(UUID().uuidString)").path

    func makeJournal() throws -> SessionJournal {
        try SessionJournal(folder: folder, header: JournalHeader(settings: RecordingSettings(), device: .iPhone14),
                           warn: { _ in })
    }

    /// One thing a window does to its journal, chosen by `kind`, with `value` in 0…1.
    static func apply(_ kind: Int, _ value: Double, to journal: SessionJournal, clock: inout Double, scenes: inout Int) {
        switch kind {
        case 0:
            scenes += 1
            journal.beginScene(JournalScene(scene: ["laser", "mailbox", "gallery"][scenes % 3], seed: UInt64(scenes),
                                            origin: clock, tuning: value < 0.5 ? [] : [TuningSource(name: "t", text: "a = 1\n")]))
        case 1: journal.recordingStarted(at: clock - value)
        case 2: journal.recordingStopped()
        case 3, 4:
            clock += value / 30
            journal.record(.pointer(PointerEvent(phase: .moved, location: Point(value * 300, 1), timestamp: clock)))
        default:
            clock += 1.0 / 60
            journal.endFrame(at: clock)
        }
    }

    @Test("For any run of scenes, input, frames and R's marks, cut off anywhere, the list says what a render reads")
    func summaryMatchesTheWholeReading() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let step = zip(Gen.int(in: 0...9), Gen.double(in: 0...1))
        let runs = zip(step.array(of: 1...400), Gen.double(in: 0...1), Gen.int(in: 0...2))
        var compared = 0
        await propertyCheck(count: 200, input: runs) { run in
            let (steps, cut, rewrite) = run
            let journal = try makeJournal()
            defer { journal.remove() }
            journal.minimumRewriteSize = [512, 4096, 1 << 20][rewrite]
            var clock = 0.0, scenes = 0
            journal.beginScene(JournalScene(scene: "laser", seed: 1, origin: 0, tuning: []))
            // The window's first frame: the scene is on disk from then on.
            journal.endFrame(at: 0)
            for (kind, value) in steps { Self.apply(kind, value, to: journal, clock: &clock, scenes: &scenes) }
            // A kill cuts the file anywhere after its second line.
            var data = try Data(contentsOf: URL(fileURLWithPath: journal.path))
            let secondLine = try #require(data.indices.filter { data[$0] == UInt8(ascii: "\n") }.dropFirst().first)
            data = data.prefix(secondLine + 1 + Int(Double(data.count - secondLine - 1) * cut))
            let copy = journal.path + ".cut.journal"
            try data.write(to: URL(fileURLWithPath: copy))
            defer { unlink(copy) }

            let whole = JournalSummary(try RecoveredSession(path: copy))
            let fromEnds = try JournalSummary.read(copy, tailBytes: 300)

            #expect(fromEnds == whole, "\(steps.count) steps cut at \(cut)")
            compared += 1
        }
        #expect(compared > 0)
    }

    @Test("The list reads a journal's first lines and its end: a journal of gigabytes with nothing read between is listed")
    func listingReadsTheEndsOnly() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = try makeJournal()
        journal.beginScene(JournalScene(scene: "mailbox", seed: 3, origin: 5, tuning: []))
        journal.recordingStarted(at: 6)
        journal.endFrame(at: 7)
        let head = try Data(contentsOf: URL(fileURLWithPath: journal.path))
        let tail = Data((JournalRecord.frame(4000, recordingFrom: 6).line + "\n").utf8)
        // 4 GB with a hole in the middle: reading it whole would take the memory and the time.
        let big = journal.path + ".big.journal"
        try head.write(to: URL(fileURLWithPath: big))
        defer { unlink(big) }
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try file.truncate(atOffset: 1 << 32)
        try file.seekToEnd()
        try file.write(contentsOf: Data("\n".utf8) + tail)
        try file.close()

        let summary = try JournalSummary.read(big)

        #expect(summary.scene == "mailbox")
        #expect(summary.recordingStart == 1)
        #expect(summary.clipLength == 3999)
        #expect(!summary.isCutOff)
    }

    @Test("A journal of the first version is read whole, so its recording mark is found wherever it is")
    func firstVersionIsReadWhole() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var header = JournalHeader(settings: RecordingSettings(), device: .iPhone14)
        header.journal = 1
        var lines = [JournalRecord.header(header).line,
                     JournalRecord.scene(JournalScene(scene: "laser", seed: 1, origin: 0, tuning: [])).line,
                     JournalRecord.recordingStarted(2).line]
        for frame in 0..<5000 { lines.append(#"{"frame":\#(Double(frame) / 60)}"#) }
        let path = folder + "/old.journal"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)

        let summary = try JournalSummary.read(path)

        #expect(summary.recordingStart == 2)
        #expect(summary == JournalSummary(try RecoveredSession(path: path)))
    }

    @Test("A journal whose first line runs 300 MB is listed as damaged in one line, reading no more than a line's cap")
    func hugeFirstLineIsReadToTheCap() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A sparse file: 300 MB of zeros, none a newline, that take no room on disk.
        let path = folder + "/huge.journal"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(#"{"journal":2,"#.utf8)))
        #expect(truncate(path, 300 * 1024 * 1024) == 0)
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var lines = JournalLines(descriptor: descriptor)

        let first = try lines.next()
        let refusal = #expect(throws: JournalError.self) { try JournalSummary.read(path) }

        #expect(first == .tooLong)
        #expect(lines.mostHeld <= JournalLines.maximumLineBytes + 64 * 1024, "held \(lines.mostHeld) bytes")
        #expect(refusal.map { "\($0)" } == "\(path): is damaged: its first line is longer than 4 MB, more than a journal's header takes")
    }

    @Test("Lines are read whole across pieces, a too long one in the middle is skipped, and a cut-off end is kept apart")
    func linesAcrossPieces() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/lines"
        let long = String(repeating: "x", count: 200_000)
        let text = "first\n" + long + "\n\n" + String(repeating: "y", count: 100) + "\n" + long + "z\nlast\ncut"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var lines = JournalLines(descriptor: descriptor, limit: 150_000)

        var read: [JournalLines.Line] = []
        while let line = try lines.next() { read.append(line) }

        #expect(read == [.whole(Data("first".utf8)), .tooLong, .whole(Data()), .whole(Data(String(repeating: "y", count: 100).utf8)),
                         .tooLong, .whole(Data("last".utf8)), .unfinished(Data("cut".utf8))])
    }
}
