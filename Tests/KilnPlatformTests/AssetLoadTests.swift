import Foundation
import KilnCore
import KilnPlatform
import KilnTestSupport
import Testing

/// Files read off the window's thread: a poll never waits long for a read, a read past the
/// budget is refused, and a quick one shows as before.
@Suite("Asset files read off the window's thread")
struct AssetLoadTests {
    /// A clock a test sets.
    final class HandClock: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0.0
        var now: Double {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }

    @Test("A read that does not end keeps no poll waiting, and past the budget it is refused in one line naming the file")
    func slowReadIsRefused() throws {
        let clock = HandClock()
        let loads = AssetLoads(budget: 2, patience: 0.05, now: { clock.now })
        let release = DispatchSemaphore(value: 0)
        let stuck: @Sendable () throws(AssetError) -> Int = {
            release.wait()
            return 1
        }

        let started = Date()
        let first = loads.result(of: "/art/slow.svg", version: 1, load: stuck)
        clock.now = 1.5
        let within = loads.result(of: "/art/slow.svg", version: 1, load: stuck)
        let waited = Date().timeIntervalSince(started)
        clock.now = 2.5
        let past = loads.result(of: "/art/slow.svg", version: 1, load: stuck)
        release.signal()
        let deadline = Date().addingTimeInterval(10)
        while !loads.isIdle && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let after = loads.result(of: "/art/slow.svg", version: 2) { () throws(AssetError) in 2 }

        #expect(first == nil && within == nil)
        // A generous bound, as a hang guard: the polls wait 50 ms each for the read.
        #expect(waited < 1, "the polls waited \(waited) s")
        let error = try #require(past.map { result -> AssetError? in if case .failure(let error) = result { error } else { nil } } ?? nil)
        #expect(error.description == "/art/slow.svg: took more than 2 s to read; refused, and not read again until it changes")
        #expect(!error.description.contains("\n"))
        #expect(loads.isIdle)
        #expect(try after?.get() == 2, "a new version is read afresh, not the late one")
    }

    @Test("A quick read shows in the poll that starts it, and a failing one is its error")
    func quickReadShowsAtOnce() throws {
        let loads = AssetLoads(patience: 5)

        let read = loads.result(of: "a.png", version: 1) { () throws(AssetError) in "pixels" }
        let failed = loads.result(of: "b.png", version: 1) { () throws(AssetError) -> String in
            throw AssetError(file: "b.png", reason: "not a PNG")
        }

        #expect(try read?.get() == "pixels")
        #expect(failed.map { if case .failure(let error) = $0 { error.reason == "not a PNG" } else { false } } == true)
    }

    @Test("A watcher reading off its thread brings a saved PNG to its layer, and a broken save to a crossed box")
    func watcherReadsOffItsThread() throws {
        PlatformAssetReader.install()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-loads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("swatch.png")
        try Bitmap(width: 20, height: 10, fill: Color(red: 1, green: 0, blue: 0)).writePNG(to: url.path)
        let layer = ImageLayer(image: try Image(contentsOf: url))
        let watcher = AssetWatcher(loads: AssetLoads(patience: 5))
        _ = watcher.poll(layer, now: 0)

        try Bitmap(width: 30, height: 10, fill: Color(red: 0, green: 0, blue: 1)).writePNG(to: url.path)
        let saved = watcher.poll(layer, now: 1)
        let size = layer.image?.size
        try Data("not a png".utf8).write(to: url)
        let broken = watcher.poll(layer, now: 2)

        #expect(saved == [.reloaded(url)])
        #expect(size == Size(width: 30, height: 10))
        #expect(broken.count == 1 && layer.problem != nil, "\(broken)")
    }
}
