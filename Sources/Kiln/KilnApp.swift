import ArgumentParser
import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime

/// Kiln's whole app, for Kiln's scenes and your own: the window with its launcher, the HUD,
/// recording with R, tuning that follows your saves, pens, and the `render`, `play`,
/// `bench` and `tuning` commands.
///
/// A package that builds its own prototype app depends on the `Kiln` library and makes one
/// call from its executable's `main.swift`. Its launcher lists its prototypes, in order, and
/// every command takes their names:
///
/// ```swift
/// import Kiln
///
/// let bloom = Prototype(BloomScene.self, title: "Bloom", subtitle: "Tap the button to make it bloom")
///
/// KilnApp.main(prototypes: [bloom])
/// ```
///
/// Then `swift run MyApp bloom` opens the window on it, and
/// `swift run MyApp render bloom --out bloom.png` renders a frame with no display.
///
/// A prototype with a tuning type reads its values as Kiln's scenes do: the type's
/// defaults, then `~/.config/kiln/NAME.toml` (under `$XDG_CONFIG_HOME` when set), then the
/// file given with `--tuning`. The window reloads both files when they are saved, and
/// `MyApp tuning NAME --defaults` prints a commented file to start from.
public enum KilnApp {
    /// Registers `prototypes` and runs the command line, returning when the command is done
    /// (the window closed, the render written).
    ///
    /// - Parameters:
    ///   - prototypes: the package's own scenes. Each name is what the command line takes:
    ///     lower-case letters, digits and hyphens, and neither `launcher` nor one of the
    ///     app's command names; the launcher lists them in this order.
    ///   - name: the command's name in usage lines and messages; by default the
    ///     executable's file name.
    ///   - version: what `--version` prints after the name; without one there is no
    ///     `--version`.
    ///
    /// A mistake on the command line, or a prototype whose name cannot be used, is one line
    /// on standard error and a non-zero exit status.
    public static func main(prototypes: [Prototype] = [], name: String? = nil, version: String? = nil) {
        main(prototypes: prototypes, name: name, version: version, commands: [])
    }

    /// `main(prototypes:name:version:)` with subcommands of the executable's own beside
    /// the shared ones.
    package static func main(prototypes: [Prototype] = [], name: String? = nil, version: String? = nil,
                             commands: [any ParsableCommand.Type]) {
        AppIdentity.current = AppIdentity(name: name ?? AppIdentity.executableName, version: version,
                                          commands: commands)
        PlatformAssetReader.install()
        if let resources = ResourceFolder.located() { Assets.addFolder(resources.assets) }
        let reserved = reservedNames
        for prototype in prototypes {
            if let problem = problem(naming: prototype.name, reserved: reserved) {
                warn("cannot add the prototype '\(prototype.name)': \(problem)")
                exit(2)
            }
            SceneCatalog.register(prototype)
        }
        KilnCommand.main()
    }

    /// The names a prototype cannot take: the catalogue's scenes (and the launcher), and
    /// the subcommands', which a scene of the same name would hide.
    static var reservedNames: Set<String> {
        Set(SceneCatalog.names + KilnCommand.configuration.subcommands.map { $0._commandName } + ["help"])
    }

    /// Why `name` cannot name a prototype on the command line, or `nil` when it can.
    static func problem(naming name: String, reserved: Set<String>) -> String? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        guard !name.isEmpty, name.allSatisfy(allowed.contains), name.first != "-" else {
            return "a name takes lower-case letters, digits and hyphens, and does not start with a hyphen"
        }
        if reserved.contains(name) { return "Kiln already has a scene or a command called that" }
        return nil
    }
}
