import Foundation
@testable import Kiln
import Testing

@Suite("kiln dev's window process: its crash output summed up in one line, in the prototype's own terms")
struct WindowCrashTests {
    static let paths = PrototypeSourcePaths(folder: "/home/d/card", snapshot: "/c/KilnPrototype_0123/Sources",
                                            moduleName: "KilnPrototype_0123")

    /// What a window on a prototype writes when the prototype indexes past an array's end:
    /// a line of its own, the runtime's trap, the window's signal line, then the backtrace.
    static let crashOutput = """
        kiln: reloaded card 0.42 s after the save (compile 0.38, load 0.001, swap 0.016)
        Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range
        kiln: the prototype 'card' (card) crashed with SIGILL; the window is gone, kiln dev opens it again on the next save that compiles.

        *** Program crashed: Illegal instruction at 0x0000000000003d6d ***

        Thread 0 "kiln" crashed:

          0              0x00007f9b2016df7f closure #1 in _assertionFailure(_:_:file:line:flags:) + 623 in libswiftCore.so
          2 [ra]         0x00007f9b207f6f65 specialized Array.subscript.getter + 84 in libswiftSwiftOnoneSupport.so
          3 [ra]         0x00007f9b1891f698 CardScene.drag(_:) + 1063 in libKilnPrototype_0123-5fe8.so at /home/d/card/Card.swift:90:118
          4 [ra]         0x00007f9b1891e302 closure #1 in CardScene.init(context:tuning:) + 321 in libKilnPrototype_0123-5fe8.so at /home/d/card/Card.swift:62:18
          5 [ra]         0x0000560d8602baa0 GestureRecognizer.apply(_:) + 239 in kiln at /k/Sources/KilnCore/Gestures/GestureRecognizer+Transitions.swift:75:42
        """

    @Test("Lines before a crash are printed as they come; the crash's own lines only with --verbose")
    func crashLinesAreHeld() {
        var quiet = WindowErrorOutput(isVerbose: false)
        var verbose = WindowErrorOutput(isVerbose: true)
        let lines = Self.crashOutput.components(separatedBy: "\n")

        let printed = lines.filter { quiet.take($0) }
        let printedVerbose = lines.filter { verbose.take($0) }

        #expect(printed == ["kiln: reloaded card 0.42 s after the save (compile 0.38, load 0.001, swap 0.016)"])
        #expect(printedVerbose == lines)
        #expect(quiet.crashLines.count == lines.count - 1)
    }

    @Test("The crash is placed at the innermost frame in the prototype's files, with the trap's message and the scene")
    func crashIsPlaced() {
        var output = WindowErrorOutput(isVerbose: false)
        for line in Self.crashOutput.components(separatedBy: "\n") { _ = output.take(line) }

        let location = output.location(in: Self.paths)

        #expect(location?.file == "/home/d/card/Card.swift")
        #expect(location?.line == 90)
        #expect(output.trap == "Fatal error: Index out of range")
        #expect(output.sceneName == "card")
    }

    @Test("Without a backtrace, a trap in the prototype's own code is placed by its #fileID")
    func trapWithoutBacktrace() {
        var output = WindowErrorOutput(isVerbose: false)

        let printed = output.take("KilnPrototype_0123/Deck.swift:12: Fatal error: Unexpectedly found nil while unwrapping an Optional value")

        #expect(!printed)
        #expect(output.location(in: Self.paths)?.file == "/home/d/card/Deck.swift")
        #expect(output.location(in: Self.paths)?.line == 12)
        #expect(output.trap == "Fatal error: Unexpectedly found nil while unwrapping an Optional value")
    }

    @Test("Paths of the build folder's copies, of the module and of the folder map to the folder's own files; others to none")
    func pathsMapToTheFolder() {
        let paths = Self.paths

        #expect(paths.userFile("/c/KilnPrototype_0123/Sources/.Card.swift") == "/home/d/card/Card.swift")
        #expect(paths.userFile("KilnPrototype_0123/Card.swift") == "/home/d/card/Card.swift")
        #expect(paths.userFile("/home/d/card/Card.swift") == "/home/d/card/Card.swift")
        #expect(paths.userFile("Swift/ContiguousArrayBuffer.swift") == nil)
        #expect(paths.userFile("/k/Sources/KilnCore/Layer.swift") == nil)
        #expect(paths.userFile("/home/d/card/Scripts/x.swift") == nil, "only the folder's top is compiled")
        #expect(paths.userFile("/home/d/cards/Card.swift") == nil)
    }

    @Test("A frame's location is read from its end; a line without one has none")
    func frameLocations() {
        let frame = WindowErrorOutput.frameLocation("  3 [ra] 0x1 f() + 1 in lib.so at /a b/c:d/Card.swift:90:118")

        #expect(frame?.file == "/a b/c:d/Card.swift")
        #expect(frame?.line == 90)
        #expect(WindowErrorOutput.frameLocation("  0 0x1 f() + 623 in libswiftCore.so") == nil)
        #expect(WindowErrorOutput.frameLocation("13 [thunk] 0x1 g() in lib.so at //<compiler-generated>") == nil)
    }

    @Test("The line names the prototype, the signal, the place, the trap, the next save and kiln recover, on one line")
    func reportLine() {
        let crash = WindowCrashReport(prototype: "card", cause: .signal("SIGILL"), trap: "Fatal error: Index out of range",
                                      location: "card/Card.swift:90")

        #expect(crash.line.hasPrefix("the prototype 'card' crashed with SIGILL at card/Card.swift:90 (Fatal error: Index out of range);"))
        #expect(crash.line.contains("next save that compiles") && crash.line.contains("`kiln recover --folder DIR`"))
        #expect(!crash.line.contains("\n"))
        #expect(WindowCrashReport.signalName(SIGSEGV) == "SIGSEGV")
        #expect(WindowCrashReport.signalName(63) == "SIG63")
    }

    @Test("A crash while new code replays the session: the window's line with the moments is read back, and the one line says how far the replay got and where it goes on the next save")
    func crashDuringReplay() {
        let written = PrototypeCrashReport.replayLine(reached: 1.517, target: 4.8)
        var output = WindowErrorOutput(isVerbose: false)
        for line in Self.crashOutput.components(separatedBy: "\n") + [String(written.dropLast())] { _ = output.take(line) }

        let crash = WindowCrashReport(prototype: "card", cause: .signal("SIGILL"), trap: output.trap,
                                      location: "card/Card.swift:90", replay: (output.replay?.reached, 4.8))

        #expect(written == "kiln: it crashed while the session was being replayed into the new code, at 1.52 s of 4.80 s\n")
        #expect(output.replay?.reached == 1.52 && output.replay?.target == 4.8)
        #expect(crash.line.hasPrefix("the prototype 'card' crashed with SIGILL at card/Card.swift:90 (Fatal error: Index out of range) "
                                     + "while the session was being replayed into the new code, 1.52 s of 4.80 s in; "),
                "\(crash.line)")
        #expect(crash.line.contains("replays the session to 4.80 s") && crash.line.contains("`kiln recover --folder DIR`"))
        #expect(!crash.line.contains("\n"))
        #expect(PrototypeCrashReport.replayLine(reached: 0.125, target: 1234.5).hasSuffix("at 0.13 s of 1234.50 s\n"))
    }

    @Test("The build folder rewrites only the sources that changed, so the compiler compiles only those, and drops removed ones")
    func buildFolderKeepsUnchangedFiles() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-build-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let build = PrototypeBuild(folder: "/p/card", sources: [], toolchainStamp: "")
        let place = PrototypeBuildFolder(build: build, cacheFolder: cache)
        let first = try place.write(sources: [(name: "Card.swift", text: "let a = 1"), (name: "Deck.swift", text: "let b = 1"),
                                              (name: "Old.swift", text: "let c = 1")],
                                    of: URL(fileURLWithPath: "/p/card"))
        let past = Date(timeIntervalSince1970: 1_000_000)
        for file in first { try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file.path) }

        let second = try place.write(sources: [(name: "Card.swift", text: "let a = 1"), (name: "Deck.swift", text: "let b = 2")],
                                     of: URL(fileURLWithPath: "/p/card"))

        func date(_ url: URL) throws -> Date? { try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date }
        #expect(second.map(\.lastPathComponent) == [".Card.swift", ".Deck.swift"])
        #expect(try date(second[0]) == past)
        #expect(try date(second[1]) != past)
        #expect(try String(contentsOf: second[1], encoding: .utf8) == "#sourceLocation(file: \"/p/card/Deck.swift\", line: 1)\nlet b = 2")
        #expect(try FileManager.default.contentsOfDirectory(atPath: place.snapshot.path).sorted() == [".Card.swift", ".Deck.swift"])
        #expect(FileManager.default.fileExists(atPath: place.entry.path))
        let map = try JSONSerialization.jsonObject(with: Data(contentsOf: place.outputFileMap)) as? [String: [String: String]]
        #expect(map?[second[1].path]?["object"] == place.objects.path + "/Deck.swift.o")
    }
}
