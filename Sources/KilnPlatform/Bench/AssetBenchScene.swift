// The scene `kiln bench assets` times frame by frame: on an iPhone-sized canvas, a Lottie
// playing in a loop (its frame changes nearly every frame, so it is rendered again by rlottie
// nearly every frame), a 1024-pixel photo in a rounded card that turns slowly, an SVG card
// that breathes in scale (rasterized again at each quarter octave it crosses), and a few
// small icons from the same SVG at rest.
import Foundation
import KilnCore
import KilnRuntime

/// A generated scene of asset layers, hosted as the window hosts scenes.
final class AssetBenchScene: HostedScene {
    let name = "assets"
    let root = Layer()
    let backgroundColor = Color(red: 0.95, green: 0.95, blue: 0.97)
    let isHome = false
    private let photo: ImageLayer
    private let card: ImageLayer
    static let canvas = Size(width: 390, height: 844)

    init(lottie: URL, photo photoFile: URL, svg: URL) throws {
        PlatformAssetReader.install()
        root.frame = Rect(origin: .zero, size: Self.canvas)
        photo = ImageLayer(image: try Image(contentsOf: photoFile))
        photo.frame = Rect(x: 24, y: 60, width: 342, height: 260)
        photo.contentsGravity = .resizeAspectFill
        photo.cornerRadius = 20
        photo.masksToBounds = true
        let vector = try Image(contentsOf: svg)
        card = ImageLayer(image: vector)
        card.frame = Rect(x: 95, y: 360, width: 200, height: 200)
        let animation = LottieLayer(animation: try LottieAnimation(contentsOf: lottie))
        animation.frame = Rect(x: 95, y: 590, width: 200, height: 200)
        root.addSublayer(photo)
        root.addSublayer(card)
        for i in 0..<4 {
            let icon = ImageLayer(image: vector)
            icon.frame = Rect(x: 30 + Double(i) * 90, y: 800, width: 32, height: 32)
            root.addSublayer(icon)
        }
        root.addSublayer(animation)
        animation.play()
    }

    func advance(to time: Double) {
        photo.transform = Transform(rotationAngle: 0.08 * sin(time * 1.3))
        let breath = 1 + 0.25 * sin(time * 0.8)
        card.transform = Transform(scaleX: breath, y: breath)
        root.advanceAnimations(to: time)
    }

    func handle(_ event: PointerEvent) {}
    func handle(_ key: KeyPress, at time: Double) -> Bool { false }
    func close() {}

    /// `frames` frames at 60 per second of scene time at `scale`, headless.
    func run(frames: Int, scale: Double) throws -> AssetBenchResult {
        let timer = try SceneFrameTimer(canvas: Self.canvas, scale: scale, isWindowed: false)
        for i in 0..<60 { _ = timer.frame(self, at: Double(i) / 60) }
        var samples: [SceneFrame] = []
        for i in 0..<frames { samples.append(timer.frame(self, at: Double(60 + i) / 60)) }
        var result = AssetBenchResult(
            measure: "scene", subject: "lottie-and-images",
            pixels: (Int((Self.canvas.width * scale).rounded()), Int((Self.canvas.height * scale).rounded())),
            scale: scale, bytes: nil, times: samples.map(\.sample.total))
        result.renderP99 = FrameTimeHistory.percentile(0.99, of: samples.map(\.sample.render))
        result.rasterizationsPerFrame = Double(samples.reduce(0) { $0 + $1.rasterizations }) / Double(max(1, frames))
        return result
    }
}
