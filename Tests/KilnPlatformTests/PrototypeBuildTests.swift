import Foundation
@_spi(Fuzzing) @testable import Kiln
import KilnTestSupport
import Testing

@Suite("Prototype builds: compiler errors, module names, the entry file and the compiler's arguments")
struct PrototypeBuildTests {
    @Test("The first error is found past warnings and notes, with its file and line")
    func firstErrorSkipsWarnings() {
        let output = """
            /p/Card.swift:3:9: warning: variable 'x' was never used
            /p/Card.swift:12:20: error: cannot find 'springs' in scope
            /p/Card.swift:12:20: note: did you mean 'spring'?
            /p/Other.swift:2:1: error: expected declaration
            """

        let first = CompilerDiagnostic.firstError(in: output)

        #expect(first == CompilerDiagnostic(file: "/p/Card.swift", line: 12, column: 20,
                                            message: "cannot find 'springs' in scope"))
        #expect(first?.description == "Card.swift:12: cannot find 'springs' in scope")
    }

    @Test("A file name holding colons keeps them; output without an error has none")
    func colonsInFileNames() {
        let first = CompilerDiagnostic.firstError(in: "/tmp/a:b/Card.swift:7:3: error: oops\n")

        #expect(first?.file == "/tmp/a:b/Card.swift")
        #expect(first?.line == 7)
        #expect(CompilerDiagnostic.firstError(in: "warning: x\nerror: no such file\n") == nil)
    }

    @Test("A line or column that no compiler writes is no location: the next error is the first",
          arguments: ["a.swift:0:1", "a.swift:1:-3", "a.swift:+2:1", "a.swift:07:1", "a.swift:1:", ":1:1",
                     "a.swift:99999999999999999999999:4"])
    func unlikelyPositions(location: String) {
        let first = CompilerDiagnostic.firstError(in: "\(location): error: odd\nCard.swift:4:2: error: real\n")

        #expect(first == CompilerDiagnostic(file: "Card.swift", line: 4, column: 2, message: "real"))
    }

    @Test("An error in the generated entry file says the folder defines no prototype")
    func entryFileErrorsAreReworded() {
        let entry = URL(fileURLWithPath: "/cache/KilnPrototype_0123-entry.swift")
        let output = "/cache/KilnPrototype_0123-entry.swift:6:37: error: cannot find 'prototype' in scope\n"

        let first = PrototypeCompiler.firstError(in: output, entry: entry, folder: PrototypeFolder(path: "/p/card"))

        #expect(first?.message.contains("let prototype = Prototype") == true)
        #expect(first?.message.contains("cannot find 'prototype' in scope") == true)
        #expect(first?.file == "/p/card")
    }

    @Test("The compiler's output names the prototype's own files: not the entry file, a copy in the build folder, or a module's file ID")
    func outputNamesTheUsersFiles() {
        let build = PrototypeBuild(folder: "/p/card", sources: [], toolchainStamp: "")
        let place = PrototypeBuildFolder(build: build, cacheFolder: URL(fileURLWithPath: "/cache"))
        let module = build.moduleName
        let output = """
            /cache/\(module)/\(module)-entry.swift:6:41: error: cannot find 'prototype' in scope
            4 | @_cdecl("kiln_prototype_entry_\(module)")
            5 | public func _kilnPrototypeEntry() -> UnsafeMutableRawPointer {
            6 |     Unmanaged.passRetained(PrototypeBox(prototype)).toOpaque()
              |                                         `- error: cannot find 'prototype' in scope
            7 | }
            /cache/\(module)/Sources/.Helper.swift:3:31: error: cannot convert return expression of type 'String' to return type 'Int'
            error: input file '/cache/\(module)/Sources/.Card.swift' was modified during the build
            \(module)/Card.swift:12: warning: never used
            """

        let told = PrototypeCompiler.userOutput(output, of: place, folder: PrototypeFolder(path: "/p/card"))
        let first = PrototypeCompiler.firstError(in: told, entry: place.entry, folder: PrototypeFolder(path: "/p/card"))

        #expect(told == """
            /p/card:1:1: error: the folder's Swift files must define `let prototype = Prototype(…)` (cannot find 'prototype' in scope)
            /p/card/Helper.swift:2:31: error: cannot convert return expression of type 'String' to return type 'Int'
            error: input file '/p/card/Card.swift' was modified during the build
            /p/card/Card.swift:12: warning: never used
            """)
        #expect(first?.description == "card:1: the folder's Swift files must define `let prototype = Prototype(…)` (cannot find 'prototype' in scope)")
    }

    @Test("The lines the compiler quotes from a prototype's file are numbered as the file is, without the line Kiln adds at its top")
    func excerptsNumberTheFilesOwnLines() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-excerpt-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("card")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lines = [#"let first: Int = "one""#] + (2...11).map { "let value\($0) = \($0)" }
            + [#"let twelfth: Int = "twelve""#, "let value13 = 13"]
        try lines.joined(separator: "\n").write(to: folder.appendingPathComponent("Card.swift"), atomically: true, encoding: .utf8)
        let compiler = PrototypeCompiler(toolchain: try PrototypeToolchain.locate(),
                                         cacheFolder: parent.appendingPathComponent("prototypes"))

        var output = ""
        do { _ = try compiler.compile(PrototypeFolder(path: folder.path)) } catch { output = error.output }

        let quoted = output.split(separator: "\n").filter { $0.firstMatch(of: /^ *[0-9]+ \|/) != nil }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(output.contains("\(folder.path)/Card.swift:1:18: error: cannot convert value of type 'String'"), "\(output)")
        #expect(output.contains("\(folder.path)/Card.swift:12:20: error: cannot convert value of type 'String'"), "\(output)")
        #expect(quoted.contains(#"1 | let first: Int = "one""#), "\(output)")
        #expect(quoted.contains("2 | let value2 = 2"), "\(output)")
        #expect(quoted.contains("11 | let value11 = 11"), "\(output)")
        #expect(quoted.contains(#"12 | let twelfth: Int = "twelve""#), "\(output)")
        #expect(quoted.contains("13 | let value13 = 13"), "\(output)")
        #expect(!output.contains("#sourceLocation"), "\(output)")
    }

    @Test("Module names follow the folder and the toolchain, versions the sources too, and each is a valid identifier")
    func moduleNames() {
        let card = [(name: "Card.swift", text: "let a = 1")]

        let first = PrototypeBuild(folder: "/p/card", sources: card, toolchainStamp: "kiln 1")
        let again = PrototypeBuild(folder: "/p/card", sources: card, toolchainStamp: "kiln 1")
        let edited = PrototypeBuild(folder: "/p/card", sources: [(name: "Card.swift", text: "let a = 2")],
                                    toolchainStamp: "kiln 1")
        let elsewhere = PrototypeBuild(folder: "/p/other", sources: card, toolchainStamp: "kiln 1")
        let rebuiltKiln = PrototypeBuild(folder: "/p/card", sources: card, toolchainStamp: "kiln 2")
        let split = PrototypeBuild(folder: "", sources: [(name: "ab", text: "c")], toolchainStamp: "")
        let splitOtherwise = PrototypeBuild(folder: "", sources: [(name: "a", text: "bc")], toolchainStamp: "")

        #expect(first == again)
        #expect(first.moduleName == edited.moduleName, "a save keeps the module, so the compiler's build carries on")
        #expect(first.libraryFileName != edited.libraryFileName, "a save gets a library file of its own")
        #expect(first.moduleName != elsewhere.moduleName)
        #expect(first.moduleName != rebuiltKiln.moduleName && first.version != rebuiltKiln.version)
        #expect(split.version != splitOtherwise.version)
        #expect(first.moduleName.hasPrefix("KilnPrototype_"))
        #expect(first.moduleName.count == "KilnPrototype_".count + 16)
        #expect(first.moduleName.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    @Test("The entry file exports a C function named after the module that boxes the prototype")
    func entryFile() {
        let build = PrototypeBuild(folder: "/p/card", sources: [(name: "Card.swift", text: "")], toolchainStamp: "")

        let source = build.entrySource

        #expect(build.entrySymbol == "kiln_prototype_entry_" + build.moduleName)
        #expect(source.contains("import Kiln"))
        #expect(source.contains("@_cdecl(\"\(build.entrySymbol)\")"))
        #expect(source.contains("PrototypeBox(prototype)"))
        #expect(build.entryFileName.hasPrefix(build.moduleName))
        #expect(build.libraryFileName == "lib\(build.moduleName)-\(build.version).so")
    }

    @Test("The output file map gives each copy and the entry an object and a dependency file named after the source, and the build its record")
    func outputFileMap() throws {
        let build = PrototypeBuild(folder: "/p/card", sources: [], toolchainStamp: "")
        let sources = [URL(fileURLWithPath: "/c/Sources/.Card.swift"), URL(fileURLWithPath: "/c/Sources/.Deck.swift")]
        let entry = URL(fileURLWithPath: "/c/entry.swift")

        let text = build.outputFileMap(sources: sources, entry: entry, objects: URL(fileURLWithPath: "/c/Objects"))

        let map = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: [String: String]])
        #expect(map.count == 4)
        #expect(map[""] == ["swift-dependencies": "/c/Objects/\(build.moduleName).swiftdeps"])
        #expect(map["/c/Sources/.Card.swift"] == ["object": "/c/Objects/Card.swift.o",
                                                 "swift-dependencies": "/c/Objects/Card.swift.swiftdeps"])
        #expect(map["/c/Sources/.Deck.swift"]?["object"] == "/c/Objects/Deck.swift.o")
        #expect(map["/c/entry.swift"]?["object"] == "/c/Objects/entry.swift.o")
    }

    @Test("The text compiled names the prototype's own file from its first line, its path a valid string literal")
    func compiledText() {
        let plain = PrototypeBuild.compiledText(of: "let a = 1\n", at: "/p/card/Card.swift")
        let odd = PrototypeBuild.compiledText(of: "", at: #"/p/a "b"\c/Card.swift"#)

        #expect(plain == "#sourceLocation(file: \"/p/card/Card.swift\", line: 1)\nlet a = 1\n")
        #expect(odd == #"#sourceLocation(file: "/p/a \"b\"\\c/Card.swift", line: 1)"# + "\n")
    }

    @Test("The compiler makes an unoptimized, incremental library with line tables against the host's modules without linking them")
    func compilerArguments() {
        let build = PrototypeBuild(folder: "/p/card", sources: [(name: "Card.swift", text: ""), (name: "Deck.swift", text: "")],
                                   toolchainStamp: "")
        let toolchain = PrototypeToolchain(compiler: URL(fileURLWithPath: "/usr/bin/swiftc"),
                                           modules: URL(fileURLWithPath: "/k/.build/debug/Modules"),
                                           importFlags: ["-Xcc", "-fmodule-map-file=/k/Sources/CSDL2/module.modulemap"])

        let arguments = build.arguments(toolchain: toolchain, sources: [URL(fileURLWithPath: "/c/Sources/Card.swift"),
                                                                        URL(fileURLWithPath: "/c/Sources/Deck.swift")],
                                        entry: URL(fileURLWithPath: "/c/entry.swift"),
                                        output: URL(fileURLWithPath: "/c/lib.so"),
                                        outputFileMap: URL(fileURLWithPath: "/c/map.json"),
                                        moduleCache: URL(fileURLWithPath: "/c/ModuleCache"),
                                        snapshot: URL(fileURLWithPath: "/c/Sources"), folder: URL(fileURLWithPath: "/p/card"))

        #expect(arguments.contains("-emit-library"))
        #expect(arguments.contains("-Onone") && arguments.contains("-gline-tables-only") && arguments.contains("-incremental"))
        #expect(!arguments.contains("-whole-module-optimization"), "a whole-module build compiles every file")
        #expect(arguments.contains("-disable-incremental-llvm-codegen"), "each file compiled is written, so its date tells")
        #expect(arguments.firstIndex(of: "-output-file-map").map { arguments[$0 + 1] } == "/c/map.json")
        #expect(arguments.firstIndex(of: "-file-prefix-map").map { arguments[$0 + 1] } == "/c/Sources=/p/card")
        #expect(arguments.firstIndex(of: "-module-name").map { arguments[$0 + 1] } == build.moduleName)
        #expect(arguments.firstIndex(of: "-I").map { arguments[$0 + 1] } == "/k/.build/debug/Modules")
        #expect(arguments.firstIndex(of: "-module-cache-path").map { arguments[$0 + 1] } == "/c/ModuleCache")
        #expect(arguments.firstIndex(of: "-o").map { arguments[$0 + 1] } == "/c/lib.so")
        #expect(arguments.contains("-fmodule-map-file=/k/Sources/CSDL2/module.modulemap"))
        #expect(Array(arguments.suffix(3)) == ["/c/Sources/Card.swift", "/c/Sources/Deck.swift", "/c/entry.swift"])
        #expect(!arguments.contains("-use-ld=lld"), "the system's linker unless lld is there")
        var withLLD = toolchain
        withLLD.linksWithLLD = true
        #expect(build.arguments(toolchain: withLLD, sources: [], entry: URL(fileURLWithPath: "/c/entry.swift"),
                                output: URL(fileURLWithPath: "/c/lib.so"), outputFileMap: URL(fileURLWithPath: "/c/map.json"),
                                moduleCache: URL(fileURLWithPath: "/c/ModuleCache"), snapshot: URL(fileURLWithPath: "/c/Sources"),
                                folder: URL(fileURLWithPath: "/p/card")).contains("-use-ld=lld"))
        // Linking Kiln's modules into the library a second time would give it types of its own.
        #expect(!arguments.contains { $0.hasPrefix("-lKiln") || $0.hasSuffix(".o") || $0.hasSuffix(".a") })
    }

    @Test("A folder of one file compiles as one whole-module job, with the same line tables and file names")
    func oneFileArguments() {
        let build = PrototypeBuild(folder: "/p/card", sources: [(name: "Card.swift", text: "")], toolchainStamp: "")
        let toolchain = PrototypeToolchain(compiler: URL(fileURLWithPath: "/usr/bin/swiftc"),
                                           modules: URL(fileURLWithPath: "/k/.build/debug/Modules"), importFlags: [])

        let arguments = build.arguments(toolchain: toolchain, sources: [URL(fileURLWithPath: "/c/Sources/Card.swift")],
                                        entry: URL(fileURLWithPath: "/c/entry.swift"),
                                        output: URL(fileURLWithPath: "/c/lib.so"),
                                        outputFileMap: URL(fileURLWithPath: "/c/map.json"),
                                        moduleCache: URL(fileURLWithPath: "/c/ModuleCache"),
                                        snapshot: URL(fileURLWithPath: "/c/Sources"), folder: URL(fileURLWithPath: "/p/card"))

        #expect(arguments.contains("-whole-module-optimization"))
        #expect(!arguments.contains("-incremental") && !arguments.contains("-output-file-map"))
        #expect(arguments.contains("-Onone") && arguments.contains("-gline-tables-only"))
        #expect(arguments.firstIndex(of: "-file-prefix-map").map { arguments[$0 + 1] } == "/c/Sources=/p/card")
        #expect(Array(arguments.suffix(2)) == ["/c/Sources/Card.swift", "/c/entry.swift"])
    }

    @Test("Libraries are cached under the XDG cache folder, else under the home folder")
    func cacheFolder() {
        #expect(PrototypeCompiler.defaultCacheFolder(["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"]).path
                == "/x/cache/kiln/prototypes")
        #expect(PrototypeCompiler.defaultCacheFolder(["HOME": "/h"]).path == "/h/.cache/kiln/prototypes")
    }

    @Test("A crash line names the prototype, its folder and the signal, on one line")
    func crashLine() {
        let line = PrototypeCrashReport.line(scene: "card", folder: "work/card", signal: "SIGSEGV")

        #expect(line.hasPrefix("kiln: the prototype 'card' (work/card) crashed with SIGSEGV"))
        #expect(line.filter { $0 == "\n" }.count == 1 && line.hasSuffix("\n"))
    }

    @Test("The compiler is the one beside the shared Swift runtime, and every C module map of the checkout is passed")
    func toolchainParts() throws {
        let compiler = try #require(PrototypeToolchain.runtimeCompiler())
        let flags = PrototypeToolchain.cModuleFlags(checkout: ProjectFiles.root)

        #expect(PrototypeToolchain.isRuntimeShared())
        #expect(compiler.lastPathComponent == "swiftc")
        #expect(FileManager.default.isExecutableFile(atPath: compiler.path))
        for module in ["CSDL2", "CSDL2Mixer", "CCairo", "CXInput2", "CEvdev"] {
            let map = ProjectFiles.root.appendingPathComponent("Sources/\(module)/module.modulemap").path
            #expect(flags.contains("-fmodule-map-file=\(map)"))
        }
        #expect(PrototypeToolchain.checkout(above: ProjectFiles.root.appendingPathComponent(".build/debug/kiln"))?.path == ProjectFiles.root.path)
    }
}
