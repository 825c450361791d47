import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime

/// What a journal holds, read back: the scene as R would have rendered it.
///
/// A journal cut off by a kill is read up to its last whole line; a line that is not a
/// record ends the reading there too, since what follows it may not fit what came before.
package struct RecoveredSession: Sendable {
    /// The journal read.
    package var path: String
    /// Its first line: the canvas and R's settings.
    package var header: JournalHeader
    /// The scene at the journal's end, with its seed and tuning.
    package var scene: JournalScene
    /// The scene's input log as R replays it: a script from the scene's start.
    package var script: InputScript
    /// Where R's recording started, in the log's time, when one was running.
    package var recordingStart: Double?
    /// The log's last time: its last frame, or its last input if later.
    package var end: Double
    /// The time of the last input, if there was any.
    package var lastInput: Double?
    /// Bytes after the last whole record (a line cut off, or one that is not a record).
    package var unreadBytes: Int

    /// Reads the journal at `path`, a line at a time, each line at most
    /// `JournalLines.maximumLineBytes`; throws `JournalError.unreadable` when not even its
    /// header and a scene can be read.
    package init(path: String) throws {
        // Without blocking: a FIFO named as a journal is refused, not waited on.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw JournalError.unreadable(path: path, reason: "cannot be read: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw JournalError.unreadable(path: path, reason: "is not a regular file")
        }
        var lines = JournalLines(descriptor: descriptor)
        var reading = Reading()
        do {
            while let line = try lines.next(), reading.take(line) {}
        } catch let error as JournalLines.ReadError {
            throw JournalError.unreadable(path: path, reason: "cannot be read: \(error.reason)")
        }
        try self.init(path: path, reading: reading, size: Int(status.st_size))
    }

    /// Reads a journal's bytes; `path` names it.
    package init(path: String, data: Data) throws {
        var reading = Reading()
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let last = lines.removeLast()
        var readsOn = true
        for line in lines where readsOn {
            readsOn = reading.take(line.count > JournalLines.maximumLineBytes ? .tooLong : .whole(Data(line)))
        }
        if readsOn && !last.isEmpty { _ = reading.take(.unfinished(Data(last))) }
        try self.init(path: path, reading: reading, size: data.count)
    }

    /// What the lines read so far hold.
    private struct Reading {
        var header: JournalHeader?
        var scene: JournalScene?
        var inputs: [ScriptOutput] = []
        var recordingStart: Double?
        var lastFrame: Double?
        /// Bytes of the whole records read.
        var read = 0
        /// Why the first line is not a header, when it was too long to be one.
        var isFirstLineTooLong = false
        var isEmpty = true

        /// Takes in `line`; whether to read on. A line counts only with its newline: the
        /// last one may have been cut off mid-write. A line that is no record, or too long
        /// to be one, ends the reading.
        mutating func take(_ line: JournalLines.Line) -> Bool {
            isEmpty = false
            guard case .whole(let bytes) = line else {
                if line == .tooLong && header == nil { isFirstLineTooLong = true }
                return false
            }
            guard let record = JournalRecord(line: Substring(decoding: bytes, as: UTF8.self)) else { return false }
            if header == nil {
                guard case .header(let first) = record else { return false }
                header = first
            }
            switch record {
            case .header:
                break
            case .scene(let made):
                scene = made
                inputs = []
                lastFrame = nil
            case .input(let output):
                inputs.append(output)
            case .frame(let time, _):
                lastFrame = time
            case .recordingStarted(let time):
                recordingStart = time
            case .recordingStopped:
                recordingStart = nil
            }
            read += bytes.count + 1
            return true
        }
    }

    private init(path: String, reading: Reading, size: Int) throws {
        let (header, scene, inputs) = (reading.header, reading.scene, reading.inputs)
        guard let header else {
            let reason = reading.isEmpty ? "is empty"
                : reading.isFirstLineTooLong ? "is damaged: its first line is longer than \(JournalLines.maximumLineBytes / (1024 * 1024)) MB, more than a journal's header takes"
                : "is not a Kiln session journal"
            throw JournalError.unreadable(path: path, reason: reason)
        }
        guard let scene else {
            throw JournalError.unreadable(path: path, reason: "holds no scene (the window closed before one opened)")
        }
        self.path = path
        self.header = header
        self.scene = scene
        var log = ScriptRecorder(scene: scene.scene, device: header.device, seed: scene.seed)
        for input in inputs {
            switch input {
            case .pointer(let event): log.record(event)
            case .key(let key, let time): log.record(key, at: time)
            }
        }
        script = log.script
        self.recordingStart = reading.recordingStart.map { max(0, $0 - scene.origin) }
        lastInput = inputs.last?.time
        end = max(reading.lastFrame ?? 0, lastInput ?? 0)
        unreadBytes = size - reading.read
    }

    /// When the window opened.
    package var started: Date { Date(timeIntervalSince1970: header.started) }

    /// Where the clip starts in the log: R's start, or the scene's when R was not running.
    package var clipStart: Double { recordingStart ?? 0 }

    /// The clip's length in seconds.
    package var clipLength: Double { max(0, end - clipStart) }

    /// The frames R would have rendered, at `fps`.
    package func timing(fps: Double) -> ClipTiming {
        LiveClipSaver.timing(from: clipStart, to: end, fps: fps)
    }

    /// One line for a list: the scene, when, how long, what of it is recovered, the path.
    package var summary: String {
        JournalSummary.line(scene: scene.scene, started: started, clipLength: clipLength, recordingStart: recordingStart,
                            isCutOff: unreadBytes > 0, path: path)
    }
}
