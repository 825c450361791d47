import Foundation
@testable import Kiln
import KilnEndToEndSupport
import KilnPlatform
import Testing

@Suite("kiln new's template and prototype folders")
struct PrototypeTemplateTests {
    @Test("Names are a letter then letters, digits, - or _")
    func names() {
        #expect(PrototypeTemplate(name: "card") != nil)
        #expect(PrototypeTemplate(name: "bottom-sheet_2") != nil)
        #expect(PrototypeTemplate(name: "2card") == nil)
        #expect(PrototypeTemplate(name: "my card") == nil)
        #expect(PrototypeTemplate(name: "") == nil)
        #expect(PrototypeTemplate(name: "café") == nil)
        #expect(PrototypeTemplate(name: "bottom-sheet")?.swiftFileName == "BottomSheet.swift")
    }

    @Test("A name whose scene file is another of the folder's files clashes, whatever its case; others do not")
    func clashingNames() throws {
        var package = try #require(PrototypeTemplate(name: "Package"))
        package.kilnSources = URL(fileURLWithPath: "/kiln")
        var lowercase = try #require(PrototypeTemplate(name: "package"))
        lowercase.kilnSources = URL(fileURLWithPath: "/kiln")
        let withoutManifest = try #require(PrototypeTemplate(name: "Package"))
        var card = try #require(PrototypeTemplate(name: "card"))
        card.kilnSources = URL(fileURLWithPath: "/kiln")

        let clashes = [package, lowercase, withoutManifest, card].map(\.clashingFile)

        #expect(clashes == ["Package.swift", "Package.swift", "Package.swift", nil])
    }

    @Test("The tuning file's header speaks of the prototype's own tuning.toml, not a copy in the config folder")
    func tuningHeaderNamesTheFolder() throws {
        let template = try #require(PrototypeTemplate(name: "card"))

        let header = template.tuningText.split(separator: "\n").prefix(5).joined(separator: "\n")

        #expect(header.contains("the prototype's tuning.toml, in its folder"), "\(header)")
        #expect(!template.tuningText.contains("~/.config"))
        #expect(StarterTuning.fileText(StarterTuning()).contains("~/.config/kiln/<scene>.toml"))
    }

    @Test("kiln dev's first compile says how long it took in one line, or that the last build is used")
    func compiledLine() {
        let compiled = PrototypeCompiler.Library(build: PrototypeBuild(folder: "/p/card", sources: [], toolchainStamp: ""),
                                                 url: URL(fileURLWithPath: "/cache/card.so"), compileSeconds: 4.24)
        var cached = compiled
        cached.compileSeconds = 0

        #expect(compiled.compiledLine("card") == "compiled card in 4.2 s")
        #expect(cached.compiledLine("card") == "card is compiled already: its last build is used")
    }

    @Test("The tuning file lists every key the Swift file declares, with the defaults, and checks out")
    func tuningMatchesTheSource() throws {
        let template = try #require(PrototypeTemplate(name: "card"))

        let resolved = try StarterTuning.resolve([TuningSource(name: "tuning.toml", text: template.tuningText)])

        for field in StarterTuning.fields {
            #expect(template.swiftSource.contains("\"\(field.key)\""), "the Swift file declares \(field.key)")
            #expect(resolved.origins[field.key]?.hasPrefix("tuning.toml:") == true, "the file sets \(field.key)")
        }
        #expect(resolved.warnings.isEmpty)
        #expect(resolved.value.liftScale == StarterTuning().liftScale)
        #expect(template.swiftSource.contains("Spring(dampingRatio: 0.62, response: 0.42)"))
        #expect(template.tuningText.hasPrefix("# card: a card you drag"))
    }

    @Test("The demo script names the prototype's scene and presses its card where it starts, not by its layer's name")
    func demoScript() throws {
        let template = try #require(PrototypeTemplate(name: "card"))

        let script = try InputScriptParser.parse(template.demoScript, file: "demo.json")

        #expect(script.scene == "card")
        #expect(script.duration > 2)
        #expect(!template.demoScript.contains(#""layer""#))
        // The card is centred on the iPhone 14's canvas, which the script names.
        #expect(template.demoScript.contains(#""device": "iphone-14""#) && DevicePreset.iPhone14.size == Size(390, 844))
        #expect(template.demoScript.contains(#"{"down": {"at": [195, 422]}}"#))
        #expect(template.swiftSource.contains("card.frame = Rect(size.width / 2 - 110, size.height / 2 - 70, 220, 140)"))
    }

    @Test("The scene's and the tuning's types are named after the prototype, and its tests reach the card without its layer's name")
    func namesFollowThePrototype() throws {
        var template = try #require(PrototypeTemplate(name: "ticket-stub"))
        template.kilnSources = URL(fileURLWithPath: "/src/kiln")

        let source = template.swiftSource
        let tests = template.testSource

        #expect(source.contains("final class TicketStubScene: TunedScene {"))
        #expect(source.contains(#"static let name = "ticket-stub""#))
        #expect(source.contains("struct TicketStubTuning: SceneTuning {"))
        #expect(source.contains(#"let prototype = Prototype(TicketStubScene.self, title: "ticket-stub""#))
        #expect(!source.contains("CardScene") && !source.contains("CardTuning"))
        #expect(tests.contains("SceneHarness(settlingFor: 0.2) { TicketStubScene(context: $0, tuning: TicketStubTuning()) }"))
        #expect(!tests.contains("CardScene") && !tests.contains("CardTuning"))
        #expect(!tests.contains(#"h.layer("card")"#), "renaming the card's layer must leave the tests passing")
    }

    @Test("Writing makes the folder a prototype, and an existing folder is refused untouched")
    func writing() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-new-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let template = try #require(PrototypeTemplate(name: "card"))

        let folder = try template.write(into: parent)
        let readme = folder.appendingPathComponent("README.md")
        try "mine".write(to: readme, atomically: true, encoding: .utf8)

        #expect(PrototypeFolder.isPrototype(folder.path))
        #expect(PrototypeFolder(path: folder.path).sourceFiles().map(\.lastPathComponent) == ["Card.swift"])
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Scripts/demo.json").path))
        #expect(throws: CocoaError.self) { try template.write(into: parent) }
        #expect(try String(contentsOf: readme, encoding: .utf8) == "mine")
    }

    @Test("A script in a prototype's Scripts folder finds the folder; a saved file changes its stamp; Package.swift is not compiled")
    func folders() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-folder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = try #require(PrototypeTemplate(name: "card")).write(into: parent)
        let prototype = PrototypeFolder(path: folder.path)
        let before = prototype.sourceStamp()

        try "// more\n".write(to: folder.appendingPathComponent("More.swift"), atomically: true, encoding: .utf8)
        try "// a package around the folder\n".write(to: folder.appendingPathComponent("Package.swift"),
                                                    atomically: true, encoding: .utf8)

        #expect(PrototypeFolder.containing(script: folder.appendingPathComponent("Scripts/demo.json").path) == prototype)
        #expect(PrototypeFolder.containing(script: folder.appendingPathComponent("demo.json").path) == nil)
        #expect(!PrototypeFolder.isPrototype(folder.appendingPathComponent("Scripts").path))
        #expect(prototype.sourceStamp() != before)
        #expect(prototype.sourceFiles().map(\.lastPathComponent) == ["Card.swift", "More.swift"])
    }

    @Test("The folder's Assets/ holds the icon the card shows: an SVG librsvg reads at 32 points square")
    func icon() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-icon-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        var template = try #require(PrototypeTemplate(name: "card"))
        template.kilnSources = URL(fileURLWithPath: "/src/kiln")
        PlatformAssetReader.install()

        let folder = try template.write(into: parent)
        let image = try Image(contentsOf: folder.appendingPathComponent("Assets/move.svg"))

        #expect(image.kind == .vector && image.size == Size(width: 32, height: 32))
        #expect(template.swiftSource.contains(#"ImageLayer(named: "move.svg")"#))
        #expect(template.swiftSource.contains(#"icon.name = "icon""#))
        #expect(template.testSource.contains(#"AssetFolders.add(Self.folder.appendingPathComponent("Assets"))"#))
        #expect(template.testSource.contains(#"try h.layer("icon") as? ImageLayer"#))
        #expect(template.packageManifest(kilnSources: parent).contains(#""Assets""#), "SwiftPM leaves Assets/ alone")
        #expect(template.readme.contains("`Assets/`"))
    }

    @Test("With Kiln's sources known the folder is a package too: a manifest naming them and the scene's tests")
    func packageFiles() throws {
        var template = try #require(PrototypeTemplate(name: "bottom-sheet"))
        let alone = template.files.map(\.path)

        template.kilnSources = URL(fileURLWithPath: "/src/kiln \"2\"")
        let files = Dictionary(uniqueKeysWithValues: template.files.map { ($0.path, $0.text) })

        #expect(!alone.contains("Package.swift") && !alone.contains { $0.hasPrefix("Tests/") })
        let manifest = try #require(files["Package.swift"])
        #expect(manifest.contains(#".package(name: "Kiln", path: "/src/kiln \"2\"")"#))
        #expect(manifest.contains(#"name: "BottomSheet", dependencies: [.product(name: "Kiln", package: "Kiln")], path: ".""#))
        #expect(manifest.contains(#".product(name: "KilnTesting", package: "Kiln")"#))
        let tests = try #require(files["Tests/BottomSheetTests.swift"])
        #expect(tests.contains("@testable import BottomSheet") && tests.contains("SceneHarness("))
        #expect(template.readme.contains("swift test"))
    }
}
