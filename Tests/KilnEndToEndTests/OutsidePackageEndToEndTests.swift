// Packages outside the checkout, as users have them: the folder `kiln new` writes is a package
// whose own tests pass under `swift test`, and a package naming Kiln by git URL builds an app
// of its own that renders its prototype. Each builds the whole of Kiln the first time, which
// takes minutes; their build folders stay under .build/ so that later runs rebuild only what
// changed; the first, as a user's first build does, shows whether Kiln's sources print a
// warning. Needs the Swift toolchain and git.
import Foundation
import KilnEndToEndSupport
import Testing

@Suite("Packages outside the checkout, end to end", .serialized)
struct OutsidePackageEndToEndTests {
    /// Where these tests keep their packages and build folders between runs.
    static let workspace = ProjectFiles.root.appendingPathComponent(".build/outside-packages")

    @Test("The folder kiln new writes is a package too: swift test builds it against Kiln without a warning from Kiln's sources, and its KilnTesting tests pass, and still do once the card's layer is renamed")
    func newFolderPassesItsOwnTests() throws {
        let binary = try KilnBinary.locate()
        let folder = Self.workspace.appendingPathComponent("new/ticket")
        try? FileManager.default.removeItem(at: folder)
        try ExternalCommand.run(binary, ["new", folder.path], timeout: 30)
        let scene = folder.appendingPathComponent("Ticket.swift")
        let written = try String(contentsOf: scene, encoding: .utf8)

        let tested = try swiftTest(folder)
        // The designer names the card after what it is; the scaffold's tests and tuning stay.
        let renamed = written.replacingOccurrences(of: #"card.name = "card""#, with: #"card.name = "ticket""#)
        try renamed.write(to: scene, atomically: true, encoding: .utf8)
        let retested = try swiftTest(folder)

        // What of Kiln this run compiled (all of it in a fresh clone) printed no warning: Kiln
        // is a path dependency, whose warnings SwiftPM shows a designer.
        let kilnSources = ProjectFiles.root.appendingPathComponent("Sources").path + "/"
        let warnings = tested.output.split(separator: "\n").filter { $0.hasPrefix(kilnSources) && $0.contains(": warning: ") }
        #expect(warnings.isEmpty, "\(warnings.count) warnings from Kiln's sources: \(Set(warnings).sorted().prefix(10))")
        #expect(renamed != written, "the scene names its card's layer as this test expects")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Tests/TicketTests.swift").path))
        for (when, run) in [("as written", tested), ("with the card's layer renamed", retested)] {
            #expect(run.status == 0, "swift test failed \(when): \(run.output.suffix(3000))")
            for name in ["A card dragged away and let go springs home", "The demo script drags the card away twice",
                         "The card shows the icon from Assets/"] {
                #expect(run.output.contains(#"Test "\#(name)" passed"#), "\(when): \(run.output.suffix(3000))")
            }
        }
    }

    /// `swift test` of the package at `folder`, its build folder kept between runs.
    private func swiftTest(_ folder: URL) throws -> (status: Int32, output: String) {
        let swift = try ExternalCommand.require("swift", package: "the Swift toolchain")
        let tested = try ExternalCommand.run(
            swift, ["test", "--package-path", folder.path,
                    "--scratch-path", Self.workspace.appendingPathComponent("new/build").path],
            timeout: 3600, allowFailure: true)
        return (tested.status, tested.text + "\n" + tested.stderr)
    }

    @Test("A package naming Kiln by git URL builds its own app, whose help lists its prototype and none of Kiln's demos, and which renders it")
    func packageByGitURL() throws {
        let swift = try ExternalCommand.require("swift", package: "the Swift toolchain")
        let clone = try cloneOfCheckout()
        let package = try demoPackage(dependingOn: clone)

        // The branch is followed to the clone's new HEAD, not kept where an earlier run resolved it.
        try ExternalCommand.run(swift, ["package", "update", "--package-path", package.path], timeout: 600)
        try ExternalCommand.run(swift, ["build", "--package-path", package.path], timeout: 3600)
        let app = package.appendingPathComponent(".build/debug/PackageDemo")
        let help = try ExternalCommand.run(app, ["render", "--help"], timeout: 60)
        let png = package.appendingPathComponent(".build/bloom.png")
        try? FileManager.default.removeItem(at: png)
        let script = ProjectFiles.root.appendingPathComponent("Examples/PackageDemo/Scripts/bloom.json")
        try ExternalCommand.run(app, ["render", "bloom", "--script", script.path, "--at", "1.4", "--scale", "1",
                                      "--out", png.path], timeout: 300)

        #expect(help.text.contains("bloom"), "\(help.text)")
        // A package's app offers its own prototypes; Kiln's demos are the kiln executable's.
        let flat = help.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("The scene to render: launcher, bloom; or a prototype folder"), "\(help.text)")
        let image = try RGBImage(contentsOf: png.path)
        #expect(image.width == 390 && image.height == 844)
        // The scene's light grey background, and somewhere the petals' colour over it.
        #expect(image.rgb(5, 5) == [0xF2, 0xF2, 0xF7])
        #expect((0..<image.height).contains { y in image.rgb(195, y) != image.rgb(5, 5) })
    }

    /// A clone of the checkout's HEAD at a fixed place, brought up to date when it exists.
    private func cloneOfCheckout() throws -> URL {
        let git = try ExternalCommand.require("git", package: "git")
        let clone = Self.workspace.appendingPathComponent("kiln")
        if FileManager.default.fileExists(atPath: clone.appendingPathComponent(".git").path) {
            try ExternalCommand.run(git, ["-C", clone.path, "fetch", "--quiet", ProjectFiles.root.path, "HEAD"], timeout: 300)
            try ExternalCommand.run(git, ["-C", clone.path, "checkout", "--quiet", "-B", "main", "FETCH_HEAD"], timeout: 60)
        } else {
            try ExternalCommand.run(git, ["clone", "--quiet", "--no-hardlinks", ProjectFiles.root.path, clone.path], timeout: 300)
            try ExternalCommand.run(git, ["-C", clone.path, "checkout", "--quiet", "-B", "main"], timeout: 60)
        }
        return clone
    }

    /// Examples/PackageDemo's sources in a package whose manifest names Kiln by `file://` URL.
    private func demoPackage(dependingOn clone: URL) throws -> URL {
        let package = Self.workspace.appendingPathComponent("PackageDemo")
        let sources = package.appendingPathComponent("Sources")
        try? FileManager.default.removeItem(at: sources)
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ProjectFiles.root.appendingPathComponent("Examples/PackageDemo/Sources"), to: sources)
        let manifest = try String(contentsOf: ProjectFiles.root.appendingPathComponent("Examples/PackageDemo/Package.swift"),
                                  encoding: .utf8)
        let byURL = manifest.replacingOccurrences(of: #".package(name: "Kiln", path: "../..")"#,
                                                  with: #".package(url: "\#(clone.absoluteString)", branch: "main")"#)
        #expect(byURL != manifest, "Examples/PackageDemo/Package.swift names Kiln by path as this test expects")
        try byURL.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        return package
    }
}

extension RGBImage {
    /// The red, green and blue bytes of the pixel at `x`, `y`.
    fileprivate func rgb(_ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * width + x) * 3
        return Array(pixels[i..<i + 3])
    }
}
