// `kiln FILE` as users meet it: the window on an asset file alone, under Xvfb, photographed
// with ImageMagick and compared with what the file holds.
import Foundation
import KilnEndToEndSupport
import Testing

@Suite("Asset files in the window", .serialized)
struct AssetWindowTests {
    static func asset(_ name: String) -> String {
        ProjectFiles.root.appendingPathComponent("Resources/Assets/\(name)").path
    }

    /// Photographs `window` until the picture passes `check` or 15 s go by; the last picture.
    static func photograph(_ window: XWindow, into folder: URL, until check: (RGBImage) -> Bool) throws -> RGBImage {
        let shot = folder.appendingPathComponent("window.png").path
        let deadline = Date().addingTimeInterval(15)
        var picture: RGBImage
        repeat {
            try window.screenshot(to: shot)
            picture = try RGBImage(contentsOf: shot)
            if check(picture) { break }
            Thread.sleep(forTimeInterval: 0.2)
        } while Date() < deadline
        return picture
    }

    @Test("kiln FILE.webp opens a window the picture's size showing the picture")
    func photo() throws {
        let file = Self.asset("dusk-small.webp")
        try withApp(arguments: [file]) { _, window, files in
            let expected = try RGBImage(contentsOf: file)

            let picture = try Self.photograph(window, into: files) {
                $0.width == expected.width && $0.difference(from: expected).meanAbsolute < 3
            }

            #expect(try window.geometry().width == 200 && window.geometry().height == 250, "the canvas at 1×")
            #expect(try window.wmName() == "Kiln — preview")
            let difference = picture.width == expected.width && picture.height == expected.height
                ? picture.difference(from: expected, tolerance: 12) : nil
            #expect(difference.map { $0.meanAbsolute < 3 && $0.fractionWithinTolerance > 0.98 } == true,
                    "\(difference.map(String.init(describing:)) ?? "a \(picture.width)×\(picture.height) window")")
        }
    }

    @Test("kiln FILE.svg shows the drawing in its colours, on a grey backdrop where it is transparent")
    func vector() throws {
        try withApp(arguments: [Self.asset("profile-card.svg")]) { _, window, files in
            func colour(_ picture: RGBImage, _ x: Int, _ y: Int) -> [Int] {
                let i = (y * picture.width + x) * 3
                return picture.pixels[i..<(i + 3)].map(Int.init)
            }
            func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 4 } }
            let like = [0xFF, 0x2D, 0x55], orange = [0xFF, 0x95, 0x00], white = [0xFF, 0xFF, 0xFF], grey = [209, 209, 209]

            let picture = try Self.photograph(window, into: files) {
                $0.width == 320 && $0.height == 200 && near(colour($0, 35, 160), like)
            }

            try #require(picture.width == 320 && picture.height == 200, "a \(picture.width)×\(picture.height) window")
            #expect(near(colour(picture, 35, 160), like), "likeButton: \(colour(picture, 35, 160))")
            #expect(near(colour(picture, 40, 70), orange), "the avatar: \(colour(picture, 40, 70))")
            #expect(near(colour(picture, 280, 110), white), "the card: \(colour(picture, 280, 110))")
            #expect(near(colour(picture, 1, 199), grey), "the rounded corner shows the backdrop: \(colour(picture, 1, 199))")
        }
    }
}
