import KilnCore
import KilnPlatform
import Testing

/// A canvas on a background that is not opaque, as an asset file's preview has: what is not
/// drawn stays clear, and what is drawn keeps its own alpha, premultiplied.
@Suite("Transparent canvas")
struct TransparentCanvasTests {
    /// A 40×40 canvas with a 20×20 opaque red square at (10, 10) and a half-transparent blue
    /// square at (0, 30).
    static func layers() -> Layer {
        let root = Layer()
        root.frame = Rect(0, 0, 40, 40)
        let red = Layer()
        red.frame = Rect(10, 10, 20, 20)
        red.backgroundColor = Color(hex: 0xFF0000)
        let blue = Layer()
        blue.frame = Rect(0, 30, 10, 10)
        blue.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        root.addSublayer(red)
        root.addSublayer(blue)
        return root
    }

    static func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * bitmap.width + x) * 4
        return Array(bitmap.pixels[i..<(i + 4)])
    }

    @Test("A clear background leaves the canvas clear, and layers keep their alpha")
    func clearBackground() throws {
        let host = try OffscreenHost(canvas: Size(40, 40), scale: 1, fastPaths: false)

        let frame = host.render(root: Self.layers(), background: .clear)

        #expect(Self.pixel(frame, 2, 2) == [0, 0, 0, 0], "nothing drawn: clear")
        #expect(Self.pixel(frame, 20, 20) == [255, 0, 0, 255], "the opaque square")
        let blue = Self.pixel(frame, 5, 35)
        #expect(blue[0] == 0 && blue[1] == 0 && abs(Int(blue[2]) - 128) <= 1 && abs(Int(blue[3]) - 128) <= 1,
                "half-transparent blue, premultiplied: \(blue)")
    }

    @Test("An opaque background is drawn as before, opaque everywhere, with or without the fast paths",
          arguments: [false, true])
    func opaqueBackground(fastPaths: Bool) throws {
        let host = try OffscreenHost(canvas: Size(40, 40), scale: 1, fastPaths: fastPaths)

        let frame = host.render(root: Self.layers(), background: .white)

        #expect(Self.pixel(frame, 2, 2) == [255, 255, 255, 255])
        #expect(Self.pixel(frame, 20, 20) == [255, 0, 0, 255])
        let blue = Self.pixel(frame, 5, 35)
        #expect(abs(Int(blue[0]) - 127) <= 1 && abs(Int(blue[1]) - 127) <= 1 && blue[2] == 255 && blue[3] == 255,
                "half blue over white: \(blue)")
    }
}
