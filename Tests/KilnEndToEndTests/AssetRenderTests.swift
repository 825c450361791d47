// `kiln render FILE` as users meet it: an image, an SVG or a Lottie file rendered alone, at
// its own size, on a transparent canvas; its pixels checked against what ImageMagick and
// librsvg's own rsvg-convert make of the same file. No display is needed.
import Foundation
import KilnEndToEndSupport
import Testing

@Suite("Rendering asset files")
final class AssetRenderTests {
    let kiln: URL
    let scratch: URL

    init() throws {
        kiln = try KilnBinary.locate()
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: scratch)
    }

    static func asset(_ name: String) -> String {
        ProjectFiles.root.appendingPathComponent("Resources/Assets/\(name)").path
    }

    func run(_ arguments: [String]) throws -> CommandOutput {
        try ExternalCommand.run(kiln, arguments, timeout: 120, allowFailure: true)
    }

    /// Renders `asset` into `name` in the scratch folder with `options`; the PNG's path.
    func render(_ asset: String, to name: String, _ options: [String] = []) throws -> String {
        let out = scratch.appendingPathComponent(name).path
        let result = try run(["render", Self.asset(asset), "--out", out] + options)
        try #require(result.status == 0, "kiln render \(asset): \(result.stderr)")
        return out
    }

    /// A picture's size in pixels, as ImageMagick reads it.
    static func pixelSize(_ path: String) throws -> String {
        let identify = try ExternalCommand.require("identify", package: "imagemagick")
        return try ExternalCommand.run(identify, ["-format", "%wx%h", path], timeout: 30).text
    }

    /// The picture at `path` laid over white, written beside it.
    static func overWhite(_ path: String) throws -> String {
        let convert = try ExternalCommand.require("convert", package: "imagemagick")
        let flat = path + ".white.png"
        try ExternalCommand.run(convert, [path, "-background", "white", "-flatten", flat], timeout: 30)
        return flat
    }

    /// A picture's alpha, one byte a pixel, row by row (255 everywhere when it has none).
    static func alpha(_ path: String) throws -> [UInt8] {
        let convert = try ExternalCommand.require("convert", package: "imagemagick")
        return [UInt8](try ExternalCommand.run(convert, [path, "-alpha", "extract", "-depth", "8", "gray:-"],
                                               timeout: 30).stdout)
    }

    @Test("An asset file renders at its own size in points times the scale",
          arguments: [("meadow.jpg", 800, 1000), ("dusk-small.webp", 200, 250), ("meadow.gif", 120, 150),
                      ("kiln-dot.png", 64, 64), ("heart.svg", 24, 24), ("profile-card.svg", 320, 200),
                      ("pulse.json", 200, 200)])
    func ownSize(_ name: String, width: Int, height: Int) throws {
        let twice = try render(name, to: "twice.png")
        let thrice = try render(name, to: "thrice.png", ["--scale", "3"])

        #expect(try Self.pixelSize(twice) == "\(width * 2)x\(height * 2)", "2× is the default scale")
        #expect(try Self.pixelSize(thrice) == "\(width * 3)x\(height * 3)")
    }

    @Test("A photo renders at 1× with the pixels the file holds",
          arguments: ["meadow.jpg", "dusk-small.webp", "meadow.gif"])
    func photoPixels(_ name: String) throws {
        let out = try render(name, to: "one.png", ["--scale", "1"])

        let rendered = try RGBImage(contentsOf: out), file = try RGBImage(contentsOf: Self.asset(name))
        let difference = rendered.difference(from: file, tolerance: 4)

        // gdk-pixbuf and ImageMagick decode the same file; both libjpeg, so a few levels at most.
        #expect(difference.meanAbsolute < 1 && difference.fractionWithinTolerance > 0.99, "\(difference)")
        #expect(try Self.alpha(out).allSatisfy { $0 == 255 }, "a photo is opaque everywhere")
    }

    @Test("A PNG with a @2x file beside it renders that file at 2×, transparent where it is")
    func retinaVariant() throws {
        let out = try render("kiln-dot.png", to: "dot.png")

        let rendered = try RGBImage(contentsOf: out), file = try RGBImage(contentsOf: Self.asset("kiln-dot@2x.png"))
        let difference = rendered.difference(from: file, tolerance: 2)
        let alpha = try Self.alpha(out), fileAlpha = try Self.alpha(Self.asset("kiln-dot@2x.png"))

        #expect(difference.meanAbsolute < 0.5 && difference.largest <= 3, "\(difference)")
        #expect(alpha.count == 128 * 128)
        #expect(zip(alpha, fileAlpha).allSatisfy { abs(Int($0) - Int($1)) <= 2 }, "the alpha is the file's")
        #expect(alpha[0] == 0 && alpha[127] == 0 && alpha[128 * 127] == 0, "the corners are transparent")
        #expect(alpha[64 * 128 + 64] == 255, "the dot is opaque")
    }

    @Test("An SVG renders as librsvg draws it at the scale, with its transparency",
          arguments: ["profile-card.svg", "heart.svg"])
    func vectorPixels(_ name: String) throws {
        let out = try render(name, to: "svg.png")
        let reference = scratch.appendingPathComponent("rsvg.png").path
        let rsvg = try ExternalCommand.require("rsvg-convert", package: "librsvg2-bin")
        try ExternalCommand.run(rsvg, ["-z", "2", "-o", reference, Self.asset(name)], timeout: 30)

        // Colours compare over white: a fully transparent pixel's colour is not part of the
        // picture (Kiln's carry their neighbour's colour, librsvg's are black).
        let difference = try RGBImage(contentsOf: Self.overWhite(out)).difference(
            from: RGBImage(contentsOf: Self.overWhite(reference)), tolerance: 8)
        let alpha = try Self.alpha(out), referenceAlpha = try Self.alpha(reference)
        let alphaOff = zip(alpha, referenceAlpha).map { abs(Int($0) - Int($1)) }

        #expect(difference.meanAbsolute < 1 && difference.fractionWithinTolerance > 0.995, "\(difference)")
        #expect(alpha.count == referenceAlpha.count)
        #expect(Double(alphaOff.reduce(0, +)) / Double(alphaOff.count) < 1, "the alpha is librsvg's")
        #expect(alpha[0] == 0, "the corner outside the drawing is transparent")
    }

    @Test("The profile card's parts have the colours the SVG gives them")
    func vectorColours() throws {
        let out = try render("profile-card.svg", to: "card.png", ["--scale", "1"])
        let picture = try RGBImage(contentsOf: out)
        func colour(_ x: Int, _ y: Int) -> [Int] {
            let i = (y * picture.width + x) * 3
            return picture.pixels[i..<(i + 3)].map(Int.init)
        }
        func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 3 } }

        #expect(near(colour(35, 160), [0xFF, 0x2D, 0x55]), "likeButton's fill: \(colour(35, 160))")
        #expect(near(colour(40, 70), [0xFF, 0x95, 0x00]), "the avatar's orange: \(colour(40, 70))")
        #expect(near(colour(280, 110), [0xFF, 0xFF, 0xFF]), "the card's background")
        #expect(near(colour(2, 36), [0x58, 0x56, 0xD6]), "the banner's gradient starts at its left edge: \(colour(2, 36))")
    }

    @Test("A Lottie renders its frame at --at, in the colour the file gives its heart")
    func lottieFrame() throws {
        let first = try render("pulse.json", to: "first.png", ["--scale", "1"])
        let beat = try render("pulse.json", to: "beat.png", ["--scale", "1", "--at", "0.1667"])
        let one = try RGBImage(contentsOf: first), swollen = try RGBImage(contentsOf: beat)
        func colour(_ picture: RGBImage, _ x: Int, _ y: Int) -> [Int] {
            let i = (y * picture.width + x) * 3
            return picture.pixels[i..<(i + 3)].map(Int.init)
        }

        // The heart's fill is [1, 0.176, 0.333]: #FF2D55. It covers the middle of the 200-point
        // composition and grows by a quarter by frame 10.
        #expect(zip(colour(one, 100, 100), [0xFF, 0x2D, 0x55]).allSatisfy { abs($0 - $1) <= 3 }, "\(colour(one, 100, 100))")
        #expect(one.difference(from: swollen).meanAbsolute > 1, "frame 10 is not frame 0")
        #expect(try Self.alpha(first)[0] == 0, "the composition's corner is transparent")
    }

    @Test("A Lottie renders to an MP4 of its own length, or of --duration")
    func lottieVideo() throws {
        let ffprobe = try ExternalCommand.require("ffprobe", package: "ffmpeg")
        func frames(_ path: String) throws -> [Int] {
            try ExternalCommand.run(ffprobe, ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                              "-show_entries", "stream=width,height,nb_read_frames", "-of", "csv=p=0",
                                              path], timeout: 60).text.split(separator: ",").compactMap { Int($0) }
        }

        let whole = try render("pulse.json", to: "whole.mp4")
        let part = try render("pulse.json", to: "part.mp4", ["--duration", "0.5", "--fps", "30"])

        #expect(try frames(whole) == [400, 400, 60], "60 frames at 60 fps: pulse.json's own second")
        #expect(try frames(part) == [400, 400, 15])
    }
}
