import Foundation
import KilnCore
import KilnPlatform
import KilnTestSupport
import Testing

/// Bad asset files: each is said in one line naming the file, the layer shows a crossed box,
/// and nothing crashes. Serialized: the lines are read from one process-wide sink.
@Suite("Bad assets", .serialized)
struct AssetProblemTests {
    static let canvas = Size(width: 60, height: 60)

    /// Makes the layer for `path` as a scene would (`named:` never throws), and checks the one
    /// line, the reason in it, and the crossed box at 1× and 2×.
    func expectRefused(_ path: String, saying reason: String, make: (String) -> Layer,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        PlatformAssetReader.install()
        let name = (path as NSString).lastPathComponent
        var layer: Layer?

        let lines = ProblemLines.said(about: name) { layer = make(path) }

        #expect(lines.count == 1, "\(name): \(lines)", sourceLocation: sourceLocation)
        #expect(lines.allSatisfy { $0.contains(reason) && !$0.contains("\n") }, "\(lines)", sourceLocation: sourceLocation)
        let shown = try #require(layer)
        shown.frame = Rect(x: 8, y: 8, width: 44, height: 44)
        for scale in [1.0, 2.0] {
            let frame = try AssetFixtures.render(shown, canvas: Self.canvas, scale: scale)
            let showsBox = AssetFixtures.showsPlaceholder(frame, in: shown.frame, scale: scale)
            #expect(showsBox, "\(name) at \(scale)×: no crossed box", sourceLocation: sourceLocation)
        }
    }

    static func imageLayer(_ path: String) -> Layer { ImageLayer(named: path) }
    static func svgLayer(_ path: String) -> Layer { SVGLayer(named: path) }
    static func lottieLayer(_ path: String) -> Layer { LottieLayer(named: path) }

    @Test("A missing image, SVG or Lottie")
    func missing() throws {
        try expectRefused("/nonexistent/missing.png", saying: "no such file", make: Self.imageLayer)
        try expectRefused("/nonexistent/missing.svg", saying: "no such file", make: Self.svgLayer)
        try expectRefused("/nonexistent/missing.json", saying: "no such file", make: Self.lottieLayer)
        try expectRefused("missing-asset.png", saying: "no such asset", make: Self.imageLayer)
    }

    /// Set in the copy of this test bundle that checks unreadable files as `nobody`: the
    /// folder root made, holding files only their owner may read.
    static let unreadableFolderVariable = "KILN_TEST_UNREADABLE_ASSETS"

    @Test("An unreadable file; root reads any file, so as root the check runs as nobody, in this test bundle run again")
    func unreadable() throws {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment[Self.unreadableFolderVariable] {
            return try expectUnreadable(in: URL(fileURLWithPath: given))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-unreadable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in ["kiln-dot.png", "heart.svg", "pulse.json"] {
            let copy = folder.appendingPathComponent(file)
            try FileManager.default.copyItem(at: AssetFixtures.sample(file), to: copy)
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: copy.path)
        }
        guard getuid() == 0 else { return try expectUnreadable(in: folder) }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let setpriv = try ExternalCommand.require("setpriv", package: "util-linux")
        let bundle = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")

        let result = try ExternalCommand.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", bundle,
                                                       "--testing-library", "swift-testing", "--filter", "AssetProblemTests/unreadable"],
                                             environment: try Self.sanitizerOptions(environment, readableIn: folder)
                                                 .merging([Self.unreadableFolderVariable: folder.path]) { $1 },
                                             timeout: 120, allowFailure: true)

        let output = String(decoding: result.stdout, as: UTF8.self) + result.stderr
        #expect(result.status == 0, "as nobody: \(output.suffix(1500)) \(result.stderr.suffix(500))")
        #expect(output.contains("Test run with 1 test") && output.contains("passed"), "the check ran: \(output.suffix(600))")
    }

    /// `environment` with each sanitizer's suppressions file copied into `folder`, where
    /// `nobody` can read it: a checkout in a private folder is closed to that user, and a
    /// sanitizer that cannot read its suppressions stops the process.
    static func sanitizerOptions(_ environment: [String: String], readableIn folder: URL) throws -> [String: String] {
        var result = environment
        for key in ["TSAN_OPTIONS", "ASAN_OPTIONS", "LSAN_OPTIONS"] {
            guard let options = environment[key] else { continue }
            result[key] = try options.split(separator: " ").map { option -> String in
                guard option.hasPrefix("suppressions=") else { return String(option) }
                let copy = folder.appendingPathComponent("\(key).supp")
                try FileManager.default.copyItem(atPath: String(option.dropFirst("suppressions=".count)), toPath: copy.path)
                try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: copy.path)
                return "suppressions=\(copy.path)"
            }.joined(separator: " ")
        }
        return result
    }

    /// Each file of `folder`, which this process cannot read: one line and a crossed box.
    private func expectUnreadable(in folder: URL) throws {
        try expectRefused(folder.appendingPathComponent("kiln-dot.png").path, saying: "cannot be read", make: Self.imageLayer)
        try expectRefused(folder.appendingPathComponent("heart.svg").path, saying: "cannot be read", make: Self.svgLayer)
        try expectRefused(folder.appendingPathComponent("pulse.json").path, saying: "cannot be read", make: Self.lottieLayer)
    }

    @Test("Corrupt bytes, a truncated PNG and a truncated JPEG")
    func corruptAndTruncated() throws {
        try expectRefused(AssetFixtures.fixture("corrupt.png").path, saying: "corrupt.png: ", make: Self.imageLayer)
        try expectRefused(AssetFixtures.fixture("truncated.png").path, saying: "truncated", make: Self.imageLayer)
        try expectRefused(AssetFixtures.fixture("truncated.jpg").path, saying: "truncated", make: Self.imageLayer)
    }

    @Test("A PNG whose header claims 20000×20000 is refused with its size, at once, before any pixels")
    func enormousHeader() throws {
        let started = ContinuousClock.now

        try expectRefused(AssetFixtures.fixture("huge-header.png").path, saying: "20000×20000", make: Self.imageLayer)

        // Decoding 20000² pixels (1.6 GB) takes seconds; reading a header, microseconds.
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    @Test("An SVG asking for a canvas 100000 wide is refused with its size, as an image and as layers")
    func enormousSVG() throws {
        let path = AssetFixtures.fixture("wide-canvas.svg").path
        try expectRefused(path, saying: "100000×100", make: Self.imageLayer)
        try expectRefused(path, saying: "100000×100", make: Self.svgLayer)
    }

    @Test("An SVG or Lottie claiming a side of 1e30 or more is refused with its size, not a crash writing it")
    func sideTooLongForAnInteger() throws {
        let svg = ProjectFiles.root.appendingPathComponent("Tests/Fixtures/Fuzz/svg/viewbox-1e30-high.svg").path
        try expectRefused(svg, saying: "an SVG canvas of 24×2.41e+32 pt is larger than 16384 pt on a side", make: Self.imageLayer)
        try expectRefused(svg, saying: "24×2.41e+32 pt", make: Self.svgLayer)
        try expectRefused(AssetFixtures.fixture("width-1e30.json").path, saying: "1e+30×64 px is larger than 16384 px",
                          make: Self.lottieLayer)
    }

    @Test("Lottie files: not JSON, JSON that is not a Lottie, and one rlottie refuses")
    func badLotties() throws {
        try expectRefused(AssetFixtures.fixture("not-json.json").path, saying: "not a Lottie", make: Self.lottieLayer)
        try expectRefused(AssetFixtures.fixture("not-lottie.json").path, saying: "not a Lottie", make: Self.lottieLayer)
        try expectRefused(AssetFixtures.fixture("rlottie-refuses.json").path, saying: "rlottie", make: Self.lottieLayer)
    }

    @Test("A Lottie starting with a C1 next-line byte (found by fuzz-lottie) is refused in one line naming the byte")
    func lottieStartingWithNextLine() throws {
        let url = ProjectFiles.root.appendingPathComponent("Tests/Fixtures/Fuzz/lottie/next-line-byte-first.json")

        let error = #expect(throws: AssetError.self) { try LottieAnimation(contentsOf: url) }

        let line = try #require(error?.description)
        #expect(!line.contains { $0.isNewline }, "\(line.debugDescription)")
        #expect(line == #"next-line-byte-first.json: not a Lottie animation (line 1: unexpected character '\u{85}')"#)
    }

    @Test("An SVG cut inside a tag (found by fuzz-svg): librsvg's message ends with a newline, the line does not")
    func svgCutInsideATag() throws {
        let path = ProjectFiles.root.appendingPathComponent("Tests/Fixtures/Fuzz/svg/cut-inside-a-tag.svg").path
        try expectRefused(path, saying: "Premature end of data", make: Self.svgLayer)
    }

    @Test("An image an SVG links from outside its folder, or from a URL, is never drawn")
    func linksOutsideTheFolder() throws {
        PlatformAssetReader.install()
        func greenPixels(_ file: String) throws -> Int {
            let image = try Image(contentsOf: AssetFixtures.fixture(file))
            let layer = ImageLayer(image: image)
            layer.frame = Rect(origin: .zero, size: image.size)
            let frame = try AssetFixtures.render(layer, canvas: image.size, scale: 1)
            return (0..<frame.width * frame.height).filter { i in
                frame.pixels[i * 4] < 40 && frame.pixels[i * 4 + 1] > 215 && frame.pixels[i * 4 + 2] < 40
            }.count
        }

        let inside = try greenPixels("linked-inside.svg")
        let outside = try greenPixels("Linked/linked-images.svg")

        #expect(inside > 500, "an image beside the SVG is drawn (so the check below can fail)")
        #expect(outside == 0, "\(outside) pixels of the bright image outside the folder were drawn")
    }

    @Test("An image a Lottie names outside its folder, through a link out of it, or at a URL is never read, and each is said in one line")
    func lottieImagesOutsideTheFolder() throws {
        PlatformAssetReader.install()
        func drawn(_ file: String) throws -> (green: Int, lines: [String]) {
            var animation: LottieAnimation?
            let lines = try ProblemLines.said(about: (file as NSString).lastPathComponent) {
                animation = try LottieAnimation(contentsOf: AssetFixtures.fixture(file))
            }
            let layer = LottieLayer(animation: animation)
            let size = try #require(animation?.size)
            layer.frame = Rect(origin: .zero, size: size)
            let frame = try AssetFixtures.render(layer, canvas: size, scale: 1)
            let green = (0..<frame.width * frame.height).filter { i in
                frame.pixels[i * 4] < 40 && frame.pixels[i * 4 + 1] > 215 && frame.pixels[i * 4 + 2] < 40
            }.count
            return (green, lines)
        }

        let inside = try drawn("linked-inside.json")
        let outside = try drawn("Linked/linked-images.json")

        #expect(inside.green > 400, "the image beside the file and the embedded one are drawn (so the check below can fail)")
        #expect(inside.lines.isEmpty, "\(inside.lines)")
        #expect(outside.green == 0, "\(outside.green) pixels of the bright image outside the folder were drawn")
        #expect(outside.lines.count == 3, "\(outside.lines)")
        for reference in ["/../bright.png", "bright-link.png", "http://127.0.0.1:9/bright.png"] {
            #expect(outside.lines.contains { $0.hasPrefix("linked-images.json: ") && $0.contains("\"\(reference)\"") },
                    "\(reference): \(outside.lines)")
        }
    }
}
