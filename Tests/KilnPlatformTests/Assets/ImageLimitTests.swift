import Foundation
import KilnCore
import KilnPlatform
import Testing

/// Image files that claim more than Kiln decodes: each is refused from its header, in one line,
/// before its pixels are allocated; an animation's frames after the first are never decoded.
@Suite("Image limits")
struct ImageLimitTests {
    /// The error reading `data`, written as `name`, gives through the header and the decoder.
    func refusals(of data: Data, named name: String) throws -> [AssetError] {
        let folder = try AttackFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        var errors: [AssetError] = []
        do { _ = try PlatformAssetReader.shared.imageSize(of: url) } catch { errors.append(error) }
        do { _ = try PlatformAssetReader.shared.bitmap(of: url) } catch { errors.append(error) }
        return errors
    }

    /// The first frame of the image `data`, decoded, written as `name`.
    func decoded(_ data: Data, named name: String) throws -> Bitmap {
        let folder = try AttackFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return try PlatformAssetReader.shared.bitmap(of: url)
    }

    @Test("A PNG claiming 5000×5000, each side within the limit, is refused for its pixel count")
    func pngPastThePixelLimit() throws {
        let png = AttackFiles.png(width: 5000, height: 5000, rows: 1)

        let errors = try refusals(of: png, named: "wide.png")

        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0.description.hasPrefix("wide.png: 5000×5000 px is more than the 16777216 pixels") }, "\(errors)")
    }

    @Test("A GIF whose canvas is 5000×5000 is refused for its pixel count")
    func gifCanvasPastThePixelLimit() throws {
        let gif = AttackFiles.gif(width: 5000, height: 5000, frames: [AttackFiles.gifFrame()])

        let errors = try refusals(of: gif, named: "canvas.gif")

        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0.description.hasPrefix("canvas.gif: 5000×5000 px is more than") }, "\(errors)")
    }

    @Test("A GIF of one pixel whose first frame claims 5000×5000 is refused before that frame is decoded")
    func gifFramePastThePixelLimit() throws {
        var frame = AttackFiles.gifFrame()
        frame.replaceSubrange(5..<9, with: [0x88, 0x13, 0x88, 0x13])
        let gif = AttackFiles.gif(width: 1, height: 1, frames: [frame])

        let errors = try refusals(of: gif, named: "frame.gif")

        #expect(errors.contains { $0.description.hasPrefix("frame.gif: its first frame, 5000×5000 px is more than") }, "\(errors)")
    }

    @Test("A GIF's first frame is shown without the frames after it being read: a malformed second frame does not matter")
    func gifFirstFrameOnly() throws {
        let gif = AttackFiles.gif(width: 1, height: 1, rgb: nil, frames: [AttackFiles.gifFrame(rgb: [0, 255, 0]), AttackFiles.gifFrame()])

        let bitmap = try decoded(gif, named: "two-frames.gif")

        #expect(bitmap.width == 1 && bitmap.height == 1)
        #expect(Array(bitmap.pixels.prefix(4)) == [0, 255, 0, 255])
    }

    @Test("A GIF of 100,000 one-pixel frames shows its first frame at once (a hang guard of 10 s; 41 s when every frame was read)")
    func gifOfManyFrames() throws {
        let frame = AttackFiles.gifFrame()
        let gif = AttackFiles.gif(width: 1, height: 1, frames: Array(repeating: frame, count: 100_000))
        let start = Date()

        let bitmap = try decoded(gif, named: "many-frames.gif")

        #expect(Date().timeIntervalSince(start) < 10)
        #expect(Array(bitmap.pixels.prefix(4)) == [0, 255, 0, 255])
    }

    @Test("A file none of PNG, JPEG, WebP and GIF is refused in one line, though a gdk-pixbuf loader reads it")
    func otherFormatsRefused() throws {
        let bmp = Data([0x42, 0x4D, 0x3A, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 0x28, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0x18, 0,
                        0, 0, 0, 0, 4, 0, 0, 0, 0x13, 0x0B, 0, 0, 0x13, 0x0B, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0, 0])

        let errors = try refusals(of: bmp, named: "dot.png")

        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0.description == "dot.png: not an image gdk-pixbuf can read (PNG, JPEG, WebP or GIF)" }, "\(errors)")
    }

    @Test("A PNG within the limits still decodes, with its pixels")
    func pngWithinTheLimits() throws {
        let png = AttackFiles.png(width: 3, height: 2, rgba: [255, 0, 0, 128])

        let bitmap = try decoded(png, named: "small.png")

        #expect(bitmap.width == 3 && bitmap.height == 2)
        #expect(Array(bitmap.pixels.prefix(4)) == [128, 0, 0, 128])
    }
}
