import ArgumentParser
import Foundation
import KilnPlatform

/// `kiln recover`: what a window that crashed or was killed left in its journal: listed,
/// rendered as R would have rendered it, or discarded.
struct Recover: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List what crashed windows left; render one as R would have, or discard it.",
        discussion: """
            A window keeps what is done in it in a journal under $XDG_STATE_HOME/kiln \
            (~/.local/state/kiln), removed when it closes. What a crash or a kill leaves is \
            listed newest first; --render renders R's recording if one was running, else \
            everything since the scene opened. A prototype's scene is compiled from its             folder as it is now: fix the code that crashed, then render.
            """)

    @Option(help: "Render the session into FILE.mp4, FILE.webm, FILE.gif or DIR/ (PNG frames at 60 fps), as R would have.")
    var render: String?

    @Option(help: "Which session: its number in the list, or a journal's path (default: 1, the newest).")
    var journal: String?

    @Flag(help: "Remove the session's journal (after --render, once the render is written).")
    var discard = false

    @Flag(help: "Leave the video's sound track out.")
    var mute = false

    func run() throws {
        // Ctrl+C during --render leaves nothing half-made beside the output.
        TemporaryFiles.removeOnInterrupt()
        let folder = JournalFolder()
        let left = folder.leftJournals()
        guard render != nil || discard || journal != nil else { return list(left, in: folder) }
        let path = try chosen(from: left, in: folder)
        if let render {
            let session: RecoveredSession
            do { session = try RecoveredSession(path: path) } catch {
                warn("\(error)")
                throw ExitCode(1)
            }
            try write(session, to: render)
        }
        if discard { try remove(path) }
    }

    /// One line per journal left, numbered for --journal; one line when there is none.
    private func list(_ paths: [String], in folder: JournalFolder) {
        guard !paths.isEmpty else {
            return warn("no crashed session to recover (no journal left in \(folder.path))")
        }
        for (index, path) in paths.enumerated() {
            do {
                print("\(index + 1)  \(try JournalSummary.read(path).line)")
            } catch {
                print("\(index + 1)  cannot be read: \(error)")
            }
        }
    }

    /// The journal `--journal` names: a number in the list, or a path.
    private func chosen(from left: [String], in folder: JournalFolder) throws -> String {
        let choice = journal ?? "1"
        if let number = Int(choice) {
            guard number >= 1, number <= left.count else {
                warn(left.isEmpty ? "no crashed session to recover (no journal left in \(folder.path))"
                     : "there \(left.count == 1 ? "is 1 session" : "are \(left.count) sessions") to recover, not \(number); kiln recover lists them")
                throw ExitCode(1)
            }
            return left[number - 1]
        }
        guard FileManager.default.fileExists(atPath: choice), !OutputPath.isFolder(choice) else {
            warn("\(choice): no such journal")
            throw ExitCode(1)
        }
        return choice
    }

    private func write(_ session: RecoveredSession, to out: String) throws {
        try checkLength(of: session, for: out)
        // A prototype's scene: its folder is compiled again, as it is now.
        if !session.hasKnownScene, let folder = session.scene.folder, PrototypeFolder.isPrototype(folder) {
            _ = try resolveScene(folder)
        }
        guard session.hasKnownScene else {
            warn("\(session.path): its scene '\(session.scene.scene)' is not one Kiln has")
            throw ExitCode(1)
        }
        if session.unreadBytes > 0 {
            warn("\(session.path) was cut off: read to its last whole record")
        }
        let what = String(format: "%.1f s of %@", session.clipLength, session.scene.scene)
        do {
            if let format = VideoFormat(path: out) {
                if let problem = OutputPath.problem(writingFileAt: out) {
                    warn("cannot write \(out): \(problem)")
                    throw ExitCode(1)
                }
                let ffmpeg = try FFmpegLocator.locate()
                let progress = RenderProgress(label: (out as NSString).lastPathComponent)
                defer { progress.end() }
                let summary = try session.renderVideo(to: out, format: format, ffmpeg: ffmpeg, isMuted: mute) {
                    progress.update(done: $0, total: $1)
                }
                let sound = summary.soundTrack != nil && format.carriesSound ? ", with sound" : ""
                warn("wrote \(out) (\(what), \(summary.frameCount) frames, \(summary.width)×\(summary.height)\(sound))")
            } else if out.hasSuffix("/") || OutputPath.isFolder(out) {
                let existed = OutputPath.isFolder(out)
                if let problem = OutputPath.problem(makingFolder: out) {
                    warn("cannot write frames to \(out): \(problem)")
                    throw ExitCode(1)
                }
                let count = try session.renderFrames(into: out, madeFolder: !existed)
                warn("wrote \(count) frames to \(out) (\(what))")
            } else {
                warn("cannot write '\(out)': give FILE.mp4, FILE.webm, FILE.gif, or a folder ending in / for frames")
                throw ExitCode(2)
            }
        } catch let error as ExitCode {
            throw error
        } catch {
            warn("\(error)")
            throw ExitCode(1)
        }
    }

    /// Stops, before anything is compiled or made, a session longer than `kiln render` takes.
    private func checkLength(of session: RecoveredSession, for out: String) throws {
        let fps = VideoFormat(path: out)?.defaultFrameRate ?? RecoveredSession.framesRate
        let frames = session.timing(fps: fps).frameCount
        guard frames > Render.maximumFrames else { return }
        warn(Render.tooLongLine(session.path, seconds: session.clipLength, frames: Double(frames), fps: fps,
                                advice: "nothing was rendered"))
        throw ExitCode(1)
    }

    private func remove(_ path: String) throws {
        guard path.hasSuffix(".journal") else {
            warn("\(path) is not a journal (a NAME.journal file); nothing was removed")
            throw ExitCode(1)
        }
        guard !JournalFolder.isInUse(path) else {
            warn("\(path) belongs to a window still open; closing it removes the journal")
            throw ExitCode(1)
        }
        guard unlink(path) == 0 else {
            warn("cannot discard \(path): \(String(cString: strerror(errno)))")
            throw ExitCode(1)
        }
        warn("discarded \(path)")
    }
}
