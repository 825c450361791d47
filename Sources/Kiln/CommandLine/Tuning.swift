import ArgumentParser
import Foundation
import KilnCore
import KilnRuntime

/// `kiln tuning SCENE`: the effective tuning, each value with where it came from; with
/// `--set` or `--reset`, values written into the tuning file in force.
struct TuningCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tuning",
        abstract: "Print a scene's effective tuning: defaults, your ~/.config/kiln/SCENE.toml and --tuning, with each value's origin.",
        discussion: """
            With --set or --reset, write values into the tuning file in force instead: --tuning FILE, else the \
            prototype folder's tuning.toml, else ~/.config/kiln/SCENE.toml (made if missing). Only those values' \
            text changes; a value not in the file is added under its table with its description.
            """)

    @Argument(help: "The scene: \(SceneCatalog.entries.filter { $0.tuning != nil }.map(\.name).joined(separator: ", ")), or a prototype folder.")
    var scene: String

    @Option(help: "A tuning file over the defaults and your own file.")
    var tuning: String?

    @Flag(help: "Print the defaults alone, as the shipped Tuning/SCENE.toml (in share/kiln, or Resources in a checkout) or a prototype's tuning.toml has them.")
    var defaults = false

    @Option(name: .customLong("set"), help: ArgumentHelp(
        "Write KEY=VALUE, the value as TOML: 0.3, \"#FF0000\", true, { damping_ratio = 0.8, response = 0.4 }, or one spring number as swipe.return_spring.response=0.5.",
        valueName: "key=value"))
    var set: [String] = []

    @Option(help: ArgumentHelp("Write KEY's default value.", valueName: "key"))
    var reset: [String] = []

    func run() throws {
        let scene = try resolveScene(self.scene)
        guard let profile = SceneCatalog.entry(scene)?.tuning else {
            let tunable = SceneCatalog.entries.filter { $0.tuning != nil }.map(\.name)
            warn("'\(scene)' has no tuning; choose one of \(tunable.joined(separator: ", "))")
            throw ExitCode(2)
        }
        if !set.isEmpty || !reset.isEmpty {
            guard !defaults else {
                warn("--defaults prints the defaults; to write one into the file, use --reset KEY")
                throw ExitCode(1)
            }
            try writeChanges(for: scene, profile: profile)
            return
        }
        if defaults {
            let isPrototype = PrototypeFolder.folder(ofScene: scene) != nil
            print(isPrototype ? profile.prototypeDefaultsText() : profile.defaultsText(), terminator: "")
            return
        }
        let files = try checkedTuningFiles(for: scene, profile: profile, explicit: tuning)
        do {
            print(try profile.describe(files.sources), terminator: "")
        } catch {
            warn("\(error)")
            throw ExitCode(1)
        }
    }
}

extension LiveSceneOptions {
    /// The tuning files watched for `scene` in the window: the user's, and `--tuning` when
    /// it is the scene the command line named. `nil` for a scene without tuning.
    func tuningFiles(for scene: String, named: String?) -> TuningFiles? {
        guard let profile = SceneCatalog.entry(scene)?.tuning else { return nil }
        let files = sceneTuningFiles(for: scene, profile: profile, explicit: scene == named ? tuning : nil)
        report(files.reload())
        return files
    }
}

extension Render {
    /// The tuning sources for an offline render; a file that does not check out stops it.
    func offlineTuningSources(for scene: String) throws -> [TuningSource] {
        guard let profile = SceneCatalog.entry(scene)?.tuning else {
            if let tuning { warn("\(scene) has no tuning; \(tuning) is not used") }
            return []
        }
        return try checkedTuningFiles(for: scene, profile: profile, explicit: tuning).sources
    }
}

/// The tuning files of `scene`: the user's, then `explicit` (`--tuning`), or else the
/// prototype folder's own `tuning.toml` when the scene is a prototype's.
func sceneTuningFiles(for scene: String, profile: TuningProfile, explicit: String?) -> TuningFiles {
    TuningFiles(scene: scene, profile: profile, explicit: explicit ?? PrototypeFolder.tuningFile(ofScene: scene),
                configHome: TuningFiles.configHome())
}

/// The tuning files of `scene` for a command that reads them once: their warnings said, and
/// a file that does not check out stops the command.
func checkedTuningFiles(for scene: String, profile: TuningProfile, explicit: String?) throws -> TuningFiles {
    let files = sceneTuningFiles(for: scene, profile: profile, explicit: explicit)
    switch files.reload() {
    case .rejected(let error):
        warn("\(error)")
        throw ExitCode(1)
    case .applied(let warnings):
        warnings.forEach(warn)
    case .unchanged:
        break
    }
    return files
}

/// Says what a tuning reload did, on standard error.
func report(_ outcome: TuningFiles.Outcome) {
    Console.report(outcome)
}
