import Foundation
@testable import Kiln
@testable import KilnRuntime
import KilnTestSupport
import Testing

/// What `import Kiln` offers a prototype: each case compiles `kiln new`'s starter with one more
/// file, with the compiler and arguments `kiln dev` uses, against this build's modules.
@Suite("The public API: a prototype sees Kiln's building blocks and none of its engine or app machinery")
struct PublicSurfaceTests {
    @Test("A prototype that names an engine internal, the app's machinery or a demo scene does not compile",
          arguments: [
              ("TuningParser", "_ = try? TuningParser.parse(\"a = 1\", file: \"t.toml\")"),
              ("RenderList", "_ = RenderList(root: Layer())"),
              ("OfflineMixer", "_ = OfflineMixer(clock: ManualClock())"),
              ("HostedSession", "let session: HostedSession? = nil; _ = session"),
              ("LaserScene", "let scene: LaserScene? = nil; _ = scene"),
          ])
    func internalsAreOutOfReach(symbol: String, line: String) throws {
        let result = try Self.compile("import Kiln\n\nfunc use() {\n    \(line)\n}\n")

        #expect(result.status != 0, "a prototype naming \(symbol) compiled")
        let errors = result.output.split(separator: "\n").filter { $0.contains("error:") }
        #expect(errors.contains { $0.contains("'\(symbol)'") }, "no error names \(symbol):\n\(result.output)")
    }

    @Test("A prototype built from layers, transactions, a pan recognizer and KilnApp compiles")
    func buildingBlocksAreInReach() throws {
        let source = """
            import Kiln

            func fade(_ layer: Layer) -> PanGestureRecognizer {
                Transaction.animate(duration: 0.3) { layer.opacity = 0.5 }
                return PanGestureRecognizer { pan in layer.opacity = pan.state == .ended ? 1 : 0.5 }
            }

            func launch(_ prototypes: [Prototype]) {
                KilnApp.main(prototypes: prototypes)
            }
            """

        let result = try Self.compile(source)

        #expect(result.status == 0, "the prototype did not compile:\n\(result.output)")
    }

    @Test("Each of Kiln's demos compiles as a prototype does, outside Kiln's package: the public API is enough for it",
          arguments: ["Laser", "Mailbox", "Pressure", "Gallery"])
    func demosNeedOnlyThePublicAPI(demo: String) throws {
        let folder = ProjectFiles.root.appendingPathComponent("Demos/\(demo)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        let files = try names.map { (name: $0, text: try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
        #expect(files.count > 3)

        let result = try Self.compile(files)

        #expect(result.status == 0, "the \(demo) demo did not compile as a prototype:\n\(result.output)")
    }

    /// The status and output of compiling the starter prototype and `extra` into a library.
    static func compile(_ extra: String) throws -> (status: Int32, output: String) {
        try compile([(name: "Extra.swift", text: extra)])
    }

    /// The status and output of compiling the starter prototype and `extras` into a library.
    static func compile(_ extras: [(name: String, text: String)]) throws -> (status: Int32, output: String) {
        let toolchain = try PrototypeToolchain.locate()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-surface-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let starter = try #require(PrototypeTemplate(name: "card"))
        let sources = [(name: "Card.swift", text: starter.swiftSource)] + extras
        var files: [URL] = []
        for source in sources {
            let file = folder.appendingPathComponent(source.name)
            try source.text.write(to: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        let build = PrototypeBuild(folder: folder.path, sources: sources, toolchainStamp: "")
        let entry = folder.appendingPathComponent("entry.swift")
        try build.entrySource.write(to: entry, atomically: true, encoding: .utf8)
        let arguments = build.arguments(
            toolchain: toolchain, sources: files, entry: entry, output: folder.appendingPathComponent("card.so"),
            outputFileMap: folder.appendingPathComponent("map.json"),
            moduleCache: folder.appendingPathComponent("ModuleCache"), snapshot: folder, folder: folder)
        try build.outputFileMap(sources: files, entry: entry, objects: folder)
            .write(to: folder.appendingPathComponent("map.json"), atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = toolchain.compiler
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
