import Foundation
import KilnCore
@testable import KilnPlatform
import Testing

/// SVG files as libxml2 reads them before librsvg: a DTD, bad UTF-8, deep nesting, many
/// elements, an entity holding markup, and an SVG that is a FIFO. Each is read or refused in
/// one line naming the file; none crashes or blocks.
@Suite("SVG files read by libxml2 within limits")
struct SVGReadingTests {
    /// A folder of its own for each test's files.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-svg-\(UUID().uuidString)")

        init() throws {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        deinit {
            try? FileManager.default.removeItem(at: url)
        }

        func write(_ name: String, _ bytes: Data) throws -> URL {
            let file = url.appendingPathComponent(name)
            try bytes.write(to: file)
            return file
        }

        func write(_ name: String, _ text: String) throws -> URL {
            try write(name, Data(text.utf8))
        }
    }

    /// The error reading `url` as an SVG gives, `nil` when it reads.
    static func refusal(_ url: URL) -> AssetError? {
        do {
            _ = try VectorDocument(url: url)
            return nil
        } catch {
            return error
        }
    }

    static let open = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">"#

    @Test("An attribute list in the document's DTD is read, where Foundation's XML parser crashed on it")
    func attributeListInDTD() throws {
        let folder = try Folder()
        let url = try folder.write("attlist.svg", #"<!DOCTYPE svg [<!ATTLIST svg foo CDATA "x">]>"#
            + #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect id="a" width="5" height="5"/></svg>"#)

        let document = try VectorDocument(url: url)

        #expect(document.size == Size(width: 10, height: 10))
        #expect(document.elements.map(\.id) == ["a"])
    }

    @Test("Bad UTF-8 in an element's name is refused in one line naming the file")
    func badUTF8InAName() throws {
        let folder = try Folder()
        var bytes = Data(Self.open.utf8)
        bytes += Data([0x3C, 0x72, 0xFF, 0xFE, 0x20, 0x69, 0x64, 0x3D, 0x22, 0x61, 0x22, 0x2F, 0x3E])
        bytes += Data("</svg>".utf8)
        let url = try folder.write("bad-utf8.svg", bytes)

        let error = try #require(Self.refusal(url))

        #expect(error.description.hasPrefix("bad-utf8.svg: not well-formed XML"), "\(error)")
        #expect(!error.description.contains("\n"))
    }

    @Test("Elements nested past the limit are refused in one line, under libxml2's own limit too")
    func nestingPastTheLimit() throws {
        let folder = try Folder()
        let depth = VectorXML.maximumDepth + 10
        let url = try folder.write("deep.svg", Self.open + String(repeating: "<g>", count: depth)
            + String(repeating: "</g>", count: depth) + "</svg>")
        let allowed = try folder.write("allowed.svg", Self.open + String(repeating: "<g>", count: VectorXML.maximumDepth - 1)
            + String(repeating: "</g>", count: VectorXML.maximumDepth - 1) + "</svg>")

        let error = try #require(Self.refusal(url))

        #expect(error.description == "deep.svg: elements nested deeper than \(VectorXML.maximumDepth); refused")
        #expect(Self.refusal(allowed) == nil)
    }

    @Test("More elements than the limit are refused in one line")
    func tooManyElements() throws {
        let folder = try Folder()
        let url = try folder.write("many.svg", Self.open + String(repeating: "<g/>", count: VectorXML.maximumElements) + "</svg>")

        let error = try #require(Self.refusal(url))

        #expect(error.description == "many.svg: more than \(VectorXML.maximumElements) elements; refused")
    }

    @Test("An entity holding markup, which librsvg would expand into unchecked elements, is refused")
    func entityHoldingMarkup() throws {
        let folder = try Folder()
        let url = try folder.write("entity.svg", #"<!DOCTYPE svg [<!ENTITY img "<image href='x.png' width='5' height='5'/>">]>"#
            + Self.open + "&img;</svg>")
        let plain = try folder.write("plain-entity.svg", #"<!DOCTYPE svg [<!ENTITY ns "http://www.w3.org/2000/svg">]>"#
            + #"<svg xmlns="&ns;" width="10" height="10"><rect id="a" width="5" height="5"/></svg>"#)

        let error = try #require(Self.refusal(url))

        #expect(error.description.hasPrefix("entity.svg: declares the entity \"img\" holding markup"), "\(error)")
        #expect(try VectorDocument(url: plain).elements.map(\.id) == ["a"], "an entity of plain text, as Illustrator writes them, is read")
    }

    @Test("An SVG that is a FIFO is refused in one line at once, not waited for")
    func svgThatIsAFIFO() throws {
        let folder = try Folder()
        let url = folder.url.appendingPathComponent("pipe.svg")
        try #require(mkfifo(url.path, 0o600) == 0)

        let error = try #require(try Blocking.guarded(unblocking: [url]) { Self.refusal(url) })

        #expect(error.description.hasPrefix("pipe.svg: "), "\(error)")
        #expect(error.description.contains("FIFO"), "\(error)")
    }
}

/// Runs a read that might block on a FIFO, for at most ten seconds (a generous hang guard).
enum Blocking {
    /// `body`'s result; when it is still blocked after ten seconds the test fails, and the
    /// FIFOs at `fifos` are opened for writing and closed so the read ends.
    static func guarded<T: Sendable>(unblocking fifos: [URL], _ body: @escaping @Sendable () -> T) throws -> T {
        let result = Locked<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            result.withLock { $0 = body() }
            done.signal()
        }
        if done.wait(timeout: .now() + 10) == .timedOut {
            Issue.record("blocked on a FIFO for ten seconds")
            while done.wait(timeout: .now() + 0.1) == .timedOut {
                for fifo in fifos {
                    let writer = Foundation.open(fifo.path, O_WRONLY | O_NONBLOCK)
                    if writer >= 0 { close(writer) }
                }
            }
        }
        return try #require(result.withLock { $0 })
    }
}
