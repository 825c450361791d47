import ArgumentParser
import Foundation
import KilnCore
import KilnPlatform

/// `kiln bench assets`: what images, SVG and Lottie files cost to read and draw.
struct AssetsBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assets",
        abstract: "Time image decoding, SVG rasterization and Lottie frames, and a scene that plays a Lottie.",
        discussion: """
            The files are made at run time: PNG and JPEG images 256, 1024 and 4096 pixels square, \
            decoded by gdk-pixbuf and premultiplied (no cache); a Figma-like SVG card 64, 320 and \
            1024 points square, drawn by librsvg at 1×, 2× and 4×; a Lottie of shapes, and the \
            shipped Lottie samples when Kiln's resources are found, one frame at 2× by rlottie. \
            Each is the median of a few runs after a warm-up. Then a scene of a playing Lottie \
            among image and SVG layers, 600 frames headless at 2× (p50 and p99 of a whole frame), \
            and the gallery the same way when it holds a Lottie, playing its gallery-assets \
            script (which opens the page its Lottie files play on).
            """)

    @Flag(help: "Print one JSON line per measurement instead of a sentence.")
    var json = false

    @Option(help: "Runs timed per measurement, after one warm-up.")
    var runs: Int = 5

    func validate() throws {
        guard (1...1000).contains(runs) else { throw ValidationError("--runs takes 1 to 1000.") }
    }

    func run() throws {
        var bench = AssetBench()
        bench.runs = runs
        do {
            try bench.run { result in print(json ? result.jsonLine : result.summary) }
            if let gallery = try galleryWithLottie() { print(json ? gallery.jsonLine : gallery.summary) }
        } catch {
            warn("\(error)")
            throw ExitCode(2)
        }
    }

    /// The gallery's frames at 2× over ten seconds, when the gallery holds a Lottie layer:
    /// playing its shipped `gallery-assets` script, which opens the page the Lottie files
    /// play on and scrubs one, when that script is found.
    private func galleryWithLottie() throws -> SceneBenchResult? {
        let device = DevicePreset.iPhone14
        if let resources = ResourceFolder.located() { Assets.addFolder(resources.assets) }
        let hosting = SceneHosting(scene: "gallery", canvasSize: device.size, seed: 1)
        let script = try ShippedScripts.locate().map(ShippedScripts.init(folder:))?
            .scripts(for: "gallery").first { $0.name == "gallery-assets" }?.script
        guard let hosted = hosting.session(script: script) else { return nil }
        defer { hosted.close() }
        guard hosted.root.allLayers.contains(where: { $0 is LottieLayer }) else { return nil }
        let timer = try SceneFrameTimer(canvas: device.size, scale: 2, isWindowed: false)
        var result = SceneBenchResult(scene: "gallery", scripts: [], renderer: timer.rendererName,
                                      pixelSize: (Int(device.size.width * 2), Int(device.size.height * 2)))
        for i in 0..<600 { result.record(timer.frame(hosted, at: Double(i) / ScenesBench.fps)) }
        return result
    }
}
