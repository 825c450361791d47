import Foundation
import KilnCore
@testable import KilnPlatform
import Testing

/// Files an SVG names, which librsvg would open itself: each must be a regular file inside
/// the SVG's folder, by name and after links, and an image must be within the size limits.
/// One that is not is never opened, is said in one line naming the SVG and the reference,
/// and the rest of the document draws. Serialized: the lines come from one process-wide sink.
@Suite("Files an SVG names", .serialized)
struct SVGReferenceTests {
    static let size = 32

    /// An SVG of a white backdrop and an image named `reference` over its left half.
    static func document(image reference: String, attribute: String = "href") -> String {
        #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="32">"#
            + ##"<rect id="backdrop" width="64" height="32" fill="#0000FF"/>"##
            + #"<image \#(attribute)="\#(reference)" x="0" y="0" width="32" height="32"/></svg>"#
    }

    /// Makes a folder holding `bright.png` (bright green), the SVG `name` with `text`, and
    /// whatever `setUp` adds; reads and draws the SVG, the lines said about it, and how many
    /// green pixels and blue pixels it drew at 1×.
    static func drawn(_ name: String, _ text: String, setUp: (URL) throws -> Void = { _ in })
        throws -> (lines: [String], green: Int, blue: Int) {
        let folder = try SVGReadingTests.Folder()
        try FileManager.default.copyItem(at: AssetFixtures.fixture("bright.png"),
                                         to: folder.url.appendingPathComponent("bright.png"))
        try setUp(folder.url)
        let url = try folder.write(name, text)
        var document: VectorDocument?
        let lines = try ProblemLines.said(about: name) {
            document = try Blocking.guarded(unblocking: [folder.url.appendingPathComponent("pipe.png"),
                                                         folder.url.appendingPathComponent("sub/pipe.png")]) {
                try? VectorDocument(url: url)
            }
        }
        let loaded = try #require(document)
        let canvas = CairoCanvas(width: 64, height: 32)
        try loaded.render(id: nil, on: UnsafeMutableRawPointer(canvas.cr), viewport: Rect(x: 0, y: 0, width: 64, height: 32))
        var green = 0, blue = 0
        canvas.withPixels { data, stride in
            for y in 0..<32 {
                for x in 0..<64 {
                    // Cairo's ARGB32 is B, G, R, A in memory.
                    let pixel = data + y * stride + x * 4
                    if pixel[1] > 215 && pixel[0] < 40 && pixel[2] < 40 { green += 1 }
                    if pixel[0] > 215 && pixel[1] < 40 && pixel[2] < 40 { blue += 1 }
                }
            }
        }
        return (lines, green, blue)
    }

    @Test("A regular image inside the folder is drawn, by href and by xlink:href, and nothing is said")
    func imageInside() throws {
        let plain = try Self.drawn("inside.svg", Self.document(image: "bright.png"))
        let xlink = try Self.drawn("inside-xlink.svg", Self.document(image: "bright.png", attribute: "xlink:href"))

        #expect(plain.green > 900 && xlink.green > 900, "\(plain.green), \(xlink.green) green pixels")
        #expect(plain.lines.isEmpty && xlink.lines.isEmpty, "\(plain.lines) \(xlink.lines)")
    }

    @Test("A FIFO named as an image is never opened: one line, and the rest of the SVG draws at once")
    func fifoAsImage() throws {
        let result = try Self.drawn("fifo.svg", Self.document(image: "pipe.png")) { folder in
            try #require(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o600) == 0)
        }

        #expect(result.lines.count == 1 && result.lines[0].hasPrefix("fifo.svg: the image \"pipe.png\" "), "\(result.lines)")
        #expect(result.lines.first?.contains("FIFO") == true, "\(result.lines)")
        #expect(result.blue > 900, "the backdrop draws: \(result.blue) blue pixels")
    }

    @Test("A link leading outside the folder is never followed, though its target is a regular image")
    func linkOutside() throws {
        let outside = try SVGReadingTests.Folder()
        let target = outside.url.appendingPathComponent("bright.png")
        try FileManager.default.copyItem(at: AssetFixtures.fixture("bright.png"), to: target)

        let result = try Self.drawn("link.svg", Self.document(image: "away.png")) { folder in
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("away.png"), withDestinationURL: target)
        }

        #expect(result.green == 0, "\(result.green) green pixels from outside the folder")
        #expect(result.lines.count == 1 && result.lines[0].contains("\"away.png\" leads outside the file's folder through a link"),
                "\(result.lines)")
        #expect(result.blue > 900)
    }

    @Test("A link inside the folder to an image beside it is not followed either: a reference names a file, not a link")
    func linkInside() throws {
        let result = try Self.drawn("inner-link.svg", Self.document(image: "alias.png")) { folder in
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("alias.png"),
                                                       withDestinationURL: folder.appendingPathComponent("bright.png"))
        }

        #expect(result.green == 0)
        #expect(result.lines.count == 1 && result.lines[0].contains("\"alias.png\" is a link"), "\(result.lines)")
    }

    @Test("A ../ reference out of the folder is never opened, written plainly or %-escaped")
    func climbingOut() throws {
        let plain = try Self.drawn("climb.svg", Self.document(image: "../bright.png"))
        let escaped = try Self.drawn("climb-escaped.svg", Self.document(image: "%2E%2E/bright.png"))

        #expect(plain.lines.count == 1 && plain.lines[0].contains("\"../bright.png\" leads outside the file's folder"), "\(plain.lines)")
        #expect(escaped.lines.count == 1 && escaped.lines[0].contains("leads outside the file's folder"), "\(escaped.lines)")
        #expect(plain.blue > 900 && escaped.blue > 900)
    }

    @Test("An image whose header claims more than the largest side is never decoded")
    func hugeImage() throws {
        let result = try Self.drawn("huge.svg", Self.document(image: "huge.png")) { folder in
            try FileManager.default.copyItem(at: AssetFixtures.fixture("huge-header.png"), to: folder.appendingPathComponent("huge.png"))
        }

        #expect(result.lines.count == 1 && result.lines[0].hasPrefix("huge.svg: the image \"huge.png\" ")
                && result.lines[0].contains("larger than 16384 px"), "\(result.lines)")
        #expect(result.blue > 900)
    }

    @Test("An embedded image whose header claims more than the pixel limit is never decoded, in base64 or %-escaped")
    func hugeEmbeddedImage() throws {
        let png = AttackFiles.png(width: 5000, height: 5000, rows: 1)
        let base64 = "data:image/png;base64," + png.base64EncodedString()
        let escaped = "data:image/png," + png.map { String(format: "%%%02X", $0) }.joined()
        let small = "data:image/png;base64," + (try Data(contentsOf: AssetFixtures.fixture("bright.png"))).base64EncodedString()

        let results = try [base64, escaped].enumerated().map { index, reference in
            try Self.drawn("embedded-\(index).svg", Self.document(image: reference))
        }
        let within = try Self.drawn("embedded-small.svg", Self.document(image: small))

        for (index, result) in results.enumerated() {
            #expect(result.lines.count == 1 && result.lines[0].hasPrefix("embedded-\(index).svg: the image \"data:image/png")
                    && result.lines[0].contains("5000×5000 px is more than the 16777216 pixels"), "\(result.lines)")
            #expect(result.lines.first.map { $0.count < 300 } == true, "the line shows the start of the data only")
            #expect(result.blue > 900 && result.green == 0, "\(result.blue) blue, \(result.green) green pixels")
        }
        #expect(within.lines.isEmpty && within.green > 900, "\(within.lines), \(within.green) green pixels")
    }

    @Test("A DTD's default href and an xml:base pointing elsewhere cannot smuggle in a FIFO")
    func defaultsAndBase() throws {
        let header = ##"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32"><rect width="64" height="32" fill="#0000FF"/>"##
        let defaulted = #"<!DOCTYPE svg [<!ATTLIST image href CDATA "pipe.png">]>"# + header
            + #"<image width="32" height="32"/></svg>"#
        let based = header + #"<g xml:base="sub/"><image href="pipe.png" width="32" height="32"/></g></svg>"#
        func fifos(_ folder: URL) throws {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
            try #require(mkfifo(folder.appendingPathComponent("sub/pipe.png").path, 0o600) == 0)
            try #require(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o600) == 0)
        }

        let fromDefault = try Self.drawn("defaulted.svg", defaulted, setUp: fifos)
        let fromBase = try Self.drawn("based.svg", based, setUp: fifos)

        #expect(fromDefault.blue > 900 && fromBase.blue > 900)
        #expect(fromBase.lines.count == 1 && fromBase.lines[0].contains("FIFO"), "\(fromBase.lines)")
    }

    @Test("A FIFO named by CSS, in an attribute, a style, an escaped url( or an @import, is never opened")
    func fifoNamedByCSS() throws {
        let header = ##"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32"><rect width="64" height="32" fill="#0000FF"/>"##
        let cases = [
            ("fill.svg", header + ##"<rect width="8" height="8" fill="url(pipe.png#paint)"/></svg>"##, "fill"),
            ("style.svg", header + ##"<rect width="8" height="8" style="filter: url('pipe.png#f')"/></svg>"##, "style"),
            ("escaped.svg", header + ##"<rect width="8" height="8" mask="u\72 l(pipe.png#m)"/></svg>"##, "mask"),
            ("import.svg", header + ##"<style>@import "pipe.png";</style></svg>"##, "stylesheet's"),
        ]
        func fifo(_ folder: URL) throws {
            try #require(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o600) == 0)
        }

        for (name, text, what) in cases {
            let result = try Self.drawn(name, text, setUp: fifo)

            #expect(result.blue > 900, "\(name): the rest draws")
            #expect(result.lines.count == 1 && result.lines[0].hasPrefix("\(name): the \(what) reference \"")
                    && result.lines[0].contains("FIFO"), "\(name): \(result.lines)")
        }
    }
}
