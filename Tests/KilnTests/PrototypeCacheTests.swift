import Foundation
@testable import Kiln
import KilnEndToEndSupport
import Testing

/// The prototype cache as another user meets it: whatever they plant there, as `nobody`
/// through setpriv, is refused, and a planted library's code never runs. Needs root to
/// become `nobody`; as another user those steps are skipped.
@Suite("The prototype cache is the user's own: folders and libraries of another user are refused and never loaded", .serialized)
struct PrototypeCacheTests {
    /// A folder anyone may write in, as /tmp is.
    private let scratch: URL

    init() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        chmod(scratch.path, 0o1777)
    }

    @Test("Without a cache or home folder, the cache has the user's own name under the temporary folder")
    func temporaryCacheIsNamedForTheUser() {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let uid = geteuid()

        let named = PrototypeCompiler.defaultCacheLocation(["TMPDIR": "/t"])
        let bare = PrototypeCompiler.defaultCacheLocation([:])
        let relative = PrototypeCompiler.defaultCacheLocation(["HOME": "h", "XDG_CACHE_HOME": "c", "TMPDIR": "t"])

        #expect(named.folder.path == "/t/kiln-\(uid)/prototypes" && named.base.path == "/t")
        #expect(bare.folder.path == "/tmp/kiln-\(uid)/prototypes")
        #expect(relative.folder.path == "/tmp/kiln-\(uid)/prototypes")
        #expect(PrototypeCompiler.defaultCacheLocation(["HOME": "/h"]).base.path == "/h/.cache")
    }

    @Test("Kiln makes its cache folders with mode 0700, and narrows one of its own that others could read")
    func foldersAreMadePrivate() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let old = scratch.appendingPathComponent("kiln")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o755])

        try PrivateFolder.make(old.appendingPathComponent("prototypes/KilnPrototype_1"), under: scratch)

        for path in ["kiln", "kiln/prototypes", "kiln/prototypes/KilnPrototype_1"] {
            #expect(try mode(scratch.appendingPathComponent(path)) == 0o700, "\(path)")
        }
    }

    @Test("A cache folder another user made first, or a link planted in its place, is refused with one line naming it")
    func plantedFoldersAreRefused() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        guard geteuid() == 0 else { return }
        let planted = scratch.appendingPathComponent("kiln-0")
        try PlantedCode.asNobody(["mkdir", "-m", "0700", planted.path])
        let linked = scratch.appendingPathComponent("kiln-link")
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("mine"), withIntermediateDirectories: false)
        try PlantedCode.asNobody(["ln", "-s", scratch.appendingPathComponent("mine").path, linked.path])
        let open = scratch.appendingPathComponent("open")
        try FileManager.default.createDirectory(at: open, withIntermediateDirectories: false)
        chmod(open.path, 0o777)

        let refusals = [planted, linked, open].map { folder in
            do { try PrivateFolder.make(folder.appendingPathComponent("prototypes"), under: scratch); return "" } catch {
                return "\(error)"
            }
        }

        #expect(refusals[0] == "\(planted.path) belongs to another user (uid 65534): it is not used; Kiln keeps compiled prototypes only in a folder of your own")
        #expect(refusals[1].hasPrefix("\(linked.path) is not a folder (it may be a link)"))
        #expect(refusals[2].hasPrefix("\(open.path) can be changed by other users"))
        #expect(refusals.allSatisfy { !$0.contains("\n") })
        #expect(!FileManager.default.fileExists(atPath: planted.appendingPathComponent("prototypes").path))
    }

    @Test("A library another user planted in the cache is never loaded: its code, which would write a file, does not run; the same library of the user's own does")
    func plantedLibraryNeverRuns() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        guard geteuid() == 0 else { return }
        let marker = scratch.appendingPathComponent("ran")
        let library = try PlantedCode.library(in: scratch, writing: marker)
        // Where another user could have put it: a cache folder of theirs under /tmp.
        let theirs = scratch.appendingPathComponent("kiln-0/prototypes/KilnPrototype_0")
        try PlantedCode.asNobody(["mkdir", "-p", "-m", "0777", theirs.path])
        try PlantedCode.asNobody(["cp", library.path, theirs.appendingPathComponent("libKilnPrototype_0-1.so").path])
        // In a cache of the user's own, but a file of another user's, or one anyone may change.
        let mine = scratch.appendingPathComponent("mine/prototypes/KilnPrototype_0")
        try PrivateFolder.make(mine, under: scratch)
        let foreign = mine.appendingPathComponent("libKilnPrototype_0-1.so")
        try FileManager.default.copyItem(at: library, to: foreign)
        chown(foreign.path, 65534, 65534)
        let writable = mine.appendingPathComponent("libKilnPrototype_0-2.so")
        try FileManager.default.copyItem(at: library, to: writable)
        chmod(writable.path, 0o666)
        let link = mine.appendingPathComponent("libKilnPrototype_0-3.so")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: library)
        let build = PrototypeBuild(folder: "/p/card", sources: [], toolchainStamp: "")

        let refusals = [theirs.appendingPathComponent("libKilnPrototype_0-1.so"), foreign, writable, link].map { url in
            do {
                _ = try PrototypeLoader.load(PrototypeCompiler.Library(build: build, url: url, compileSeconds: 0))
                return ""
            } catch {
                return "\(error)"
            }
        }
        let ranAfterRefusals = FileManager.default.fileExists(atPath: marker.path)
        let own = mine.appendingPathComponent("libKilnPrototype_0-4.so")
        try FileManager.default.copyItem(at: library, to: own)
        var ownRefusal: String?
        do { _ = try PrototypeLoader.load(PrototypeCompiler.Library(build: build, url: own, compileSeconds: 0)) } catch {
            ownRefusal = "\(error)"
        }

        #expect(refusals[0].contains("belongs to another user (uid 65534)"), "\(refusals[0])")
        #expect(refusals[1] == "\(foreign.path) belongs to another user (uid 65534): it is not used; Kiln keeps compiled prototypes only in a folder of your own")
        #expect(refusals[2].hasPrefix("\(writable.path) can be changed by other users"))
        #expect(refusals[3].hasPrefix("\(link.path) is not a regular file"))
        #expect(!ranAfterRefusals, "a refused library ran")
        // The control: loaded, its code runs (and it has no prototype to hand over).
        #expect(ownRefusal?.contains("has no kiln_prototype_entry_") == true, "\(ownRefusal ?? "loaded")")
        #expect(FileManager.default.fileExists(atPath: marker.path))
    }

    private func mode(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }
}
