import Foundation
@testable import KilnCore
import KilnPlatform
import KilnTestSupport
import Testing

/// Files a scene names before they exist or while they are broken: the layer shows the
/// crossed box, keeps the name it asked for, and shows the file once it can be read. Names
/// are found through an asset folder of the test's own, as a scene's are; each test's names
/// are its own, since added folders stay for the process.
@Suite("A crossed box shows its file once the file is written or fixed", .serialized)
final class AssetWatcherLateFileTests {
    let folder: URL
    let said: Said
    let tag = UUID().uuidString.prefix(8)

    init() throws {
        PlatformAssetReader.install()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-late-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        AssetFolders.add(folder)
        ProblemLines.exclusive.wait()
        ProblemLines.collect()
        said = Said(from: ProblemLines.count)
    }

    deinit {
        ProblemLines.exclusive.signal()
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("A PNG missing when the layer was made shows at the first look after it is written; a box code sized keeps its frame")
    func missingThenWritten() throws {
        let name = "late-\(tag).png"
        let (root, own, placed) = (Layer(), ImageLayer(named: name), ImageLayer(named: name))
        root.addSublayer(own)
        root.addSublayer(placed)
        placed.frame = Rect(x: 10, y: 20, width: 100, height: 50)
        let watcher = AssetWatcher()
        let whileMissing = (0..<3).flatMap { watcher.poll(root, now: Double($0)) }
        let linesWhileMissing = said.lines(about: name)

        let url = try writePNG(name, Bitmap(width: 30, height: 12, fill: Color(red: 0, green: 0, blue: 1)))
        let early = watcher.poll(root, now: 2.1)
        let due = watcher.poll(root, now: 2.2)
        let after = watcher.poll(root, now: 3)

        #expect(whileMissing.isEmpty && early.isEmpty && after.isEmpty)
        #expect(linesWhileMissing.count == 1, "said once, when the layer was made: \(linesWhileMissing)")
        #expect(due == [.reloaded(url)], "one line for the file, however many layers asked for it")
        for layer in [own, placed] {
            #expect(layer.problem == nil && layer.image?.url == url)
            #expect(try layer.image?.bitmap(forScale: 1).pixel(x: 5, y: 5).b == 255)
        }
        #expect(own.bounds.size == Size(width: 30, height: 12), "a box code left alone takes the picture's size")
        #expect(placed.frame == Rect(x: 10, y: 20, width: 100, height: 50), "a box code placed stays where it is")
    }

    @Test("A corrupt file is said once per save, not once per look, and shows once it is fixed")
    func corruptThenFixed() throws {
        let name = "broken-\(tag).png"
        try write(name, Data("\u{89}PNG\r\n\u{1A}\n not really".utf8))
        let layer = ImageLayer(named: name)
        let watcher = AssetWatcher()
        let problemAtStart = layer.problem

        let quiet = (0..<3).flatMap { watcher.poll(layer, now: Double($0)) }
        try write(name, Data("\u{89}PNG\r\n\u{1A}\n still not".utf8))
        let brokenAgain = watcher.poll(layer, now: 3)
        let quietAgain = (4..<7).flatMap { watcher.poll(layer, now: Double($0)) }
        let lines = said.lines(about: name)
        let url = try writePNG(name, Bitmap(width: 16, height: 16, fill: Color(red: 0, green: 1, blue: 0)))
        let fixed = watcher.poll(layer, now: 7)

        #expect(problemAtStart != nil)
        #expect(quiet.isEmpty && quietAgain.isEmpty)
        #expect(brokenAgain.count == 1)
        if case .failed(let error) = brokenAgain.first { #expect(error.file == name) } else { Issue.record("\(brokenAgain)") }
        #expect(lines.count == 2, "once when made, once for the broken save: \(lines)")
        #expect(fixed == [.reloaded(url)])
        #expect(layer.problem == nil && layer.image?.size == Size(width: 16, height: 16))
    }

    @Test("A Lottie file and an SVG missing when their layers were made show once written; the SVG as its tree of layers")
    func missingLottieAndSVG() throws {
        let motion = "late-\(tag).json", screen = "late-\(tag).svg"
        let (root, lottie, vector) = (Layer(), LottieLayer(named: motion), SVGLayer(named: screen))
        root.addSublayer(lottie)
        root.addSublayer(vector)
        let watcher = AssetWatcher()
        let whileMissing = watcher.poll(root, now: 0)

        let pulse = ProjectFiles.root.appendingPathComponent("Resources/Assets/pulse.json")
        let lottieURL = try write(motion, Data(contentsOf: pulse))
        let svgURL = try write(screen, Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="80" viewBox="0 0 100 80">
              <g id="badge"><rect id="dot" x="10" y="10" width="20" height="20" fill="#0A84FF"/></g>
            </svg>
            """.utf8))
        let written = watcher.poll(root, now: 1)

        #expect(whileMissing.isEmpty)
        #expect(written.count == 2 && written.contains(.reloaded(lottieURL)) && written.contains(.reloaded(svgURL)), "\(written)")
        #expect(lottie.problem == nil && lottie.animation?.info.frameCount == 60)
        #expect(vector.problem == nil && vector.bounds.size == Size(width: 100, height: 80))
        #expect(vector.layer(named: "badge") is SVGLayer && vector.layer(named: "dot") is SVGLayer)
    }

    /// Writes `bitmap` as the PNG `name`, beside it first, then renamed over it.
    private func writePNG(_ name: String, _ bitmap: Bitmap) throws -> URL {
        let partial = folder.appendingPathComponent(".\(name).partial")
        try bitmap.writePNG(to: partial.path)
        return try write(name, Data(contentsOf: partial))
    }

    /// Writes `data` as `name` in the folder the way editors save: beside it, then renamed over it.
    @discardableResult
    private func write(_ name: String, _ data: Data) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url, options: .atomic)
        return url
    }
}
