import ArgumentParser

/// The app's command: opens the window, or renders, benchmarks and inspects headlessly.
///
/// Its name and version are the running app's (`kiln`, or a package's own executable), as
/// `KilnApp.main` set them before the command line is read.
struct KilnCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: AppIdentity.current.name,
            abstract: "Prototype touch interactions: a Core-Animation-style layer tree in a window.",
            version: AppIdentity.current.version.map { "\(AppIdentity.current.name) \($0)" } ?? "",
            subcommands: [Open.self, Render.self, Layers.self, Play.self, Bench.self, Soak.self, TuningCommand.self, Devices.self, IconCommand.self, Recover.self, Docs.self]
                + AppIdentity.current.commands,
            defaultSubcommand: Open.self)
    }
}
