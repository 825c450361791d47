import ArgumentParser
import Foundation
import KilnCore
import KilnPlatform

/// `kiln icon --size N --out FILE.png`: the application icon, drawn by Kiln from its layer
/// tree, on a transparent background. `make install` draws every hicolor size with it.
struct IconCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icon",
        abstract: "Draw Kiln's application icon as a PNG with a transparent background.")

    @Option(help: "The icon's edge in pixels, 16 to 1024 (the desktop's sizes: 16, 32, 48, 64, 128, 256, 512).")
    var size: Int = 256

    @Option(help: "The PNG file to write.")
    var out: String

    func validate() throws {
        guard (16...1024).contains(size) else { throw ValidationError("--size takes 16 to 1024 pixels.") }
        guard out.lowercased().hasSuffix(".png") else { throw ValidationError("--out takes a .png file.") }
    }

    func run() throws {
        let canvas = Size(Double(size), Double(size))
        let scene = IconScene(context: SceneContext(canvasSize: canvas))
        do {
            let host = try OffscreenHost(canvas: canvas, scale: 1)
            scene.advance(to: 0)
            // The compositor draws on an opaque background: drawn once on black and once on
            // white, the two frames differ by exactly how transparent each pixel is.
            let onBlack = host.render(root: scene.root, background: .black)
            let onWhite = host.render(root: scene.root, background: .white)
            try Self.unmatted(onBlack: onBlack, onWhite: onWhite).writePNG(to: out)
        } catch {
            warn("\(error)")
            throw ExitCode(1)
        }
    }

    /// The transparent image that gives `onBlack` and `onWhite` when drawn over black and
    /// white, premultiplied as bitmaps are: over black a pixel is its colour times its alpha,
    /// and white shows through by one minus its alpha.
    static func unmatted(onBlack: Bitmap, onWhite: Bitmap) -> Bitmap {
        var image = Bitmap(width: onBlack.width, height: onBlack.height)
        for pixel in 0..<(onBlack.width * onBlack.height) {
            let i = pixel * 4
            var showing = 0
            for c in 0..<3 { showing += Int(onWhite.pixels[i + c]) - Int(onBlack.pixels[i + c]) }
            let alpha = UInt8(clamping: 255 - Int((Double(showing) / 3).rounded()))
            for c in 0..<3 { image.pixels[i + c] = min(onBlack.pixels[i + c], alpha) }
            image.pixels[i + 3] = alpha
        }
        return image
    }
}
