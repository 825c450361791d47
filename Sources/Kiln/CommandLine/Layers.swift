import ArgumentParser
import Foundation
import KilnCore
import KilnPlatform

/// `kiln layers SCENE|FOLDER|FILE`: the layer tree at a moment, as JSON lines.
struct Layers: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a scene's layer tree at a moment as JSON lines: name, kind, frame, depth, opacity, hidden.",
        discussion: """
            One line a layer, depth first in drawing order, the root first at depth 0. The frame is in \
            canvas points: the box around the layer's bounds carried through every transform to the root. \
            The scene runs offline on an exact clock up to --at, playing --script when given, as \
            `render` does. An asset file (.svg, .png, .jpg, .webp, .gif, or a Lottie .json) is listed as \
            its preview: an SVG's elements with ids are its named layers.
            """)

    @Argument(help: "The scene (\(SceneCatalog.names.joined(separator: ", "))), a prototype folder, or an asset file.")
    var scene: String

    @Option(help: "Scene time, in seconds, of the moment listed.")
    var at: Double = 0

    @Option(help: "An input script to play up to that moment (JSON).")
    var script: String?

    @Option(help: "A tuning file over the scene's defaults and your ~/.config/kiln/SCENE.toml.")
    var tuning: String?

    @OptionGroup var canvas: CanvasOptions

    /// Frames a second the scene is stepped at, as `render` steps a still.
    static let frameRate = 60.0

    func validate() throws {
        if !AssetPreview.isAssetArgument(scene) { try CanvasOptions.validateScene(scene) }
        guard at >= 0, at.isFinite, at <= 3600 else { throw ValidationError("--at takes seconds from 0 to 3600.") }
    }

    func run() throws {
        let preview = try AssetPreview.argument(scene, background: .clear)
        let name = try preview?.name ?? resolveScene(scene)
        let input = try script.map { try loadScript($0, for: preview == nil ? name : nil) }
        let device = try preview?.asset.device(for: canvas) ?? canvas.resolveDevice(script: input)
        let hosting = SceneHosting(scene: name, canvasSize: device.size, seed: canvas.resolveSeed(script: input),
                                   events: canvas.events ? JSONLinePrinter() : nil, tuning: try tuningSources(for: name))
        guard let session = hosting.offline(isMuted: true, script: { _ in input }) else { throw ExitCode(2) }
        let scene = session.offlineScene.scene
        defer { scene.close() }
        let timing = ClipTiming.still(at: at, fps: Self.frameRate)
        for frame in 0..<(timing.firstFrame + timing.frameCount) {
            scene.advance(to: timing.time(ofFrame: frame))
            if let problem = scene.scriptProblem {
                warn("the script stopped: \(problem)")
                throw ExitCode(1)
            }
        }
        let text = LayerListing.lines(of: scene.root).map { $0 + "\n" }.joined()
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// The tuning the scene is made with; a file that does not check out stops the command.
    private func tuningSources(for scene: String) throws -> [TuningSource] {
        guard let profile = SceneCatalog.entry(scene)?.tuning else {
            if let tuning { warn("\(scene) has no tuning; \(tuning) is not used") }
            return []
        }
        return try checkedTuningFiles(for: scene, profile: profile, explicit: tuning).sources
    }
}
