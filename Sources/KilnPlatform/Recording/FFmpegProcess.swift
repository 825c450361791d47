// An ffmpeg child process with a pipe to its standard input (and, when asked, more pipes it
// reads as further inputs) and its standard error kept. This process holds no copy of a
// pipe's read end: if ffmpeg stops early, a write fails with EPIPE instead of blocking for
// ever. Each pipe's write end belongs to its own serial queue (`FeedPipe`).
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
    /// The pipes ffmpeg reads: its standard input, then the further ones.
    private let inputs: [FeedPipe]
    /// Whether `kill` stopped ffmpeg, so the signal that ended it was Kiln's own.
    private var isKilled = false
    private let errors: Int32
    private let errorText = Locked<Data>(Data())
    private let errorsRead = DispatchGroup()

    /// Starts `executable` with `arguments`, with `passing`'s descriptors as its 3, 4, …
    /// (named in the arguments by `passedPath`), and `pipes` more pipes after them (named by
    /// `pipePath`).
    init(executable: URL, arguments: [String], passing: [Int32] = [], pipes: Int = 0) throws {
        // A closed pipe must be an error return, not a signal that ends the app.
        signal(SIGPIPE, SIG_IGN)
        var made: [[Int32]] = []
        for _ in 0..<(pipes + 2) {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                let failure = Self.failure("cannot make a pipe")
                made.joined().forEach { close($0) }
                throw failure
            }
            // Other children (a second recording's ffmpeg) must not inherit these ends.
            for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            made.append(ends)
        }
        let inPipe = made[0], errPipe = made[1], extra = made.dropFirst(2)
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        let descriptors = [inPipe[0], null, errPipe[1]] + passing + extra.map { $0[0] }
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
        for ends in made where ends != errPipe { close(ends[0]) }
        close(errPipe[1])
        if null >= 0 { close(null) }
        guard child > 0 else {
            for ends in made where ends != errPipe { close(ends[1]) }
            close(errPipe[0])
            throw PlatformError.io("cannot start \(executable.path): \(String(cString: strerror(spawnError)))")
        }
        pid = child
        inputs = ([inPipe] + extra).enumerated().map { index, ends in
            FeedPipe(writeEnd: ends[1], label: "kiln.ffmpeg-input-\(index)")
        }
        errors = errPipe[0]
        errorsRead.enter()
        DispatchQueue.global().async { [self] in
            let data = FileHandle(fileDescriptor: errors, closeOnDealloc: true).readDataToEndOfFile()
            errorText.withLock { $0 = data }
            errorsRead.leave()
        }
    }

    /// Queues `bytes` for ffmpeg's standard input and returns at once; `released` then runs,
    /// once ffmpeg no longer needs the memory, with whether all of them went in (`false` once
    /// ffmpeg no longer reads). The caller keeps the memory alive and unchanged until then
    /// (`FeedPipe.write`).
    func write(_ bytes: UnsafeRawBufferPointer, then released: @escaping @Sendable (Bool) -> Void) {
        inputs[0].write(bytes, then: released)
    }

    /// Queues a copy of `data` for the further pipe `index` (0 for the first after standard input).
    func write(_ data: [UInt8], toPipe index: Int) {
        inputs[1 + index].write(data)
    }

    /// Ends the input once every queued write is done, then waits for ffmpeg; returns its exit
    /// status (-1 if it was killed) and the last line it wrote to standard error.
    func finish() -> (status: Int32, message: String) {
        // The further pipes end first: ffmpeg waiting for the end of one of them must not keep
        // the frames' pipe full while it is drained.
        for input in inputs.reversed() { input.close() }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // ffmpeg has read all it ever will: whatever a pipe was lent is free again.
        for input in inputs { input.giveBackAll() }
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
        for input in inputs.dropFirst() { input.close() }
        inputs[0].drain()
        isKilled = true
        Glibc.kill(pid, SIGTERM)
        _ = finish()
    }

    /// How ffmpeg names the `index`th descriptor of `passing`.
    static func passedPath(_ index: Int) -> String { "file:/proc/self/fd/\(3 + index)" }

    /// How ffmpeg names the further pipe `index`, after `passing` descriptors handed over.
    static func pipePath(_ index: Int, after passing: Int) -> String { "pipe:\(3 + passing + index)" }

    private static func failure(_ what: String) -> PlatformError {
        PlatformError.io("\(what): \(String(cString: strerror(errno)))")
    }
}
