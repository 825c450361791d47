import Foundation
import KilnCore
import KilnPlatform
import Testing

/// Files Kiln writes beside an output: planted names, FIFOs, and encoders that write nothing.
@Suite("Hidden files")
struct HiddenFileTests {
    let scratch: URL

    init() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-hidden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    /// An executable shell script in `folder` (the scratch folder by default).
    func script(_ name: String, _ body: String, in folder: URL? = nil) throws -> URL {
        let url = (folder ?? scratch).appendingPathComponent(name)
        try "#!/bin/sh\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    /// A folder anyone may add to, as /tmp is, where `nobody` has planted a link at each of
    /// `names` to a file of its own holding "victim"; the victims' paths.
    func plant(_ names: [String], in shared: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: shared.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.path)
        let victims = names.indices.map { scratch.appendingPathComponent("victim-\($0)") }
        for victim in victims {
            try "victim".write(to: victim, atomically: true, encoding: .utf8)
            chmod(victim.path, 0o666)
        }
        let commands = zip(names, victims).map { "ln -s '\($1.path)' '\(shared.appendingPathComponent($0).path)'" }
        let setpriv = try #require(["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                   "setpriv (util-linux) plants the links as another user")
        // posix_spawn rather than Foundation's Process, whose objects LeakSanitizer reports.
        let line: String = commands.joined(separator: " && ")
        let arguments: [String] = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "/bin/sh", "-c", line]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var planter: pid_t = 0, status: Int32 = 0
        try #require(posix_spawn(&planter, setpriv, nil, nil, argv, environ) == 0)
        while waitpid(planter, &status, 0) < 0 && errno == EINTR {}
        try #require(status == 0, "nobody planted the links")
        return victims
    }

    @Test("Links another user planted at the names a PNG and a video once took are never written through")
    func plantedLinksAreLeftAlone() throws {
        let shared = scratch.appendingPathComponent("shared")
        let pid = getpid()
        let victims = try plant([".frame.png.\(pid).partial", ".clip.mp4.\(pid).partial"], in: shared)
        let png = shared.appendingPathComponent("frame.png"), video = shared.appendingPathComponent("clip.mp4")
        let ffmpeg = try #require(ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .map { "\($0)/ffmpeg" }.first { FileManager.default.isExecutableFile(atPath: $0) }, "ffmpeg is installed")

        try Bitmap(width: 4, height: 4).writePNG(to: png.path)
        let writer = try VideoWriter(ffmpeg: URL(fileURLWithPath: ffmpeg), path: video.path,
                                     output: .video(.mp4, palette: nil), width: 16, height: 16, fps: 30)
        let frame = [UInt8](repeating: 0x80, count: 16 * 16 * 4)
        try frame.withUnsafeBytes { try writer.write($0, pitch: 16 * 4) }
        try writer.finish()

        for victim in victims {
            #expect(try String(contentsOf: victim, encoding: .utf8) == "victim", "\(victim.lastPathComponent) was written through")
        }
        for output in [png, video] {
            let attributes = try FileManager.default.attributesOfItem(atPath: output.path)
            #expect(attributes[.type] as? FileAttributeType == .typeRegular, "\(output.lastPathComponent) is the planted link")
            #expect((attributes[.size] as? Int ?? 0) > 0)
        }
    }

    @Test("An encoder that exits 0 without writing fails the video and leaves the existing file as it was")
    func encoderThatWritesNothing() throws {
        let ffmpeg = try script("ffmpeg", "cat > /dev/null\nexit 0")
        let keep = scratch.appendingPathComponent("keep.mp4")
        try "an earlier take".write(to: keep, atomically: true, encoding: .utf8)
        let writer = try VideoWriter(ffmpeg: ffmpeg, path: keep.path, output: .video(.mp4, palette: nil),
                                     width: 16, height: 16, fps: 30)
        let frame = [UInt8](repeating: 0x80, count: 16 * 16 * 4)
        try frame.withUnsafeBytes { try writer.write($0, pitch: 16 * 4) }

        let failure = #expect(throws: PlatformError.self) { try writer.finish() }

        #expect("\(failure.map { "\($0)" } ?? "")".contains("ffmpeg wrote nothing for \(keep.path)"))
        #expect(try String(contentsOf: keep, encoding: .utf8) == "an earlier take")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["ffmpeg", "keep.mp4"])
    }

    @Test("Where ffprobe sits beside ffmpeg, a file it cannot read is refused and the existing one kept")
    func encoderThatWritesJunk() throws {
        let ffprobe = try #require(["/usr/bin/ffprobe", "/usr/local/bin/ffprobe"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }, "ffprobe is installed")
        let tools = scratch.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tools.appendingPathComponent("ffprobe").path,
                                                   withDestinationPath: ffprobe)
        // The output is the last argument; the stand-in writes text where a video should be.
        let ffmpeg = try script("ffmpeg", "for a; do out=$a; done\ncat > /dev/null\necho junk > \"${out#file:}\"", in: tools)
        let keep = scratch.appendingPathComponent("keep.mp4")
        try "an earlier take".write(to: keep, atomically: true, encoding: .utf8)
        let writer = try VideoWriter(ffmpeg: ffmpeg, path: keep.path, output: .video(.mp4, palette: nil),
                                     width: 16, height: 16, fps: 30)

        let failure = #expect(throws: PlatformError.self) { try writer.finish() }

        #expect("\(failure.map { "\($0)" } ?? "")".contains("ffmpeg wrote a file ffprobe cannot read"))
        #expect(try String(contentsOf: keep, encoding: .utf8) == "an earlier take")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["keep.mp4", "tools"])
    }

    @Test("A read-only file named as an output is refused in one line and left as it was, even for root")
    func readOnlyOutputIsRefused() throws {
        let keep = scratch.appendingPathComponent("keep.png")
        try Data("mine".utf8).write(to: keep)
        try #require(chmod(keep.path, 0o444) == 0)

        let refusal = #expect(throws: PlatformError.self) { try OutputFile.write(Data("new".utf8), to: keep.path) }

        #expect(refusal.map { "\($0)" } == "cannot write \(keep.path): it is read-only (mode 444); nothing was written over it")
        #expect(OutputFile.refusal(replacing: keep.path) != nil)
        #expect(try Data(contentsOf: keep) == Data("mine".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["keep.png"])
    }

    @Test("A file written over keeps its mode, and for root its owner and group")
    func replacedFileKeepsModeAndOwner() throws {
        let own = scratch.appendingPathComponent("own.png")
        try Data("old".utf8).write(to: own)
        try #require(chmod(own.path, 0o600) == 0)
        let theirs = scratch.appendingPathComponent("theirs.png")
        try Data("old".utf8).write(to: theirs)
        try #require(chmod(theirs.path, 0o640) == 0)
        let isRoot = geteuid() == 0
        if isRoot { try #require(chown(theirs.path, 65534, 65534) == 0) }

        try OutputFile.write(Data("new".utf8), to: own.path)
        try OutputFile.write(Data("new".utf8), to: theirs.path)

        var status = stat()
        #expect(stat(own.path, &status) == 0 && status.st_mode & 0o7777 == 0o600, "mode \(String(status.st_mode & 0o7777, radix: 8))")
        #expect(stat(theirs.path, &status) == 0 && status.st_mode & 0o7777 == 0o640, "mode \(String(status.st_mode & 0o7777, radix: 8))")
        if isRoot { #expect(status.st_uid == 65534 && status.st_gid == 65534, "owner \(status.st_uid):\(status.st_gid)") }
        #expect(try Data(contentsOf: own) == Data("new".utf8))
    }

    @Test("A FIFO named as a PNG's output is written to and stays a FIFO; as a video's, it is refused")
    func fifoOutputs() throws {
        let fifo = scratch.appendingPathComponent("out.png")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        let read = Locked<Data?>(nil)
        let reader = Thread {
            let bytes = FileHandle(forReadingAtPath: fifo.path)?.readDataToEndOfFile()
            read.withLock { $0 = bytes }
        }
        reader.start()
        let video = scratch.appendingPathComponent("out.mp4")
        try #require(mkfifo(video.path, 0o600) == 0)

        try Bitmap(width: 4, height: 4).writePNG(to: fifo.path)
        let refusal = #expect(throws: PlatformError.self) {
            try VideoWriter(ffmpeg: URL(fileURLWithPath: "/bin/true"), path: video.path,
                            output: .video(.mp4, palette: nil), width: 16, height: 16, fps: 30)
        }

        let deadline = Date().addingTimeInterval(10)
        while read.withLock({ $0 }) == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let bytes = try #require(read.withLock { $0 })
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "the reader got a PNG")
        for path in [fifo.path, video.path] {
            #expect(isFIFO(path), "\(path) was replaced")
        }
        #expect("\(refusal.map { "\($0)" } ?? "")" == "cannot write \(video.path): a video needs a regular file, not a FIFO or device")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["out.mp4", "out.png"])
    }

    private func isFIFO(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
    }
}
