import Foundation
import KilnCore
import KilnPlatform
import Testing

/// One golden image per kind of asset at 1× and 2×: each shipped sample in a 64-point layer
/// (aspect fit) on an 80-point canvas.
@Suite("Asset golden images")
struct AssetGoldenTests {
    static let canvas = Size(width: 80, height: 80)
    static let place = Rect(x: 8, y: 8, width: 64, height: 64)

    /// The layer showing the sample `file`: a Lottie half-way through, any other file as an image.
    static func layer(showing file: String) throws -> Layer {
        PlatformAssetReader.install()
        let url = AssetFixtures.sample(file)
        if url.pathExtension == "json" {
            let layer = LottieLayer(animation: try LottieAnimation(contentsOf: url))
            layer.progress = 0.5
            layer.frame = place
            return layer
        }
        let layer = ImageLayer(image: try Image(contentsOf: url))
        layer.contentsGravity = .resizeAspect
        layer.frame = place
        return layer
    }

    @Test("Each kind of asset at 1× and 2× matches its golden image",
          arguments: ["kiln-dot.png", "meadow.jpg", "dusk-small.webp", "meadow.gif", "heart.svg", "pulse.json"],
          [1.0, 2.0])
    func golden(file: String, scale: Double) throws {
        let kind = ["png": "png", "jpg": "jpeg", "webp": "webp", "gif": "gif", "svg": "svg", "json": "lottie"][
            (file as NSString).pathExtension]!
        let layer = try Self.layer(showing: file)

        let frame = try AssetFixtures.render(layer, canvas: Self.canvas, scale: scale)

        #expect(frame.width == Int(80 * scale) && frame.height == Int(80 * scale))
        try Snapshot.assertMatches(frame, named: "asset-\(kind)@\(Int(scale))x")
    }

    @Test("At 2× the @2x file of an image is drawn, at 1× the plain one; its size is in points either way")
    func doubleScaleVariant() throws {
        PlatformAssetReader.install()
        let image = try Image(contentsOf: AssetFixtures.sample("kiln-dot.png"))
        let plain = try ImageDecoderProbe.pixelSize(AssetFixtures.sample("kiln-dot.png"))

        let at1 = try image.bitmap(forScale: 1), at2 = try image.bitmap(forScale: 2)

        #expect(image.size == Size(width: Double(plain.width), height: Double(plain.height)))
        #expect(at1.width == plain.width && at2.width == plain.width * 2 && at2.height == plain.height * 2)
    }
}

/// Pixel sizes read through Cairo, apart from the asset reader.
enum ImageDecoderProbe {
    static func pixelSize(_ url: URL) throws -> (width: Int, height: Int) {
        let bitmap = try Bitmap.readPNG(from: url.path)
        return (bitmap.width, bitmap.height)
    }
}
