import Foundation

extension PrototypeTemplate {
    /// The module SwiftPM builds the prototype's Swift files into: the Swift file's name
    /// without `.swift`, `Card` for `card`.
    var moduleName: String { String(swiftFileName.dropLast(".swift".count)) }

    /// The files that make the folder a Swift package too, when the template knows where
    /// Kiln's sources are: a `Package.swift`, a test of the scene with `KilnTesting`, and the
    /// folder its golden images go in.
    var packageFiles: [(path: String, text: String)] {
        guard let kilnSources else { return [] }
        return [("Package.swift", packageManifest(kilnSources: kilnSources)),
                ("Tests/\(moduleName)Tests.swift", testSource),
                ("Tests/__Snapshots__/README.md", snapshotsReadme)]
    }

    /// The manifest: the folder's top-level Swift files as a library (`kiln dev` compiles the
    /// same files and leaves the manifest out), and `Tests/` as its tests, with Kiln by path.
    func packageManifest(kilnSources: URL) -> String {
        // As a Swift string literal's contents.
        let path = kilnSources.path.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
        return """
        // swift-tools-version:6.0
        // `swift test` runs Tests/; `kiln dev` compiles the Swift files beside this one, and not this one.
        import PackageDescription

        let package = Package(
            name: "\(name)",
            dependencies: [
                // The Kiln that made this folder; a copy of its repository can be named by URL instead:
                // .package(url: "https://…/kiln.git", branch: "main")
                .package(name: "Kiln", path: "\(path)"),
            ],
            targets: [
                .target(
                    name: "\(moduleName)", dependencies: [.product(name: "Kiln", package: "Kiln")], path: ".",
                    exclude: ["Tests", "Scripts", "Assets", "tuning.toml", "README.md"]),
                .testTarget(
                    name: "\(moduleName)Tests",
                    dependencies: ["\(moduleName)", .product(name: "KilnTesting", package: "Kiln")],
                    path: "Tests", exclude: ["__Snapshots__"]),
            ],
            swiftLanguageModes: [.v6]
        )

        """
    }

    /// What the golden images' folder is for.
    var snapshotsReadme: String {
        """
        Golden images of the tests' `expectGoldenImage(named:)`, as NAME.png: written only with
        RECORD_SNAPSHOTS=1 (never in CI), compared on every other run; a missing one fails.

        """
    }

    /// The tests: the card dragged away springs home, the demo script plays through, and the
    /// card shows its icon. They reach the card through the scene's `primaryControl`, not
    /// by its layer's name, so that renaming the layer keeps them passing. The scene finds
    /// `Assets/` through the folder this file is in, as `kiln dev` finds it through the
    /// prototype's folder.
    var testSource: String {
        """
        import Foundation
        import Kiln
        import KilnTesting
        import Testing
        @testable import \(moduleName)

        @Suite("\(name)")
        struct \(moduleName)Tests {
            static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

            init() {
                AssetFolders.add(Self.folder.appendingPathComponent("Assets"))
            }

            @Test("A card dragged away and let go springs home")
            func springsHome() throws {
                let h = SceneHarness(settlingFor: 0.2) { \(sceneType)(context: $0, tuning: \(tuningType)()) }
                let home = try #require(h.scene.primaryControl)

                h.drag(from: home, by: -30, 170, over: 0.4)
                h.wait(0.05)
                let soon = try #require(h.scene.primaryControl)
                h.wait(2)

                #expect(h.names("card.released").first?.fields["y"] == .number((home.y + 170).rounded()))
                #expect(soon.y - home.y > 100)
                #expect(abs((h.scene.primaryControl?.y ?? .infinity) - home.y) < 0.5)
            }

            @Test("The demo script drags the card away twice")
            func demoScript() throws {
                let h = SceneHarness(settlingFor: 0) { \(sceneType)(context: $0, tuning: \(tuningType)()) }

                let problem = try h.play(contentsOf: Self.folder.appendingPathComponent("Scripts/demo.json"))

                #expect(problem == nil)
                #expect(h.names("card.released").count == 2)
            }

            @Test("The card shows the icon from Assets/")
            func showsIcon() throws {
                let h = SceneHarness(settlingFor: 0) { \(sceneType)(context: $0, tuning: \(tuningType)()) }

                let icon = try #require(try h.layer("icon") as? ImageLayer)

                #expect(icon.image?.url.lastPathComponent == "\(Self.iconName)")
                #expect(icon.image?.kind == .vector)
                #expect(icon.problem == nil)
                #expect(icon.superlayer.map { $0.position } == h.scene.primaryControl, "the icon is on the card")
            }
        }

        """
    }
}
