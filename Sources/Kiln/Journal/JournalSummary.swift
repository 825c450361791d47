import Foundation

/// What `kiln recover` lists of a journal, read from its head and its tail only, so that a
/// list of many long journals takes no longer than one of short ones.
///
/// A journal of version 2 keeps the scene in force as its second line (the window rewrites
/// the file when a scene begins), and each frame mark names R's running recording; the last
/// frame mark and what follows it then tell the clip's length. A journal of version 1, or a tail
/// without a frame mark, is read whole, as `kiln recover --render` reads it.
package struct JournalSummary: Sendable, Equatable {
    /// The journal read.
    package var path: String
    /// The scene in force at the journal's end.
    package var scene: String
    /// When the window opened.
    package var started: Date
    /// The clip's length in seconds, as `RecoveredSession.clipLength`.
    package var clipLength: Double
    /// Where R's running recording started, in the scene's time, if one was running.
    package var recordingStart: Double?
    /// Whether the journal ends in bytes that are no whole record.
    package var isCutOff: Bool

    /// How much of a journal's end is read for its last frame mark: many frames' worth.
    package static let tailBytes = 64 * 1024

    /// The summary of the journal at `path`; throws as `RecoveredSession` does when not even
    /// its header and a scene can be read.
    /// `tailBytes` is how much of its end is read (a test makes it small).
    package static func read(_ path: String, tailBytes: Int = JournalSummary.tailBytes) throws -> JournalSummary {
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw JournalError.unreadable(path: path, reason: "cannot be read: \(String(cString: strerror(errno)))")
        }
        defer { try? file.close() }
        let size = Int((try? file.seekToEnd()) ?? 0)
        let whole = { () throws -> JournalSummary in JournalSummary(try RecoveredSession(path: path)) }
        // A short journal costs no more to read whole, and is then read exactly as a render reads it.
        guard size > tailBytes else { return try whole() }
        try? file.seek(toOffset: 0)
        // Each of the first two lines is read up to a line's cap: a longer one is said by the whole reading.
        var lines = JournalLines(descriptor: file.fileDescriptor)
        guard case .whole(let first)? = try? lines.next(), case .whole(let second)? = try? lines.next(),
              case .header(let header)? = JournalRecord(line: Substring(decoding: first, as: UTF8.self)),
              case .scene(let scene)? = JournalRecord(line: Substring(decoding: second, as: UTF8.self)),
              header.journal >= 2
        else { return try whole() }
        try? file.seek(toOffset: UInt64(size - tailBytes))
        let tail = (try? file.readToEnd()) ?? Data()
        guard let end = end(of: tail) else { return try whole() }
        let recordingStart = end.recordingStart.map { max(0, $0 - scene.origin) }
        return JournalSummary(path: path, scene: scene.scene, started: Date(timeIntervalSince1970: header.started),
                              clipLength: max(0, end.time - (recordingStart ?? 0)), recordingStart: recordingStart,
                              isCutOff: end.isCutOff)
    }

    init(path: String, scene: String, started: Date, clipLength: Double, recordingStart: Double?, isCutOff: Bool) {
        self.path = path
        self.scene = scene
        self.started = started
        self.clipLength = clipLength
        self.recordingStart = recordingStart
        self.isCutOff = isCutOff
    }

    /// The summary of a journal read whole.
    package init(_ session: RecoveredSession) {
        path = session.path
        scene = session.scene.scene
        started = session.started
        clipLength = session.clipLength
        recordingStart = session.recordingStart
        isCutOff = session.unreadBytes > 0
    }

    /// What a journal's last bytes tell: its last frame mark and the records after it.
    private struct End {
        var time: Double
        var recordingStart: Double?
        var isCutOff: Bool
    }

    /// The end of a journal from `tail`, its last bytes (the first line of which may be
    /// cut): nil when they hold no frame mark, or a record after it that they cannot place.
    private static func end(of tail: Data) -> End? {
        var lines = tail.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let unfinished = lines.removeLast()
        var after: [JournalRecord] = []
        for line in lines.dropFirst().reversed() {
            guard let record = JournalRecord(line: Substring(decoding: line, as: UTF8.self)) else {
                // A line that is no record ends a render's reading: only the whole journal says where.
                return nil
            }
            guard case .frame(let time, let recording) = record else {
                after.append(record)
                continue
            }
            var end = End(time: time, recordingStart: recording, isCutOff: !unfinished.isEmpty)
            for record in after.reversed() {
                switch record {
                case .input(let output): end.time = max(end.time, output.time)
                case .recordingStarted(let start): end.recordingStart = start
                case .recordingStopped: end.recordingStart = nil
                case .scene, .header, .frame:
                    // A scene begun after the last frame mark starts a log this tail cannot see whole.
                    return nil
                }
            }
            return end
        }
        return nil
    }

    /// The summary as `kiln recover` lists it.
    package var line: String {
        Self.line(scene: scene, started: started, clipLength: clipLength, recordingStart: recordingStart,
                  isCutOff: isCutOff, path: path)
    }

    /// One line for a list: the scene, when, how long, what of it is recovered, the path.
    static func line(scene: String, started: Date, clipLength: Double, recordingStart: Double?, isCutOff: Bool,
                     path: String) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        var line = "\(scene)  \(formatter.string(from: started))  " + String(format: "%.1f s", clipLength)
        if let recordingStart { line += String(format: " (recording from %.1f s)", recordingStart) }
        if isCutOff { line += " (cut off; read to its last whole record)" }
        return line + "  " + path
    }
}
