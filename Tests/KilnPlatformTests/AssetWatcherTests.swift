import Foundation
@testable import KilnCore
import KilnPlatform
import KilnTestSupport
import Synchronization
import Testing

/// Files are replaced as editors save them: written under another name, then renamed over
/// the old one. The watcher is polled with times given by hand.
@Suite("Assets reload in place when their files are saved again", .serialized)
final class AssetWatcherTests {
    let folder: URL
    let said: Said

    init() throws {
        PlatformAssetReader.install()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        ProblemLines.exclusive.wait()
        ProblemLines.collect()
        said = Said(from: ProblemLines.count)
    }

    deinit {
        ProblemLines.exclusive.signal()
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("A saved PNG reaches every layer showing it at the first look after the interval, and the layers stay where code put them")
    func savedImage() throws {
        let url = try writePNG("swatch.png", width: 20, height: 10, Color(red: 1, green: 0, blue: 0))
        let (root, first, second) = (Layer(), ImageLayer(image: try Image(contentsOf: url)), ImageLayer(image: try Image(contentsOf: url)))
        root.addSublayer(first)
        root.addSublayer(second)
        first.position = Point(x: 123, y: 45)
        let watcher = AssetWatcher()
        let quiet = watcher.poll(root, now: 0)
        let revision = first.contentRevision

        _ = try writePNG("swatch.png", width: 30, height: 10, Color(red: 0, green: 0, blue: 1))
        let early = watcher.poll(root, now: 0.1)
        let due = watcher.poll(root, now: 0.2)
        let after = watcher.poll(root, now: 0.4)

        #expect(quiet.isEmpty && early.isEmpty && after.isEmpty)
        #expect(due == [.reloaded(url)], "one line for the file, however many layers show it")
        #expect(first.image?.size == Size(width: 30, height: 10) && second.image?.size == Size(width: 30, height: 10))
        #expect(try first.image?.bitmap(forScale: 1).pixel(x: 5, y: 5).b == 255)
        #expect(first.contentRevision > revision && first.problem == nil)
        #expect(first.position == Point(x: 123, y: 45))
    }

    @Test("An unchanged file is only looked at: nothing is read again and no layer is drawn again")
    func unchangedFile() throws {
        let url = try writePNG("still.png", width: 8, height: 8, Color(red: 0, green: 1, blue: 0))
        let layer = ImageLayer(image: try Image(contentsOf: url))
        let watcher = AssetWatcher()
        let revision = layer.contentRevision

        let outcomes = (0..<5).flatMap { watcher.poll(layer, now: Double($0)) }

        #expect(outcomes.isEmpty)
        #expect(layer.contentRevision == revision)
    }

    @Test("A broken save shows the crossed box and is said in one line, is not read again until saved again, and a good save brings the picture back")
    func brokenThenGoodSave() throws {
        let url = try writePNG("photo.png", width: 12, height: 12, Color(red: 1, green: 1, blue: 0))
        let layer = ImageLayer(image: try Image(contentsOf: url))
        let watcher = AssetWatcher()

        try replace("photo.png", with: Data("\u{89}PNG\r\n\u{1A}\n not really".utf8))
        let broken = watcher.poll(layer, now: 1)
        let again = watcher.poll(layer, now: 2)
        let linesAfterFirst = said.lines(about: "photo.png")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: url.path)
        let brokenAgain = watcher.poll(layer, now: 3)
        let problem = layer.problem
        _ = try writePNG("photo.png", width: 16, height: 12, Color(red: 0, green: 1, blue: 1))
        let good = watcher.poll(layer, now: 4)

        #expect(broken.count == 1 && again.isEmpty && brokenAgain.count == 1)
        if case .failed(let error) = broken.first { #expect(error.file == "photo.png") } else { Issue.record("\(broken)") }
        #expect(linesAfterFirst.count == 1, "\(linesAfterFirst)")
        #expect(said.lines(about: "photo.png").count == 2, "a file saved again may say its problem again")
        #expect(problem != nil)
        #expect(good == [.reloaded(url)])
        #expect(layer.problem == nil && layer.image?.size == Size(width: 16, height: 12))
    }

    @Test("A saved SVG reloads its whole tree of layers in place: same layers, new sizes, moved layers stay moved")
    func savedVectorTree() throws {
        let url = try write("screen.svg", svg(dotSide: 10))
        let tree = try SVGLayer(image: Image(contentsOf: url))
        let dot = try #require(tree.layer(named: "dot") as? SVGLayer)
        dot.position = Point(x: 70, y: 80)
        let watcher = AssetWatcher()

        try write("screen.svg", svg(dotSide: 24))
        let outcomes = watcher.poll(tree, now: 0)

        #expect(outcomes == [.reloaded(url)])
        #expect(tree.layer(named: "dot") === dot)
        #expect(dot.bounds.size == Size(width: 24, height: 24))
        #expect(dot.position == Point(x: 70, y: 80))
        #expect(tree.allLayers.allSatisfy { ($0 as? SVGLayer)?.image?.isStale == false })
    }

    @Test("A broken SVG shows the crossed box on every layer of its tree until a good save")
    func brokenVectorTree() throws {
        let url = try write("icons.svg", svg(dotSide: 10))
        let tree = try SVGLayer(image: Image(contentsOf: url))
        let watcher = AssetWatcher()

        try write("icons.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\"")
        let broken = watcher.poll(tree, now: 0)
        let crossed = tree.allLayers.compactMap { ($0 as? SVGLayer)?.problem }.count
        try write("icons.svg", svg(dotSide: 12))
        let good = watcher.poll(tree, now: 1)

        // The root, the badge, the dot, and the run of the unnamed square drawn over them.
        #expect(broken.count == 1 && crossed == 4)
        #expect(good == [.reloaded(url)])
        #expect(tree.allLayers.allSatisfy { ($0 as? SVGLayer)?.problem == nil })
    }

    @Test("A saved Lottie file reaches its layer keeping the progress and the running play")
    func savedLottie() throws {
        let assets = ProjectFiles.root.appendingPathComponent("Resources/Assets")
        let url = try write("motion.json", String(contentsOf: assets.appendingPathComponent("pulse.json"), encoding: .utf8))
        let layer = LottieLayer(animation: try LottieAnimation(contentsOf: url))
        layer.play()
        layer.progress = 0.4
        let frames = layer.animation?.info.frameCount
        let watcher = AssetWatcher()

        try write("motion.json", String(contentsOf: assets.appendingPathComponent("burst.json"), encoding: .utf8))
        let outcomes = watcher.poll(layer, now: 0)

        #expect(outcomes == [.reloaded(url)])
        #expect(frames == 60 && layer.animation?.info.frameCount == 48)
        #expect(layer.progress == 0.4 && layer.isPlaying)
        #expect(layer.problem == nil)

        try write("motion.json", "{\"v\": ")
        let broken = watcher.poll(layer, now: 1)

        #expect(broken.count == 1 && layer.problem != nil)
    }

    // MARK: - Files

    private func svg(dotSide: Int) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
          <g id="badge"><rect id="dot" x="10" y="10" width="\(dotSide)" height="\(dotSide)" fill="#0A84FF"/></g>
          <rect x="60" y="60" width="30" height="30" fill="#FF375F"/>
        </svg>
        """
    }

    private func writePNG(_ name: String, width: Int, height: Int, _ color: Color) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Bitmap(width: width, height: height, fill: color).writePNG(to: url.path)
        return url
    }

    @discardableResult
    private func write(_ name: String, _ text: String) throws -> URL {
        try replace(name, with: Data(text.utf8))
    }

    /// Writes `data` beside the file, then renames it over the file, as editors save.
    @discardableResult
    private func replace(_ name: String, with data: Data) throws -> URL {
        let url = folder.appendingPathComponent(name), partial = folder.appendingPathComponent(".\(name).partial")
        try data.write(to: partial)
        guard rename(partial.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return url
    }
}

/// The problem lines said during a test: those the shared collector got since it began.
struct Said {
    let start: Int

    init(from start: Int) { self.start = start }

    func lines(about file: String) -> [String] { ProblemLines.lines(since: start, about: file) }
}
