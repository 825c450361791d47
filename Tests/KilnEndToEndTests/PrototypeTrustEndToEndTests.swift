// Prototype folders and what another user, a downloaded repository or a second kiln can do
// to them: a planted library never runs, a scene's name never runs a folder, programs are
// found only in PATH's absolute folders, two compiles of one version both load, and compiler
// messages name the designer's files. Runs kiln as a process; planting steps run as
// `nobody` through setpriv (as root; otherwise those tests return early).
import Foundation
import KilnEndToEndSupport
import Testing

@Suite("Prototypes run only the code the user asked for", .serialized)
struct PrototypeTrustEndToEndTests {
    private let kiln: URL
    private let scratch: URL

    init() throws {
        kiln = try KilnBinary.locate()
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-trust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        chmod(scratch.path, 0o1777)
    }

    @Test("With no home or cache folder, a library another user planted under the temporary folder is refused in one line and its code never runs")
    func plantedLibraryNeverRuns() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        guard geteuid() == 0 else { return }
        let card = try newPrototype("card")
        // The library's name, as a compile in a cache of the user's own gives it.
        let learned = try render(card.path, environment: bareEnvironment(temporary: scratch.appendingPathComponent("own")))
        #expect(learned.status == 0, "\(learned.stderr)")
        let own = scratch.appendingPathComponent("own/kiln-0/prototypes")
        let module = try #require(try FileManager.default.contentsOfDirectory(atPath: own.path).first { $0.hasPrefix("KilnPrototype_") })
        let library = try #require(try FileManager.default.contentsOfDirectory(atPath: own.appendingPathComponent(module).path)
            .first { $0.hasSuffix(".so") })
        let marker = scratch.appendingPathComponent("ran")
        let planted = try PlantedCode.library(in: scratch, writing: marker)
        let shared = scratch.appendingPathComponent("shared")
        try PlantedCode.asNobody(["mkdir", "-m", "1777", shared.path])
        // Where the cache was, and where it is now, each planted by nobody.
        for cache in ["kiln/prototypes", "kiln-0/prototypes"] {
            let folder = shared.appendingPathComponent(cache).appendingPathComponent(module)
            try PlantedCode.asNobody(["mkdir", "-p", folder.path])
            try PlantedCode.asNobody(["cp", planted.path, folder.appendingPathComponent(library).path])
        }

        let result = try render(card.path, environment: bareEnvironment(temporary: shared))

        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.last == "kiln: \(shared.path)/kiln-0 belongs to another user (uid 65534): it is not used; Kiln keeps compiled prototypes only in a folder of your own",
                "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker.path), "the planted library ran")
    }

    @Test("A scene's name renders Kiln's scene and tunes it, not the folder of that name; the folder written as a path renders it")
    func sceneNamesRunNoFolder() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let gallery = scratch.appendingPathComponent("gallery")
        try FileManager.default.moveItem(at: try newPrototype("demo"), to: gallery)
        try FileManager.default.copyItem(at: gallery, to: scratch.appendingPathComponent("laser"))

        let byName = try kilnIn(scratch, ["render", "gallery", "--scale", "0.25", "--out", "g.png"])
        let tuning = try kilnIn(scratch, ["tuning", "laser"])
        let byPath = try kilnIn(scratch, ["render", "./gallery", "--scale", "0.25", "--out", "p.png"])

        #expect(byName.status == 0 && !byName.stderr.contains("compiling"), "\(byName.stderr)")
        #expect(tuning.status == 0 && !tuning.stderr.contains("compiling"), "\(tuning.stderr)")
        #expect(byPath.status == 0 && byPath.stderr.contains("compiling the prototype in gallery"), "\(byPath.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("g.png").path))
    }

    @Test("kiln play of a script for one of Kiln's scenes compiles nothing, even in a prototype's Scripts/ folder")
    func playCompilesNothingForKilnsScenes() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let demo = try newPrototype("demo")
        let script = demo.appendingPathComponent("Scripts/laser.json")
        try #"{"scene": "laser", "steps": [{"wait": 0.1}]}"#.write(to: script, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        // No display: the window cannot open, and what play did before it is all there is.
        environment["DISPLAY"] = nil
        environment["XDG_CACHE_HOME"] = scratch.appendingPathComponent("cache").path

        let laser = try ExternalCommand.run(kiln, ["play", script.path, "--mute"], environment: environment, timeout: 120,
                                            allowFailure: true)
        let own = try ExternalCommand.run(kiln, ["play", demo.appendingPathComponent("Scripts/demo.json").path, "--mute"],
                                          environment: environment, timeout: 180, allowFailure: true)

        #expect(!laser.stderr.contains("compiling"), "\(laser.stderr)")
        #expect(laser.stderr.contains("no display"), "\(laser.stderr)")
        #expect(own.stderr.contains("compiling the prototype in"), "\(own.stderr)")
    }

    @Test("kiln new refuses the names of Kiln's scenes and commands in one line, and makes no folder")
    func newRefusesKilnsNames() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }

        let results = try ["gallery", "laser", "render", "new", "Launcher"].map { name in
            (name, try kilnIn(scratch, ["new", name]))
        }

        for (name, result) in results {
            #expect(result.status == 1)
            #expect(result.stderr == "kiln: '\(name)' is the name of one of Kiln's scenes or commands; choose another name for the prototype")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }

    @Test("kiln new refuses a name whose scene file would be the package manifest, in one line, and makes no folder")
    func newRefusesClashingNames() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }

        let results = try ["Package", "package"].map { name in (name, try kilnIn(scratch, ["new", name])) }

        for (name, result) in results {
            #expect(result.status == 1)
            #expect(result.stderr == "kiln: '\(name)' cannot name a prototype: its scene's file, Package.swift, would clash with the folder's Package.swift; choose another name")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }

    @Test("pkg-config and the compiler's tools in an empty or relative PATH entry are not run")
    func noProgramFromTheCurrentFolder() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let card = try newPrototype("card")
        for name in ["pkg-config", "clang", "ld", "ld.lld"] {
            let program = card.appendingPathComponent(name)
            try "#!/bin/sh\ntouch '\(scratch.path)/ran-\(name)'\nexit 1\n".write(to: program, atomically: true, encoding: .utf8)
            chmod(program.path, 0o755)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = ":.:" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["XDG_CACHE_HOME"] = scratch.appendingPathComponent("cache").path

        let result = try kilnIn(card, ["render", ".", "--scale", "0.25", "--out", "../c.png"], environment: environment)

        #expect(result.status == 0, "\(result.stderr)")
        let ran = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasPrefix("ran-") }
        #expect(ran.isEmpty)
    }

    @Test("Two kilns compiling the same new version at once both render it")
    func racingCompilesBothLoad() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let card = try newPrototype("card")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = scratch.appendingPathComponent("cache").path

        let results = try [0.0, 0.05, 0.4].flatMap { delay -> [(status: Int32, stderr: String)] in
            try? FileManager.default.removeItem(at: scratch.appendingPathComponent("cache"))
            let second = Process()
            second.executableURL = kiln
            second.arguments = ["render", card.path, "--scale", "0.25", "--out", scratch.appendingPathComponent("b.png").path]
            second.environment = environment
            let errors = Pipe()
            second.standardError = errors
            second.standardOutput = FileHandle.nullDevice
            try second.run()
            Thread.sleep(forTimeInterval: delay)
            let first = try render(card.path, environment: environment, out: "a.png")
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            second.waitUntilExit()
            return [(first.status, first.stderr), (second.terminationStatus, said)]
        }

        #expect(results.count == 6)
        for result in results {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stderr.contains("modified during the build") && !result.stderr.contains("cannot load"))
        }
    }

    @Test("Compiler messages name the prototype's own files: a folder without a prototype, and an error past a #sourceLocation() of its own")
    func compilerMessagesNameTheUsersFiles() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = scratch.appendingPathComponent("cache").path
        let empty = scratch.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
        try "import Kiln\nlet notAPrototype = 1\n".write(to: empty.appendingPathComponent("Empty.swift"), atomically: true, encoding: .utf8)
        let card = try newPrototype("card")
        try "#sourceLocation()\nfunc helper() -> Int { return \"x\" }\n"
            .write(to: card.appendingPathComponent("Helper.swift"), atomically: true, encoding: .utf8)

        let none = try render(empty.path, environment: environment)
        let reset = try render(card.path, environment: environment)

        #expect(none.status == 1 && reset.status == 1)
        for output in [none.stderr, reset.stderr] {
            #expect(!output.contains("KilnPrototype_") && !output.contains(scratch.appendingPathComponent("cache").path), "\(output)")
        }
        #expect(none.stderr.contains("\(empty.path):1:1: error: the folder's Swift files must define `let prototype = Prototype(…)`"))
        #expect(none.stderr.hasSuffix("kiln: empty:1: the folder's Swift files must define `let prototype = Prototype(…)` (cannot find 'prototype' in scope)"),
                "\(none.stderr)")
        #expect(reset.stderr.contains("\(card.path)/Helper.swift:2:31: error: cannot convert return expression"), "\(reset.stderr)")
        #expect(reset.stderr.hasSuffix("kiln: Helper.swift:2: cannot convert return expression of type 'String' to return type 'Int'"), "\(reset.stderr)")
    }

    // MARK: - Helpers

    private func newPrototype(_ name: String) throws -> URL {
        let folder = scratch.appendingPathComponent(name)
        try ExternalCommand.run(kiln, ["new", folder.path], timeout: 30)
        return folder
    }

    private func render(_ folder: String, environment: [String: String], out: String = "x.png") throws -> CommandOutput {
        try ExternalCommand.run(kiln, ["render", folder, "--scale", "0.25", "--out", scratch.appendingPathComponent(out).path],
                                environment: environment, timeout: 240, allowFailure: true)
    }

    /// kiln run from `folder`, so that a word on its command line is read there.
    private func kilnIn(_ folder: URL, _ arguments: [String], environment: [String: String]? = nil) throws -> CommandOutput {
        let env = try ExternalCommand.require("env", package: "coreutils")
        var environment = environment ?? ProcessInfo.processInfo.environment
        if environment["XDG_CACHE_HOME"] == nil { environment["XDG_CACHE_HOME"] = scratch.appendingPathComponent("cache").path }
        return try ExternalCommand.run(env, ["-C", folder.path, kiln.path] + arguments, environment: environment,
                                       timeout: 240, allowFailure: true)
    }

    /// What a user with neither HOME nor XDG_CACHE_HOME has: the cache goes under `temporary`.
    private func bareEnvironment(temporary: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = nil
        environment["XDG_CACHE_HOME"] = nil
        environment["TMPDIR"] = temporary.path
        return environment
    }
}
