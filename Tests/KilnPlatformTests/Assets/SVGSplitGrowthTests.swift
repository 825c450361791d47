import Foundation
import KilnCore
@testable import KilnPlatform
import Testing

/// Splitting an SVG into layers does work in proportion to its parts: one librsvg handle
/// whatever the number of ids, and a bounded number of measures for each part. Counted, not
/// timed: a document of N ids, each after a piece of unnamed drawing, is split for several N.
@Suite("Splitting an SVG into layers grows with its parts")
struct SVGSplitGrowthTests {
    /// `ids` squares with ids on a grid, each after an unnamed square; the first filtered when
    /// `filtered`.
    static func document(ids: Int, filtered: Bool) -> String {
        let columns = Int(Double(ids).squareRoot()) + 1
        var body = filtered ? ##"<defs><filter id="blur"><feGaussianBlur stdDeviation="1"/></filter></defs>"## : ""
        for i in 0..<ids {
            let x = (i % columns) * 10, y = (i / columns) * 10
            body += ##"<rect x="\##(x)" y="\##(y)" width="4" height="4" fill="#888"/>"##
            let filter = filtered && i == 0 ? ##" filter="url(#blur)""## : ""
            body += ##"<rect id="r\##(i)" x="\##(x + 5)" y="\##(y + 5)" width="4" height="4" fill="#f00"\##(filter)/>"##
        }
        let side = columns * 10
        return #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(side)" height="\#(side)">\#(body)</svg>"#
    }

    @Test("Handles stay two and measures stay within a few per part as the ids grow", arguments: [false, true])
    func workGrowsLinearly(filtered: Bool) throws {
        let folder = try SVGReadingTests.Folder()
        var work: [Int: VectorDocument.Work] = [:]

        for ids in [25, 50, 100, 200] {
            let url = try folder.write("ids-\(ids).svg", Self.document(ids: ids, filtered: filtered))
            let document = try VectorDocument(url: url)
            #expect(document.elements.count == ids && document.parts.count == 2 * ids)
            work[ids] = document.work
        }

        for (ids, done) in work.sorted(by: { $0.key < $1.key }) {
            // The whole document's handle and the tree's.
            #expect(done.handles == 2, "\(ids) ids: \(done.handles) handles")
            // An ink rectangle for each element and each piece of unnamed drawing.
            #expect(done.inks <= 2 * ids, "\(ids) ids: \(done.inks) ink rectangles")
            #expect(done.pixelSearches == (filtered ? done.inks : 0), "\(ids) ids: \(done.pixelSearches) pixel searches")
        }
    }

    @Test("Each run of unnamed drawing draws what the document draws there, with the tree's own handle")
    func runsDrawTheirPieces() throws {
        let folder = try SVGReadingTests.Folder()
        let url = try folder.write("ids.svg", Self.document(ids: 9, filtered: false))
        let document = try VectorDocument(url: url)
        let handles = document.work.handles

        let canvas = CairoCanvas(width: 40, height: 40)
        for part in document.parts {
            guard case .run(let run) = part else { continue }
            try document.render(id: nil, style: document.style(hiding: run.hidden), on: UnsafeMutableRawPointer(canvas.cr),
                                viewport: Rect(x: 0, y: 0, width: 40, height: 40))
        }

        #expect(document.work.handles == handles, "no handle loaded to draw a run")
        let grey = canvas.withPixels { data, stride in
            (0..<40).reduce(0) { sum, y in sum + (0..<40).filter { data[y * stride + $0 * 4 + 3] > 0 }.count }
        }
        #expect(grey == 9 * 16, "the nine unnamed 4 × 4 squares and nothing else: \(grey) pixels")
    }

    /// `count` unnamed 1 × 1 squares in a row, then one with an id; with a stylesheet that
    /// colours the root's own squares when `styled`.
    static func manyUnnamed(_ count: Int, styled: Bool) -> String {
        let style = styled ? "<style>svg > rect { fill: #00FF00; }</style>" : ""
        let squares = (0..<count).map { ##"<rect x="\##($0 % 100)" y="\##($0 / 100)" width="1" height="1"/>"## }.joined()
        return ##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">"## + style + squares
            + ##"<rect id="named" x="50" y="90" width="10" height="10"/></svg>"##
    }

    /// The opaque pixels of the document's root parts drawn in turn.
    static func partPixels(_ document: VectorDocument) throws -> (count: Int, green: Int) {
        let canvas = CairoCanvas(width: 100, height: 100)
        for part in document.parts {
            let style: String, id: String?
            switch part {
            case .run(let run): (style, id) = (document.style(hiding: run.hidden), nil)
            case .child(let index): (style, id) = (document.treeStyle, document.elements[index].id)
            }
            try document.render(id: id, style: style, on: UnsafeMutableRawPointer(canvas.cr),
                                viewport: Rect(x: 0, y: 0, width: 100, height: 100))
        }
        return canvas.withPixels { data, stride in
            var count = 0, green = 0
            for y in 0..<100 {
                for x in 0..<100 where data[y * stride + x * 4 + 3] > 0 {
                    count += 1
                    if data[y * stride + x * 4 + 1] > 200 && data[y * stride + x * 4 + 2] < 40 { green += 1 }
                }
            }
            return (count, green)
        }
    }

    @Test("A run of many unnamed siblings is measured and drawn as one piece, and draws every one of them")
    func manyUnnamedSiblings() throws {
        let folder = try SVGReadingTests.Folder()
        let url = try folder.write("unnamed.svg", Self.manyUnnamed(5000, styled: false))

        let document = try VectorDocument(url: url)
        let drawn = try Self.partPixels(document)

        #expect(document.work.inks <= 3, "\(document.work.inks) ink rectangles for one run and one element")
        #expect(drawn.count == 5000 + 100, "\(drawn.count) pixels")
    }

    @Test("Where the document has CSS, its unnamed siblings are left as they are, so a selector by nesting still applies")
    func cssKeepsTheNesting() throws {
        let folder = try SVGReadingTests.Folder()
        let url = try folder.write("styled.svg", Self.manyUnnamed(50, styled: true))

        let document = try VectorDocument(url: url)
        let drawn = try Self.partPixels(document)

        #expect(drawn.green == 50 + 100, "the squares the stylesheet colours: \(drawn.green) green pixels")
    }
}
