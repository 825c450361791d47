// The window's input log, kept on disk as the session runs, so that a crash or a kill does
// not lose a performance R was about to save (`kiln recover`). One JSON line a record; what
// a frame brings is written with one write(2) at the frame's end, so a SIGKILL loses at
// most the frame being drawn (nothing is synced to the disk: a power cut may lose more).
// The file is locked (flock) while its window runs: a journal whose lock is free was left
// by a process that is gone.
// Limits: one writer per file, on the window's thread.
import Foundation
import KilnCore
import KilnRuntime

/// The journal of one running window: the scene's input log and R's marks, appended frame
/// by frame, removed when the window closes cleanly.
///
/// R renders a recording again from the scene's start, replaying its whole input log, so
/// the journal keeps all of the current scene's input; what it drops is what R can no
/// longer use: earlier scenes (and the scene before a retune) and all but the last frame
/// mark. The file is rewritten without them once it is twice the size of what is kept.
package final class SessionJournal {
    /// Where the journal is.
    package let path: String
    private var descriptor: Int32
    private let header: String
    /// The current scene's record and its input, as lines: what a rewrite keeps.
    private var kept: [UInt8]
    /// Lines not written yet.
    private var pending: [UInt8] = []
    private var recordingStart: Double?
    private var lastFrame: Double?
    /// A scene began since the last frame: the frame's end rewrites the file.
    private var sceneBegan = false
    /// Bytes in the file.
    package private(set) var fileSize = 0
    /// Bytes a rewrite keeps: the header, the scene, its input, R's mark and the last frame.
    package var liveSize: Int { kept.count + marks.count }
    /// The file is never rewritten below this size: a small one costs nothing to keep.
    package var minimumRewriteSize = 64 * 1024
    private var warn: (String) -> Void
    private var isBroken = false

    /// Starts `kiln-PID-YYYYMMDD-HHMMSS.journal` in `folder` (made if missing) with `header`.
    package init(folder: String, header: JournalHeader, warn: @escaping (String) -> Void = { Console.warn($0) }) throws {
        if let reason = Self.makeFolder(folder) { throw JournalError.cannotWrite(path: folder, reason: reason) }
        let stamp = JournalFolder.fileStamp(Date(timeIntervalSince1970: header.started))
        var name = "kiln-\(header.pid)-\(stamp)"
        // One window a process, but a process may open a second within the same second.
        var count = 1
        while FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(name + ".journal")) {
            count += 1
            name = "kiln-\(header.pid)-\(stamp)-\(count)"
        }
        path = (folder as NSString).appendingPathComponent(name + ".journal")
        self.header = JournalRecord.header(header).line + "\n"
        self.warn = warn
        kept = Array(self.header.utf8)
        descriptor = -1
        descriptor = try writeLocked(Array(self.header.utf8))
        fileSize = self.header.utf8.count
    }

    /// The journal of a window about to open, in the user's journal folder (`JournalFolder`);
    /// `nil`, after one line saying why, when none can be kept: the window runs without.
    package static func startForWindow(settings: RecordingSettings, device: DevicePreset,
                                      folder: JournalFolder = JournalFolder()) -> SessionJournal? {
        do {
            return try SessionJournal(folder: folder.path, header: JournalHeader(settings: settings, device: device))
        } catch {
            Console.warn("no session journal (\(error)): a crash would lose what is done in the window")
            return nil
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// A scene made afresh: its log starts over, and what came before is no use to R.
    ///
    /// The file is rewritten at the frame's end, so that the scene in force is always its
    /// second line: a list of journals reads a journal's head and tail, never all of it.
    package func beginScene(_ scene: JournalScene) {
        let line = Array((JournalRecord.scene(scene).line + "\n").utf8)
        kept = Array(header.utf8) + line
        pending += line
        sceneBegan = true
    }

    /// Input the scene's log recorded.
    package func record(_ output: ScriptOutput) {
        let line = Array((JournalRecord.input(output).line + "\n").utf8)
        kept += line
        pending += line
    }

    /// R started a recording at window scene time `time`.
    package func recordingStarted(at time: Double) {
        recordingStart = time
        pending += Array((JournalRecord.recordingStarted(time).line + "\n").utf8)
    }

    /// R ended the recording (it is being saved).
    package func recordingStopped() {
        recordingStart = nil
        pending += Array((JournalRecord.recordingStopped.line + "\n").utf8)
    }

    /// The frame at `time` of the scene's log is drawn: what is new goes to the file, with
    /// a mark of the frame, and the file is rewritten when it has grown past twice what it keeps.
    package func endFrame(at time: Double) {
        guard !isBroken else { return }
        lastFrame = time
        pending += Array((JournalRecord.frame(time, recordingFrom: recordingStart).line + "\n").utf8)
        do {
            if sceneBegan {
                // What is pending is all in what a rewrite keeps.
                sceneBegan = false
                pending.removeAll(keepingCapacity: true)
                try rewrite()
                return
            }
            try Self.writeAll(pending, to: descriptor)
            fileSize += pending.count
            pending.removeAll(keepingCapacity: true)
            if fileSize > max(minimumRewriteSize, 2 * liveSize) { try rewrite() }
        } catch {
            isBroken = true
            warn("the session journal \(path) stopped: \(error); a crash now would lose what follows")
        }
    }

    /// The window's thread is stuck in scene code and the process is about to end: the
    /// journal stays as it is on disk, up to the last whole frame, for `kiln recover`.
    /// What the stuck frame brought is left out: replaying it would hang the render too.
    package func endAfterHang() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        isBroken = true
    }

    /// The window closed cleanly: nothing is left to recover.
    package func remove() {
        unlink(path)
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        isBroken = true
    }

    /// R's open recording and the last frame, as lines.
    private var marks: [UInt8] {
        var lines = ""
        if let recordingStart { lines += JournalRecord.recordingStarted(recordingStart).line + "\n" }
        if let lastFrame { lines += JournalRecord.frame(lastFrame, recordingFrom: recordingStart).line + "\n" }
        return Array(lines.utf8)
    }

    /// Writes what is kept to a new file, locked, that takes the journal's place at once:
    /// a kill at any moment leaves one whole journal under its name.
    private func rewrite() throws {
        let bytes = kept + marks
        let replacement = try writeLocked(bytes)
        close(descriptor)
        descriptor = replacement
        fileSize = bytes.count
    }

    /// A new file with `bytes`, locked, renamed to `path`; its descriptor, for appending.
    private func writeLocked(_ bytes: [UInt8]) throws -> Int32 {
        let folder = (path as NSString).deletingLastPathComponent
        let hidden = (folder as NSString).appendingPathComponent("." + (path as NSString).lastPathComponent + ".new")
        let file = open(hidden, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw JournalError.cannotWrite(path: hidden, reason: String(cString: strerror(errno))) }
        do {
            guard flock(file, LOCK_EX | LOCK_NB) == 0 else {
                throw JournalError.cannotWrite(path: hidden, reason: String(cString: strerror(errno)))
            }
            try Self.writeAll(bytes, to: file)
            guard rename(hidden, path) == 0 else {
                throw JournalError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
            }
        } catch {
            close(file)
            unlink(hidden)
            throw error
        }
        return file
    }

    /// Makes `folder` and the folders it is in that are missing, each readable by the user
    /// only; nil when done, else why not in the system's words ("Not a directory").
    private static func makeFolder(_ folder: String) -> String? {
        var path = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            path += "/" + part
            if mkdir(path, 0o700) != 0 && errno != EEXIST { return String(cString: strerror(errno)) }
        }
        var status = stat()
        guard stat(folder, &status) == 0 else { return String(cString: strerror(errno)) }
        return status.st_mode & S_IFMT == S_IFDIR ? nil : String(cString: strerror(ENOTDIR))
    }

    private static func writeAll(_ bytes: [UInt8], to file: Int32) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(file, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw JournalError.cannotWrite(path: "", reason: String(cString: strerror(errno)))
                }
                offset += written
            }
        }
    }
}

/// Why a journal could not be kept or read.
package enum JournalError: Error, CustomStringConvertible, Equatable {
    /// The journal at `path` could not be made or written, for `reason`.
    case cannotWrite(path: String, reason: String)
    /// The journal at `path` could not be read as one, for `reason`.
    case unreadable(path: String, reason: String)

    package var description: String {
        switch self {
        case .cannotWrite(let path, let reason): path.isEmpty ? reason : "cannot write \(path): \(reason)"
        case .unreadable(let path, let reason): "\(path): \(reason)"
        }
    }
}
