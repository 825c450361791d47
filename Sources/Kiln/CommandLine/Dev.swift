import ArgumentParser
import Foundation
import KilnPlatform

/// `kiln dev FOLDER`: the window on a prototype folder, its code reloaded on every save.
struct Dev: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open the window on a prototype folder and keep it live: saving a .swift file there recompiles it and shows a fresh scene.",
        discussion: """
            The folder's top-level .swift files are compiled into a shared library with the Swift \
            toolchain kiln runs on, and loaded into the window; a save compiles only the files it \
            changed and those that depend on them. A compile error keeps the running scene and \
            shows the first error in a red banner (all of the compiler's output goes to standard \
            error); code that does not compile at the start opens the window on the banner alone. \
            A crash or a hang in the prototype's code closes the window, not kiln dev: it \
            says where in one line and opens the window again on the next save that compiles, \
            replaying the session to where it was when the crash came while new code replayed it. \
            FOLDER/tuning.toml is the prototype's tuning file, reloaded on save.
            """)

    @Argument(help: "The prototype folder (make one with `kiln new NAME`).")
    var folder: String

    @OptionGroup var canvas: CanvasOptions

    @OptionGroup var live: LiveSceneOptions

    @Option(help: "Close the window after this many seconds.")
    var quitAfter: Double?

    @Option(help: "Write what you do in the prototype to this file as an input script when the window closes; a reload starts it afresh.")
    var capture: String?

    @OptionGroup var hud: HUDOptions

    @OptionGroup(title: "Recording (R)") var recording: RecordingOptions

    @Flag(help: "Print the window's whole crash report (the Swift backtrace), not only the line that sums it up.")
    var verbose = false

    // The window runs in a process of its own, started by kiln dev with its own process id.
    @Option(help: .private)
    var supervisorPid: Int32?

    // Where the window writes the session while new code replays it, and reads it at its start.
    @Option(help: .private)
    var sessionPlace: String?

    // A window kiln dev opens again after the prototype's code ended the last one.
    @Flag(help: .private)
    var reopened = false

    // Versions of the prototype a window loads before kiln dev opens a fresh one.
    @Option(help: .private)
    var versionsPerWindow = LivePrototype.defaultMostVersions

    func validate() throws {
        try validateQuitAfter(quitAfter)
        guard versionsPerWindow >= 1 else { throw ValidationError("--versions-per-window takes 1 or more.") }
    }

    func run() throws {
        try checkCapturePath(capture)
        let prototypeFolder = PrototypeFolder(path: folder)
        if let supervisorPid {
            WindowSupervisor.followSupervisor(supervisorPid)
            return try runWindow(prototypeFolder)
        }
        let compiler: PrototypeCompiler
        do {
            guard PrototypeFolder.isPrototype(folder) else { throw PrototypeProblem.notAPrototype(folder) }
            compiler = try PrototypeFolder.compilerForThisKiln()
        } catch let problem as PrototypeProblem {
            report(problem)
            throw ExitCode(1)
        }
        // The window runs the prototype's code in a child process, so that a crash or a hang
        // there leaves kiln dev running: it opens the window again after the next save. The
        // window compiles the folder first, and opens on a compile error too.
        let supervisor = WindowSupervisor(folder: prototypeFolder, compiler: compiler,
                                          arguments: Array(CommandLine.arguments.dropFirst()), isVerbose: verbose)
        let status = supervisor.run()
        if status != 0 { throw ExitCode(status) }
    }

    /// The window process: the prototype compiled, loaded and kept live. Code that does not
    /// compile is shown in the window's banner until a save compiles.
    private func runWindow(_ prototypeFolder: PrototypeFolder) throws {
        let compiler: PrototypeCompiler
        do { compiler = try PrototypeFolder.compilerForThisKiln() } catch {
            report(error)
            throw ExitCode(1)
        }
        let loaded: LoadedPrototype?
        let problem: PrototypeProblem?
        do {
            let version = try prototypeFolder.load(with: compiler, compiling: prototypeFolder.sayCompiling)
            (loaded, problem) = (version, nil)
            // A window opened again after a save kiln dev compiled has nothing to add.
            if version.compileSeconds > 0 || !reopened {
                warn(version.compiledLine(prototypeFolder.url.lastPathComponent))
            }
        } catch .notAPrototype(let path) {
            report(.notAPrototype(path))
            throw ExitCode(1)
        } catch {
            (loaded, problem) = (nil, error)
            if case .compile(let failure) = error { FileHandle.standardError.write(Data(failure.output.utf8)) }
            warn("\(error) — \(LivePrototype.waitingLine)")
        }
        let reloader = PrototypeReloader(folder: prototypeFolder, compiler: compiler)
        let livePrototype = LivePrototype(loaded: loaded, problem: problem, reloader: reloader,
                                          events: canvas.events ? JSONLinePrinter() : nil, mostVersions: versionsPerWindow)
        // Where a window lost while new code replayed the session had got to: taken up again.
        let placeFile = sessionPlace.map(SessionPlaceFile.init(path:))
        let startPlace = placeFile?.read()
        placeFile?.remove()
        livePrototype.placeFile = placeFile
        reloader.start()
        try openWindow(scene: loaded?.prototype.name, script: nil, canvas: canvas, live: live, replay: nil,
                       quitAfter: quitAfter, capture: capture, recapturesScene: true, showsHUD: hud.hud, recording: recording,
                       prototype: livePrototype.windowHooks(startPlace: startPlace))
        if livePrototype.needsFreshWindow { throw ExitCode(WindowSupervisor.freshWindowStatus) }
    }
}

/// A SCENE argument as the commands take it: a prototype folder (written as a path, or named
/// as no scene is) is compiled, loaded and registered, and its scene's name returned; a
/// scene's name is returned as it is.
func resolveScene(_ argument: String) throws -> String {
    guard isPrototypeArgument(argument) else { return argument }
    do { return try PrototypeFolder(path: argument).register() } catch {
        report(error)
        throw ExitCode(1)
    }
}

/// Whether a SCENE argument names a prototype folder rather than one of Kiln's scenes.
func isPrototypeArgument(_ argument: String) -> Bool {
    PrototypeFolder.isPrototype(argument: argument, sceneNames: SceneCatalog.names)
}

/// Registers the prototype whose `Scripts/` folder holds the script at `path`, so that the
/// script's scene is known, when the script is for a scene Kiln does not have; a script for
/// one of Kiln's scenes compiles nothing. A script that does not parse is left to
/// `loadScript`, which says why.
func registerPrototype(containingScript path: String) throws {
    let scene = (try? InputScriptParser.parse(contentsOf: URL(fileURLWithPath: path)))?.scene
    if let folder = PrototypeFolder.compiled(forScript: path, scene: scene, sceneNames: SceneCatalog.names) {
        _ = try resolveScene(folder.url.path)
    }
}

/// A prototype that cannot be used: the compiler's whole output, then one line.
private func report(_ problem: PrototypeProblem) {
    if case .compile(let failure) = problem { FileHandle.standardError.write(Data(failure.output.utf8)) }
    warn("\(problem)")
}

extension KilnApp {
    /// The commands only the `kiln` executable has: `new`, and `dev`, which loads compiled
    /// code into the process and so needs an executable linked to export Kiln's symbols.
    package static let prototypeCommands: [any ParsableCommand.Type] = [New.self, Dev.self]
}
