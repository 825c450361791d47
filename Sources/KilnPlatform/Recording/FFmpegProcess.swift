// An ffmpeg child process with a pipe to its standard input and its standard error kept.
// This process holds no copy of the pipe's read end: if ffmpeg stops early, a write fails
// with EPIPE instead of blocking for ever. The pipe's write end belongs to one serial queue,
// which writes every frame and closes it after the last: a descriptor closed while another
// thread writes could be reused by the next file opened, and the frames would land there.
// Files Kiln made are handed over as open descriptors 3, 4, …, which ffmpeg opens as
// /proc/self/fd/N: it never opens a name in the output's folder that a link could redirect.
// The child is killed when the thread that started it ends (PR_SET_PDEATHSIG, CProcess), so
// no ffmpeg outlives a Kiln that was killed; the starting thread waits for it (`finish`).
// An ffmpeg ended by SIGINT or another stop that Kiln did not send ends a render the same
// way (`TemporaryFiles.endAsChildEnded`): a Ctrl+C reaches the whole group, ffmpeg often first.
// Limits: Linux; standard output goes to /dev/null; at most 13 descriptors handed over.
import CProcess
import Foundation
import KilnCore
#if canImport(Glibc)
import Glibc
#endif

/// A running ffmpeg that reads raw data on its standard input.
final class FFmpegProcess: @unchecked Sendable {
    private let pid: pid_t
    /// The write end of the pipe into ffmpeg; -1 once closed. Touched only on `writer`.
    private var input: Int32
    /// Whether a write failed, so later ones are skipped. Touched only on `writer`.
    private var isBroken = false
    /// Whether `kill` stopped ffmpeg, so the signal that ended it was Kiln's own.
    private var isKilled = false
    /// Writes into the pipe and closes it, one thing at a time, in the order asked.
    private let writer = DispatchQueue(label: "kiln.ffmpeg-input")
    private let errors: Int32
    private let errorText = Locked<Data>(Data())
    private let errorsRead = DispatchGroup()

    /// Starts `executable` with `arguments`, with `passing`'s descriptors as its 3, 4, …
    /// (named in the arguments by `passedPath`).
    init(executable: URL, arguments: [String], passing: [Int32] = []) throws {
        // A closed pipe must be an error return, not a signal that ends the app.
        signal(SIGPIPE, SIG_IGN)
        var inPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&inPipe) == 0 else { throw Self.failure("cannot make a pipe") }
        guard pipe(&errPipe) == 0 else {
            close(inPipe[0]); close(inPipe[1])
            throw Self.failure("cannot make a pipe")
        }
        // Other children (a second recording's ffmpeg) must not inherit these ends.
        for fd in inPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        let descriptors = [inPipe[0], null, errPipe[1]] + passing
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child = kiln_spawn_tied(executable.path, argv, environ, descriptors, Int32(descriptors.count))
        var spawnError = errno
        // A program file still open for writing somewhere (being installed, or copied in)
        // cannot run for that moment: try again for up to a second.
        for _ in 0..<20 where child <= 0 && spawnError == ETXTBSY {
            usleep(50_000)
            child = kiln_spawn_tied(executable.path, argv, environ, descriptors, Int32(descriptors.count))
            spawnError = errno
        }
        close(inPipe[0])
        close(errPipe[1])
        if null >= 0 { close(null) }
        guard child > 0 else {
            close(inPipe[1]); close(errPipe[0])
            throw PlatformError.io("cannot start \(executable.path): \(String(cString: strerror(spawnError)))")
        }
        pid = child
        input = inPipe[1]
        errors = errPipe[0]
        errorsRead.enter()
        DispatchQueue.global().async { [self] in
            let data = FileHandle(fileDescriptor: errors, closeOnDealloc: true).readDataToEndOfFile()
            errorText.withLock { $0 = data }
            errorsRead.leave()
        }
    }

    /// Queues `bytes` for ffmpeg's standard input and returns at once; `written` then runs on
    /// the writer queue with whether all of them went in (`false` once ffmpeg no longer reads).
    ///
    /// The caller keeps the memory alive and unchanged until `written` runs.
    func write(_ bytes: UnsafeRawBufferPointer, then written: @escaping @Sendable (Bool) -> Void) {
        nonisolated(unsafe) let bytes = bytes
        writer.async { [self] in
            written(writeNow(bytes))
        }
    }

    /// Writes all of `bytes` into the pipe, on the writer queue.
    private func writeNow(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !isBroken, input >= 0 else { return false }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(input, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                isBroken = true
                return false
            }
            offset += n
        }
        return true
    }

    /// Ends the input once every queued write is done, then waits for ffmpeg; returns its exit
    /// status (-1 if it was killed) and the last line it wrote to standard error.
    func finish() -> (status: Int32, message: String) {
        writer.sync { closeInput() }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        errorsRead.wait()
        let text = errorText.withLock { String(decoding: $0, as: UTF8.self) }
        let last = text.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        let signal = status & 0x7f
        // Ended by a signal Kiln did not send: most often the one this process got too, a
        // Ctrl+C or a stop sent to the whole group, which may only be handled after this.
        if signal != 0 && !isKilled { TemporaryFiles.endAsChildEnded(by: signal) }
        let code = signal == 0 ? (status >> 8) & 0xff : -1
        // ffmpeg's own way of ending on a signal it caught: the status 255.
        if code == 255 && !isKilled { TemporaryFiles.awaitSignalOfGroup() }
        return (code, last)
    }

    /// Stops ffmpeg once the queued writes are done.
    func kill() {
        writer.sync {}
        isKilled = true
        Glibc.kill(pid, SIGTERM)
        _ = finish()
    }

    /// Closes the write end; on the writer queue only, after its last write.
    private func closeInput() {
        if input >= 0 { close(input); input = -1 }
    }

    /// How ffmpeg names the `index`th descriptor of `passing`.
    static func passedPath(_ index: Int) -> String { "file:/proc/self/fd/\(3 + index)" }

    private static func failure(_ what: String) -> PlatformError {
        PlatformError.io("\(what): \(String(cString: strerror(errno)))")
    }
}
