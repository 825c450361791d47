import Foundation
@testable import Kiln
import Testing

/// A word of the command line becomes a prototype folder only when written as a path or when
/// no scene has its name: typing a scene's name in a downloaded repository never runs its code.
@Suite("A scene's name never runs the folder of that name", .serialized)
struct PrototypeArgumentTests {
    private let scratch: URL

    init() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-argument-\(UUID().uuidString)")
        for folder in ["gallery", "card", "demo/Scripts"] {
            try FileManager.default.createDirectory(at: scratch.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in ["gallery/Gallery.swift", "card/Card.swift", "demo/Demo.swift"] {
            try "let prototype = 1\n".write(to: scratch.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
    }

    @Test("A folder named as a scene is a prototype only when written as a path; one no scene is named after is a prototype by its name")
    func sceneNamesWin() {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let scenes = ["launcher", "laser", "gallery"]
        let gallery = scratch.appendingPathComponent("gallery").path
        let card = scratch.appendingPathComponent("card").path

        #expect(!PrototypeFolder.isPrototype(argument: "gallery", sceneNames: scenes + [gallery]))
        #expect(PrototypeFolder.isPrototype(argument: gallery, sceneNames: scenes))
        #expect(PrototypeFolder.isPrototype(argument: gallery + "/", sceneNames: scenes))
        #expect(PrototypeFolder.isPrototype(argument: card, sceneNames: scenes))
        #expect(!PrototypeFolder.isPrototype(argument: scratch.appendingPathComponent("nope").path, sceneNames: scenes))
        for written in ["./gallery", "gallery/", "/abs/gallery", "~/gallery", "../gallery"] {
            #expect(PrototypeFolder.isWrittenAsPath(written), "\(written)")
        }
        for name in ["gallery", "laser", "card-2"] {
            #expect(!PrototypeFolder.isWrittenAsPath(name), "\(name)")
        }
    }

    @Test("Playing a script in a folder's Scripts/ compiles the folder only when the script is for a scene Kiln does not have")
    func playCompilesOnlyForItsOwnScene() {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let script = scratch.appendingPathComponent("demo/Scripts/x.json").path
        let scenes = ["launcher", "laser", "gallery"]

        let forLaser = PrototypeFolder.compiled(forScript: script, scene: "laser", sceneNames: scenes)
        let forNone = PrototypeFolder.compiled(forScript: script, scene: nil, sceneNames: scenes)
        let forDemo = PrototypeFolder.compiled(forScript: script, scene: "demo", sceneNames: scenes)
        let elsewhere = PrototypeFolder.compiled(forScript: scratch.appendingPathComponent("x.json").path, scene: "demo",
                                                 sceneNames: scenes)

        #expect(forLaser == nil)
        #expect(forNone == nil)
        #expect(forDemo?.url.path == scratch.appendingPathComponent("demo").path)
        #expect(elsewhere == nil)
    }
}
