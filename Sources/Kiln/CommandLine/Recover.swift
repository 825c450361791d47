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
            everything since the scene opened. A journal is data: it runs no code. A \
            prototype's scene is compiled only from the folder --folder names, as the folder \
            is now (fix the code that crashed, then render), and only when it is the \
            journal's scene.
            """)

    @Option(help: "Render the session into FILE.mp4, FILE.webm, FILE.gif or DIR/ (PNG frames at 60 fps), as R would have.")
    var render: String?

    @Option(help: "Which session: its number in the list, or a journal's path (default: 1, the newest).")
    var journal: String?

    @Option(help: ArgumentHelp("The prototype folder whose scene the journal holds, compiled to render it; a journal's own folder is never compiled.", valueName: "DIR"))
    var folder: String?

    @Flag(help: "Remove the session's journal (after --render, once the render is written).")
    var discard = false

    @Flag(help: "Leave the video's sound track out.")
    var mute = false

    func run() throws {
        // Ctrl+C during --render leaves nothing half-made beside the output.
        TemporaryFiles.removeOnInterrupt()
        let journals = JournalFolder()
        let left = journals.leftJournals()
        guard render != nil || discard || journal != nil else { return list(left, in: journals) }
        let path = try chosen(from: left, in: journals)
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
        if let folder {
            try compile(folder, for: session)
        } else if !session.hasKnownScene {
            warn(Self.folderNeeded(for: session))
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

    /// Compiles the prototype folder the user named and checks that its scene is the
    /// journal's: a journal's scene is only ever rendered with code the user chose.
    private func compile(_ folder: String, for session: RecoveredSession) throws {
        guard PrototypeFolder.isPrototype(folder) else {
            warn("\(folder) is not a prototype folder (a folder with Swift files at its top); nothing was rendered".printable)
            throw ExitCode(1)
        }
        // Written as a path, so that a folder named like one of Kiln's scenes is compiled too.
        let name = try resolveScene(PrototypeFolder.isWrittenAsPath(folder) ? folder : "./" + folder)
        guard name == session.scene.scene else {
            warn("\(session.path) is a session of '\(session.scene.scene)', but \(folder) is the prototype '\(name)'; nothing was rendered"
                    .printable)
            throw ExitCode(1)
        }
    }

    /// Why a journal of a prototype's scene is not rendered without --folder, and how to:
    /// one line naming the folder it was recorded from.
    static func folderNeeded(for session: RecoveredSession) -> String {
        let scene = session.scene.scene
        guard let recorded = session.scene.folder else {
            return "\(session.path): its scene '\(scene)' is not one Kiln has; nothing was rendered".printable
        }
        return ("\(session.path): its scene '\(scene)' is a prototype's, recorded from \(recorded); a journal runs no code: "
                + "name the prototype's folder with --folder DIR to render it").printable
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
