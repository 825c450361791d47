import Foundation
@testable import GalleryDemo
import KilnCore
import KilnEndToEndSupport
import Testing

@Suite("A scene's context carries the folder of the prototype it comes from")
struct SceneContextFolderTests {
    @Test("A prototype's scene is made with its folder; Kiln's own scenes with none")
    func folderReachesTheScene() throws {
        let seen = FoldersSeen()
        var entry = SceneCatalog.Entry(name: "folder-probe", title: "Folder probe", make: { context in
            seen.append(context.folder)
            return GalleryScene(context: context)
        })
        entry.folder = URL(fileURLWithPath: "/home/d/probe")
        let context = SceneContext(canvasSize: Size(390, 844))
        let laser = try #require(DemoCatalog.entry("laser"))

        _ = entry.makeScene(context: context)
        _ = laser.makeScene(context: context)

        #expect(seen.folders == [URL(fileURLWithPath: "/home/d/probe")])
        #expect(laser.folder == nil && context.folder == nil)
    }
}

/// The folders the probe's scenes were made with.
private final class FoldersSeen: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [URL?] = []

    var folders: [URL?] { lock.withLock { seen } }

    func append(_ folder: URL?) { lock.withLock { seen.append(folder) } }
}
