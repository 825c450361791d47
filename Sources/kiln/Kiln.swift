import ArgumentParser

/// The `kiln` command: opens the window, or renders, benchmarks and inspects headlessly.
@main
struct Kiln: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiln",
        abstract: "Prototype touch interactions: a Core-Animation-style layer tree in a window.",
        version: "kiln \(KilnVersion.number)",
        subcommands: [Open.self, Render.self, Play.self, Bench.self, Soak.self, TuningCommand.self, Devices.self, IconCommand.self, Recover.self],
        defaultSubcommand: Open.self)
}
