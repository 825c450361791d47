import Foundation
import KilnPlatform
import KilnTestSupport
import Testing

/// A scratch folder tree, removed when the test is done with it.
private final class FolderTree {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("kiln-resources-\(UUID().uuidString)").resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// Makes the folders `paths`, relative to the root, and returns the first.
    @discardableResult
    func folders(_ paths: String...) throws -> URL {
        for path in paths {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(path),
                                                    withIntermediateDirectories: true)
        }
        return root.appendingPathComponent(paths[0])
    }

    /// Writes an empty file at `path` and returns it.
    func file(_ path: String) throws -> URL {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: url)
        return url
    }
}

@Suite("Where the shipped resources are found")
struct ResourceFolderTests {
    @Test("An installed binary finds share/kiln beside its bin folder, whatever the working folder")
    func installed() throws {
        let tree = try FolderTree()
        let binary = try tree.file("usr/local/bin/kiln")
        let share = try tree.folders("usr/local/share/kiln/Scripts", "elsewhere/Resources/Scripts")

        let found = ResourceFolder.located(executable: binary, workingFolder: tree.root.appendingPathComponent("elsewhere"))

        #expect(found?.url.standardizedFileURL == share.deletingLastPathComponent().standardizedFileURL)
        #expect(found?.scripts.lastPathComponent == "Scripts")
    }

    @Test("A binary in a checkout's build folder finds the checkout's Resources")
    func checkout() throws {
        let tree = try FolderTree()
        let binary = try tree.file("kiln/.build/x86_64-unknown-linux-gnu/release/kiln")
        try tree.folders("kiln/Resources/Tuning", "work/Resources/Scripts")

        let found = ResourceFolder.located(executable: binary, workingFolder: tree.root.appendingPathComponent("work"))

        #expect(found?.url.standardizedFileURL == tree.root.appendingPathComponent("kiln/Resources").standardizedFileURL)
    }

    @Test("A symbolic link to the binary finds the resources of the binary it points to")
    func symbolicLink() throws {
        let tree = try FolderTree()
        let binary = try tree.file("opt/kiln/bin/kiln")
        try tree.folders("opt/kiln/share/kiln/Scripts", "home/bin")
        let link = tree.root.appendingPathComponent("home/bin/kiln")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: binary)

        let found = ResourceFolder.located(executable: link, workingFolder: tree.root)

        #expect(found?.url.standardizedFileURL == tree.root.appendingPathComponent("opt/kiln/share/kiln").standardizedFileURL)
    }

    @Test("With nothing beside the binary, the working folder's Resources is used; a Resources without scripts or tuning is not")
    func workingFolderLastResort() throws {
        let tree = try FolderTree()
        let binary = try tree.file("tmp/bin/kiln")
        try tree.folders("tmp/Resources/Images", "work/Resources/Scripts")
        let work = tree.root.appendingPathComponent("work")

        let found = ResourceFolder.located(executable: binary, workingFolder: work)
        let none = ResourceFolder.located(executable: binary, workingFolder: tree.root)

        #expect(found?.url.standardizedFileURL == work.appendingPathComponent("Resources").standardizedFileURL)
        #expect(none == nil)
    }

    @Test("The test binary itself, built in this checkout, finds the checkout's shipped scripts")
    func thisCheckout() throws {
        let found = ResourceFolder.located(executable: RunningBinary.url, workingFolder: URL(fileURLWithPath: "/"))

        #expect(found?.scripts.standardizedFileURL == ProjectFiles.scripts.standardizedFileURL)
    }
}
