import ArgumentParser
import KilnCore
import KilnPlatform
import KilnScenes

/// `kiln [SCENE]`: the live window.
struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the window on the launcher or on a scene.")

    @Argument(help: "The scene to open: \(SceneCatalog.names.joined(separator: ", ")).")
    var scene: String?

    @OptionGroup var canvas: CanvasOptions

    @Option(help: "Close the window after this many seconds.")
    var quitAfter: Double?

    func validate() throws {
        if let scene { try CanvasOptions.validateScene(scene) }
    }

    func run() throws {
        let device = try canvas.resolveDevice()
        let host: WindowHost
        do {
            host = try WindowHost(options: .init(device: device, seed: canvas.seed,
                                                 events: canvas.events ? JSONLinePrinter() : nil,
                                                 quitAfter: quitAfter))
        } catch {
            warn("\(error)")
            throw ExitCode(2)
        }
        host.run(scene: scene == "launcher" ? nil : scene)
    }
}
