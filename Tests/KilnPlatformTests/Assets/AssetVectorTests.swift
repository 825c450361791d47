import Foundation
import KilnCore
import KilnPlatform
import Testing

/// SVG drawn by Kiln against librsvg's own command-line renderer, at 4×.
@Suite("SVG at 4× as rsvg-convert draws it")
struct AssetVectorTests {
    /// `rsvg-convert` on the PATH, installed by scripts/bootstrap.
    static let rsvgConvert: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        .split(separator: ":").map { "\($0)/rsvg-convert" }
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// `rsvg-convert -z ZOOM` of `url`, laid over white.
    static func rsvgConvertFrame(_ url: URL, zoom: Int = 4) throws -> Bitmap {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-rsvg-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(rsvgConvert))
        process.arguments = ["-z", String(zoom), "-o", out.path, url.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "rsvg-convert failed on \(url.lastPathComponent)")
        return AssetFixtures.overWhite(try Bitmap.readPNG(from: out.path))
    }

    @Test("An SVG at canvas scale 4, and at 1× in a layer scaled 4×, equals rsvg-convert -z 4",
          .enabled(if: rsvgConvert != nil, "rsvg-convert is not installed (scripts/bootstrap installs librsvg2-bin)"),
          arguments: [AssetFixtures.sample("heart.svg"), AssetFixtures.sample("profile-card.svg"),
                      AssetFixtures.fixture("figma-frame.svg")])
    func matchesRsvgConvert(url: URL) throws {
        PlatformAssetReader.install()
        let image = try Image(contentsOf: url)
        let atScale = ImageLayer(image: image)
        atScale.frame = Rect(origin: .zero, size: image.size)
        let scaled = ImageLayer(image: image)
        scaled.anchorPoint = .zero
        scaled.bounds = Rect(origin: .zero, size: image.size)
        scaled.position = .zero
        scaled.transform = Transform(scaleX: 4, y: 4)

        let canvasScaled = try AssetFixtures.render(atScale, canvas: image.size, scale: 4)
        let layerScaled = try AssetFixtures.render(
            scaled, canvas: Size(width: image.size.width * 4, height: image.size.height * 4), scale: 1)
        let reference = try Self.rsvgConvertFrame(url)

        // The same library draws both; only the compositor's 8-bit blending over white may
        // round a level or two differently.
        for (name, frame) in [("canvas at 4×", canvasScaled), ("layer scaled 4×", layerScaled)] {
            try #require(frame.width == reference.width && frame.height == reference.height,
                         "\(name): \(frame.width)×\(frame.height) against \(reference.width)×\(reference.height)")
            let difference = AssetFixtures.difference(frame, reference, tolerance: 3)
            #expect(difference.over == 0,
                    "\(url.lastPathComponent), \(name): \(difference.over) pixels differ by more than 3/255 (worst \(difference.worst))")
        }
    }

    @Test("An SVG in a layer scaled 8× is drawn at 8×, past the 4× other content stops at: it equals rsvg-convert -z 8",
          .enabled(if: rsvgConvert != nil, "rsvg-convert is not installed (scripts/bootstrap installs librsvg2-bin)"))
    func scaledPastFour() throws {
        PlatformAssetReader.install()
        let url = AssetFixtures.sample("heart.svg")
        let image = try Image(contentsOf: url)
        let scaled = ImageLayer(image: image)
        scaled.anchorPoint = .zero
        scaled.bounds = Rect(origin: .zero, size: image.size)
        scaled.position = .zero
        scaled.transform = Transform(scaleX: 8, y: 8)

        let frame = try AssetFixtures.render(
            scaled, canvas: Size(width: image.size.width * 8, height: image.size.height * 8), scale: 1)
        let reference = try Self.rsvgConvertFrame(url, zoom: 8)

        try #require(frame.width == reference.width && frame.height == reference.height)
        let difference = AssetFixtures.difference(frame, reference, tolerance: 3)
        #expect(difference.over == 0, "\(difference.over) pixels differ by more than 3/255 (worst \(difference.worst))")
    }

    @Test("An SVG at 4× is drawn at 4×, not enlarged: its edges are as sharp as rsvg-convert's")
    func notAnEnlargedBitmap() throws {
        PlatformAssetReader.install()
        let image = try Image(contentsOf: AssetFixtures.sample("heart.svg"))
        let layer = ImageLayer(image: image)
        layer.frame = Rect(origin: .zero, size: image.size)

        let at4 = try AssetFixtures.render(layer, canvas: image.size, scale: 4)
        let at1 = try AssetFixtures.render(layer, canvas: image.size, scale: 1)
        var enlarged = [UInt8](repeating: 0, count: at4.pixels.count)
        for y in 0..<at4.height {
            for x in 0..<at4.width {
                let s = ((y / 4) * at1.width + x / 4) * 4, d = (y * at4.width + x) * 4
                for c in 0..<4 { enlarged[d + c] = at1.pixels[s + c] }
            }
        }

        #expect(AssetFixtures.difference(at4, Bitmap(width: at4.width, height: at4.height, pixels: enlarged),
                                         tolerance: 24).over > 100)
    }
}
