import Foundation
import KilnCore
import KilnPlatform
import Testing

/// rlottie is handed the document Kiln checked, so that a Lottie cannot show Kiln one image
/// and rlottie another: a key given twice is refused, and each image is read where rlottie
/// reads it, or not at all. Serialized: the lines are read from one process-wide sink.
@Suite("Lottie reading", .serialized)
struct LottieReadingTests {
    /// A folder holding `outside.png` (green) and the folder `inside/`, where the Lottie goes.
    func folders() throws -> (root: URL, inside: URL) {
        let root = try AttackFiles.folder()
        let inside = root.appendingPathComponent("inside")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        try AttackFiles.png(width: 16, height: 16).write(to: root.appendingPathComponent("outside.png"))
        return (root, inside)
    }

    /// The green pixels of the Lottie at `url` drawn at its size, and the lines said about it.
    func drawn(_ url: URL) throws -> (green: Int, lines: [String]) {
        PlatformAssetReader.install()
        var animation: LottieAnimation?
        let lines = try ProblemLines.said(about: url.lastPathComponent) {
            animation = try LottieAnimation(contentsOf: url)
        }
        let layer = LottieLayer(animation: animation)
        layer.frame = Rect(x: 0, y: 0, width: 16, height: 16)
        let frame = try AssetFixtures.render(layer, canvas: Size(width: 16, height: 16), scale: 1)
        let green = (0..<frame.width * frame.height).filter { i in
            frame.pixels[i * 4] < 40 && frame.pixels[i * 4 + 1] > 215 && frame.pixels[i * 4 + 2] < 40
        }.count
        return (green, lines)
    }

    @Test("A Lottie giving \"assets\" twice, the first naming an image outside its folder, is refused")
    func assetsGivenTwice() throws {
        PlatformAssetReader.install()
        let (root, inside) = try folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let url = inside.appendingPathComponent("twice.json")
        let outside = AttackFiles.imageAsset(#""u":"/../","p":"outside.png","e":0"#)
        try AttackFiles.lottie(assets: #""assets":[\#(outside)],"assets":[],"#).write(to: url)

        #expect {
            _ = try LottieAnimation(contentsOf: url)
        } throws: { error in
            "\(error)" == "twice.json: not a Lottie animation (line 1: duplicate key \"assets\")"
        }
    }

    @Test("An image named \"data:/../\" that is not embedded is a path, refused outside the folder, beside a folder named data:")
    func dataPrefixPath() throws {
        let (root, inside) = try folders()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: inside.appendingPathComponent("data:"), withIntermediateDirectories: true)
        let url = inside.appendingPathComponent("data-path.json")
        let asset = AttackFiles.imageAsset(#""u":"data:/../../","p":"outside.png","e":0"#)
        try AttackFiles.lottie(assets: #""assets":[\#(asset)],"#).write(to: url)

        let result = try drawn(url)

        #expect(result.green == 0, "\(result.green) pixels of the image outside the folder were drawn")
        #expect(result.lines == ["data-path.json: the image \"data:/../../outside.png\" leads outside the file's folder; not read"])
    }

    @Test("An image beside the Lottie, named through a folder inside it, is drawn")
    func imageInside() throws {
        let (root, inside) = try folders()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: inside.appendingPathComponent("images"), withIntermediateDirectories: true)
        try AttackFiles.png(width: 16, height: 16).write(to: inside.appendingPathComponent("images/green.png"))
        let url = inside.appendingPathComponent("inside.json")
        let asset = AttackFiles.imageAsset(#""u":"images/../images/","p":"green.png","e":0"#)
        try AttackFiles.lottie(assets: #""assets":[\#(asset)],"#).write(to: url)

        let result = try drawn(url)

        #expect(result.green > 200)
        #expect(result.lines.isEmpty, "\(result.lines)")
    }

    @Test("An embedded image is drawn, and one whose header claims 30000×30000 is left out in one line before rlottie decodes it")
    func embeddedImages() throws {
        let (root, inside) = try folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let small = AttackFiles.png(width: 16, height: 16).base64EncodedString()
        let huge = AttackFiles.png(width: 30000, height: 30000, rows: 0).base64EncodedString()
        let smallURL = inside.appendingPathComponent("embedded.json"), hugeURL = inside.appendingPathComponent("embedded-huge.json")
        try AttackFiles.lottie(assets: #""assets":[\#(AttackFiles.imageAsset(#""u":"","p":"data:image/png;base64,\#(small)","e":1"#))],"#)
            .write(to: smallURL)
        try AttackFiles.lottie(assets: #""assets":[\#(AttackFiles.imageAsset(#""u":"","p":"data:image/png;base64,\#(huge)","e":1"#))],"#)
            .write(to: hugeURL)

        let drawnSmall = try drawn(smallURL)
        let drawnHuge = try drawn(hugeURL)

        #expect(drawnSmall.green > 200)
        #expect(drawnSmall.lines.isEmpty, "\(drawnSmall.lines)")
        #expect(drawnHuge.green == 0)
        #expect(drawnHuge.lines.count == 1, "\(drawnHuge.lines)")
        #expect(drawnHuge.lines.allSatisfy { $0.hasPrefix("embedded-huge.json: the embedded image \"data:image/png;base64,") && $0.contains("30000×30000 px") }, "\(drawnHuge.lines)")
    }

    @Test("A Lottie nested past 64 levels is refused in one line")
    func nestedTooDeep() throws {
        PlatformAssetReader.install()
        let folder = try AttackFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("deep.json")
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        try Data(#"{"w":16,"h":16,"fr":30,"op":30,"layers":[],"nm":\#(deep)}"#.utf8).write(to: url)

        #expect {
            _ = try LottieAnimation(contentsOf: url)
        } throws: { error in
            "\(error)" == "deep.json: not a Lottie animation (line 1: nested too deeply)"
        }
    }

    /// A 16 × 16 Lottie of one green square repeated by `repeaters`: the copy counts of the
    /// repeaters in the layer's list, and of those in a group inside it.
    static func repeated(outer: [String], inner: [String]) -> Data {
        func repeater(_ copies: String) -> String {
            #"{"ty":"rp","c":\#(copies),"o":{"a":0,"k":0},"m":1,"tr":{"ty":"tr","p":{"a":0,"k":[0,0]},"# +
                #""a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}"#
        }
        let square = #"{"ty":"rc","p":{"a":0,"k":[8,8]},"s":{"a":0,"k":[16,16]},"r":{"a":0,"k":0}},"# +
            #"{"ty":"fl","c":{"a":0,"k":[0,1,0,1]},"o":{"a":0,"k":100}}"#
        let transform = #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"# +
            #""r":{"a":0,"k":0},"o":{"a":0,"k":100}}"#
        let group = #"{"ty":"gr","it":[\#(([square] + inner.map(repeater) + [transform]).joined(separator: ","))]}"#
        let shapes = ([group] + outer.map(repeater)).joined(separator: ",")
        let layer = #"{"ddd":0,"ind":1,"ty":4,"ks":{},"shapes":[\#(shapes)],"ip":0,"op":30,"st":0}"#
        return Data(#"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":16,"h":16,"layers":[\#(layer)]}"#.utf8)
    }

    @Test("Repeaters asking for more than 10,000 copies of a shape, nested or animated, are refused before rlottie makes them",
          arguments: [
              (outer: [#"{"a":0,"k":100000000}"#], inner: [], copies: "100000000"),
              (outer: [#"{"a":0,"k":200}"#], inner: [#"{"a":0,"k":200}"#], copies: "40000"),
              (outer: [#"{"a":0,"k":20}"#, #"{"a":0,"k":30}"#], inner: [#"{"a":0,"k":20}"#], copies: "12000"),
              (outer: [#"{"a":1,"k":[{"t":0,"s":[3]},{"t":30,"s":[50000]}]}"#], inner: [], copies: "50000"),
              (outer: [#"{"a":0,"k":1e300}"#], inner: [], copies: "1e+300"),
          ])
    func tooManyCopies(outer: [String], inner: [String], copies: String) throws {
        let folder = try AttackFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("copies.json")
        try Self.repeated(outer: outer, inner: inner).write(to: url)

        #expect {
            _ = try LottieAnimation(contentsOf: url)
        } throws: { error in
            "\(error)" == "copies.json: its repeaters make \(copies) copies of a shape, more than 10000; refused"
        }
    }

    @Test("A ring of a hundred copies inside a row of ten, animated over frames up to 300, plays")
    func busyRepeatersPlay() throws {
        let folder = try AttackFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("ring.json")
        let row = #"{"a":1,"k":[{"t":0,"s":[1],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":300,"s":[10]}]}"#
        try Self.repeated(outer: [row], inner: [#"{"a":0,"k":100}"#]).write(to: url)

        let drawn = try drawn(url)

        #expect(drawn.lines.isEmpty, "\(drawn.lines)")
        #expect(drawn.green > 200)
    }
}
