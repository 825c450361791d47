// Prototype folders as a user meets them: `kiln new` writes one, `kiln render` compiles and
// renders it, and `kiln dev` keeps it live in a window on a private Xvfb server while the
// test edits its Swift file. Needs the Swift toolchain kiln was built with.
import Foundation
import KilnCore
import KilnEndToEndSupport
import Testing

@Suite("Prototype folders, end to end", .serialized)
struct PrototypeEndToEndTests {
    @Test("kiln new makes a prototype that kiln render compiles and renders and kiln tuning lists without compiling it again; a second kiln new refuses the folder")
    func newThenRender() throws {
        try withPrototype { binary, folder in
            let png = folder.deletingLastPathComponent().appendingPathComponent("frame.png").path

            let rendered = try ExternalCommand.run(binary, ["render", folder.path, "--script", folder.path + "/Scripts/demo.json",
                                                            "--at", "0.8", "--scale", "1", "--out", png], timeout: 180)
            let again = try ExternalCommand.run(binary, ["new", folder.path], timeout: 30, allowFailure: true)
            let tuning = try ExternalCommand.run(binary, ["tuning", folder.path], timeout: 180)
            let defaults = try ExternalCommand.run(binary, ["tuning", folder.path, "--defaults"], timeout: 180)

            #expect(rendered.stderr.contains("compiling the prototype"))
            // The library built for the render is used as it is: nothing compiles, nothing says so.
            #expect(!tuning.stderr.contains("compiling") && !defaults.stderr.contains("compiling"), "\(tuning.stderr)")
            #expect(!rendered.stderr.contains("unknown key"), "the tuning file matches the scene: \(rendered.stderr)")
            let image = try RGBImage(contentsOf: png)
            #expect(image.width == 390 && image.height == 844)
            // The card is dragged down and left by 0.8 s: its blue is there, not at its home.
            #expect(isCardBlue(image.pixel(90, 530)), "pixel \(image.pixel(90, 530))")
            #expect(!isCardBlue(image.pixel(195, 380)), "pixel \(image.pixel(195, 380))")
            // The folder's own tuning.toml is where each of its values comes from.
            #expect(tuning.text.contains("spring = { damping_ratio = 0.62, response = 0.42 }"), "\(tuning.text)")
            #expect(tuning.text.contains("# \(folder.path)/tuning.toml:"), "\(tuning.text)")
            // The regenerated defaults speak of the folder's own file, not a copy in ~/.config.
            #expect(defaults.text.contains("the prototype's tuning.toml, in its folder"), "\(defaults.text)")
            #expect(!defaults.text.contains("~/.config"), "\(defaults.text)")
            #expect(again.status != 0)
            #expect(again.stderr.split(separator: "\n").count == 1 && again.stderr.contains("already exists"))
        }
    }

    @Test("kiln dev shows the new code after a save, keeps the old scene on a compile error, sums a crash on a drag up in one line at the prototype's own line, keeps the journal, opens the window again on the next good save, and kiln recover renders the crash")
    func devReloadsKeepsAndReports() throws {
        try withPrototype { binary, folder in
            let source = folder.appendingPathComponent("Card.swift")
            let original = try String(contentsOf: source, encoding: .utf8)
            let state = folder.deletingLastPathComponent().appendingPathComponent("state")
            let session = try XvfbSession(width: 1280, height: 1024)
            defer { session.stop() }
            let app = try KilnApp(binary: binary, arguments: ["dev", folder.path, "--events", "--mute", "--quit-after", "300"],
                                  session: session, environment: ["XDG_STATE_HOME": state.path])
            defer { app.terminate() }
            try app.waitForLine(containing: #""event": "scene.opened""#, timeout: 120)
            // The first compile says how long it took, in one line.
            #expect(app.errorOutput.range(of: #"kiln: compiled card in \d+\.\d s\n"#, options: .regularExpression) != nil,
                    "\(app.errorOutput)")
            let window = try app.window(timeout: 30)
            let shot = folder.appendingPathComponent("shot.png").path
            // The first frame may land after the window appears: look until it is drawn.
            var before = (red: 0, green: 0, blue: 0)
            _ = try eventually(within: 15) {
                try window.screenshot(to: shot)
                before = try RGBImage(contentsOf: shot).pixel(20, 20)
                return before.red > 200
            }

            // A dark background: new code, on screen.
            try write(original.replacingOccurrences(of: "Color(hex: 0xF2F2F7)", with: "Color(hex: 0x202024)"), to: source)
            // Reported on the new scene's first frame.
            let reloaded = try app.waitForLine(containing: #""event": "prototype.reloaded""#, timeout: 60)
            var after = (red: 255, green: 255, blue: 255)
            _ = try eventually(within: 5) {
                try window.screenshot(to: shot)
                after = try RGBImage(contentsOf: shot).pixel(20, 20)
                return after.red < 60
            }

            #expect(before.red > 200 && after.red < 60, "background \(before) before, \(after) after the save")
            #expect(reloaded.line.contains("compile_ms") && reloaded.line.contains("save_to_screen_ms"))

            // A compile error on a known line: the scene stays, the error names the line.
            var lines = original.replacingOccurrences(of: "Color(hex: 0xF2F2F7)", with: "Color(hex: 0x202024)")
                .components(separatedBy: "\n")
            let broken = try #require(lines.firstIndex { $0.contains("now = time") })
            lines[broken] = "        now = undefinedTime"
            let opened = app.lines.count
            try write(lines.joined(separator: "\n"), to: source)
            let reported = try eventually(within: 60) { app.errorOutput.contains("Card.swift:\(broken + 1): cannot find 'undefinedTime'") }

            #expect(reported, "stderr: \(app.errorOutput.suffix(1500))")
            #expect(app.isRunning)
            #expect(!app.lines[opened...].contains { $0.contains("scene.opened") }, "the old scene keeps running")

            // A crash in the new code when the card is dragged: one line, naming the signal, the
            // trap and the prototype's own file and line; kiln dev keeps running.
            lines[broken] = "        now = time"
            let moved = try #require(lines.firstIndex { $0.contains("card.position = Point(x: dragStart.x + moved.x") })
            let fixedLine = lines[moved]
            lines[moved] += "; let none: [Int] = []; _ = none[1]"
            let beforeCrash = app.lines.count
            try write(lines.joined(separator: "\n"), to: source)
            let crashingVersion = try app.waitForLine(containing: "prototype.reloaded", from: beforeCrash, timeout: 60)
            Thread.sleep(forTimeInterval: 0.5)
            // The window may go before the drag ends: the rest of the drag then finds no window.
            let crashing = try app.window(timeout: 30)
            _ = try? crashing.drag(fromCanvas: (195, 422), to: (120, 600))
            let crashed = try eventually(within: 60) { app.errorOutput.contains(" crashed with SIG") }
            let crashLines = app.errorOutput.split(separator: "\n").filter { $0.contains("crashed") }
            let journals = try FileManager.default.contentsOfDirectory(atPath: state.appendingPathComponent("kiln").path)

            #expect(crashed, "stderr: \(app.errorOutput.suffix(1500))")
            #expect(crashLines.count == 1, "one line: \(crashLines)")
            #expect(crashLines.first?.contains("card/Card.swift:\(moved + 1) ") == true, "\(crashLines)")
            #expect(crashLines.first?.contains("Fatal error: Index out of range") == true, "\(crashLines)")
            #expect(crashLines.first?.contains("kiln recover") == true, "\(crashLines)")
            #expect(!app.errorOutput.contains("Thread 0") && !app.errorOutput.contains("Program crashed"),
                    "no backtrace without --verbose: \(app.errorOutput.suffix(1500))")
            #expect(crashLines.first?.contains("KilnPrototype_") == false, "no build folder: \(crashLines)")
            #expect(app.isRunning)
            #expect(journals.count == 1 && journals.first?.hasSuffix(".journal") == true, "\(journals)")

            // The next save that compiles opens the window again, on the fixed code.
            lines[moved] = fixedLine
            try write(lines.joined(separator: "\n"), to: source)
            let reopened = try app.waitForLine(containing: #""event": "scene.opened""#, from: crashingVersion.index + 1,
                                               timeout: 120)
            let again = try app.window(timeout: 30)
            try again.drag(fromCanvas: (195, 422), to: (120, 600))
            let released = try app.waitForLine(containing: "card.released", from: reopened.index + 1, timeout: 20)

            #expect(released.line.contains("card.released"))
            #expect(app.isRunning)

            // Closed cleanly, the new window takes its own journal away; the crashed one's stays,
            // and kiln recover compiles the folder named and renders what the crashed scene had done.
            app.terminate()
            let frames = folder.deletingLastPathComponent().appendingPathComponent("recovered/").path + "/"
            let recovered = try ExternalCommand.run(binary, ["recover", "--folder", folder.path, "--render", frames],
                                                    environment: session.environment.merging(["XDG_STATE_HOME": state.path]) { $1 },
                                                    timeout: 180, allowFailure: true)

            #expect(recovered.status == 0 && recovered.stderr.contains("of card"), "\(recovered.stderr)")
            let first = try RGBImage(contentsOf: frames + "frame-00000.png")
            #expect(first.pixel(20, 20).red < 60, "the fixed code's dark background: \(first.pixel(20, 20))")

            // Without --folder nothing is compiled; with a folder whose scene is not the journal's, nothing is rendered.
            let journal = state.appendingPathComponent("kiln").appendingPathComponent(try #require(journals.first))
            let other = folder.deletingLastPathComponent().appendingPathComponent("other.journal")
            try String(contentsOf: journal, encoding: .utf8).replacingOccurrences(of: #""scene":"card""#, with: #""scene":"deck""#)
                .write(to: other, atomically: true, encoding: .utf8)
            let recoverEnvironment = session.environment.merging(["XDG_STATE_HOME": state.path]) { $1 }
            let alone = try ExternalCommand.run(binary, ["recover", "--render", frames + "again/"],
                                                environment: recoverEnvironment, timeout: 60, allowFailure: true)
            let mismatched = try ExternalCommand.run(binary, ["recover", "--journal", other.path, "--folder", folder.path,
                                                              "--render", frames + "other/"],
                                                     environment: recoverEnvironment, timeout: 180, allowFailure: true)

            #expect(alone.status == 1 && !alone.stderr.contains("compiling"), "\(alone.stderr)")
            #expect(alone.stderr.split(separator: "\n").count == 1, "\(alone.stderr)")
            #expect(alone.stderr.contains("its scene 'card' is a prototype's, recorded from ")
                        && alone.stderr.hasSuffix("; a journal runs no code: name the prototype's folder with --folder DIR to render it"),
                    "\(alone.stderr)")
            #expect(mismatched.status == 1, "\(mismatched.stderr)")
            #expect(mismatched.stderr.hasSuffix("kiln: \(other.path) is a session of 'deck', but \(folder.path) is the prototype 'card'; nothing was rendered"),
                    "\(mismatched.stderr)")
            #expect(!FileManager.default.fileExists(atPath: frames + "again") && !FileManager.default.fileExists(atPath: frames + "other"))
        }
    }

    @Test("A save of one file of several compiles only that file, and the new version's type of the same name is its own; #filePath and the scene's folder name the prototype's own files")
    func devCompilesIncrementally() throws {
        try withPrototype { binary, folder in
            let cache = folder.deletingLastPathComponent().appendingPathComponent("cache")
            let source = folder.appendingPathComponent("Card.swift")
            let card = try String(contentsOf: source, encoding: .utf8).replacingOccurrences(
                of: "        home = card.position\n",
                with: """
                                home = card.position
                                context.emit("card.files", at: 0, ["file": .string(#filePath), "deck": .string(deckMark()),
                                                                   "folder": .string(context.folder?.path ?? "none")])

                """)
            try write(card, to: source)
            let deck = folder.appendingPathComponent("Deck.swift")
            // A type of the same name in both versions, laid out differently: each version's
            // code must see its own (the libraries define the same module, loaded side by side).
            try write("private struct Marker { var deck = 1 }\nfunc deckMark() -> String { \"\\(Marker())\" }\n", to: deck)
            try write("import Kiln\n\nextension CardScene {\n    var shelf: Int { 3 }\n}\n",
                      to: folder.appendingPathComponent("Shelf.swift"))
            let session = try XvfbSession(width: 1280, height: 1024)
            defer { session.stop() }
            let app = try KilnApp(binary: binary, arguments: ["dev", folder.path, "--events", "--mute", "--quit-after", "300"],
                                  session: session, environment: ["XDG_CACHE_HOME": cache.path])
            defer { app.terminate() }
            let first = try app.waitForLine(containing: "card.files", timeout: 180)
            let objects = try #require(try FileManager.default.contentsOfDirectory(
                at: cache.appendingPathComponent("kiln/prototypes"), includingPropertiesForKeys: nil)
                .first { $0.lastPathComponent.hasPrefix("KilnPrototype_") }).appendingPathComponent("Objects")

            // The type's layout changes: the compiler may compile the files that use it too.
            try write("private struct Marker { var deck = 2; var cards = 52 }\nfunc deckMark() -> String { \"\\(Marker())\" }\n",
                      to: deck)
            // A save can reach the window more than once (written, then its date set): wait
            // for each version's own line rather than the next one.
            let second = try app.waitForLine(containing: "cards: 52", from: first.index + 1, timeout: 120)
            let built = try objectDates(in: objects)
            // Only a function's body changes.
            try write("private struct Marker { var deck = 2; var cards = 52 }\nfunc deckMark() -> String { \"\\(Marker()) again\" }\n",
                      to: deck)
            let third = try app.waitForLine(containing: "cards: 52) again", from: second.index + 1, timeout: 120)
            let rebuilt = try objectDates(in: objects)

            #expect(first.line.contains(#""file": "\#(source.path)""#), "\(first.line)")
            #expect(first.line.contains(#""folder": "\#(folder.path)""#), "\(first.line)")
            #expect(first.line.contains("Marker(deck: 1)"), "\(first.line)")
            #expect(second.line.contains("Marker(deck: 2, cards: 52)"), "the new version runs with its own type: \(second.line)")
            #expect(third.line.contains("Marker(deck: 2, cards: 52) again"), "\(third.line)")
            #expect(built.count == 4, "three files and the entry: \(built.keys.sorted())")
            #expect(rebuilt["Deck.swift.o"] != built["Deck.swift.o"])
            let others = built.keys.filter { $0 != "Deck.swift.o" }
            #expect(others.allSatisfy { rebuilt[$0] == built[$0] }, "only Deck.swift compiles again: \(built) then \(rebuilt)")
        }
    }

    @Test("A window that exits with the watchdog's status is a hang: its own line is passed on and is the only one, and kiln dev keeps running")
    func devOutlivesAHang() throws {
        try withPrototype { binary, folder in
            let source = folder.appendingPathComponent("Card.swift")
            let original = try String(contentsOf: source, encoding: .utf8)
            // What the window's watchdog does when the scene's code is stuck, on a drag: _exit,
            // which runs no exit handler (a prototype's own exit is said as such).
            let hanging = "import Foundation\n" + original.replacingOccurrences(
                of: "        case .changed:\n",
                with: "        case .changed:\n            FileHandle.standardError.write(Data(\"kiln: the scene is stuck\\n\".utf8)); _exit(86)\n")
            try write(hanging, to: source)
            try withDevWindow(binary, folder) { app, opened, window in
                // The window goes at the drag's first move: the rest of the drag finds no window.
                _ = try? window.drag(fromCanvas: (195, 422), to: (120, 600))
                let reported = try eventually(within: 30) { app.errorOutput.contains("kiln: the scene is stuck\n") }
                // The window's watchdog says what comes next in its own line; kiln dev adds none
                // beside its compile's.
                Thread.sleep(forTimeInterval: 1)
                let lines = app.errorOutput.split(separator: "\n")
                    .filter { !$0.contains("compiling") && !$0.hasPrefix("kiln: compiled ") }

                #expect(reported, "the window's own line: \(app.errorOutput.suffix(1500))")
                #expect(lines == ["kiln: the scene is stuck"], "\(lines)")
                #expect(app.isRunning)

                try write(original, to: source)
                let reopened = try app.waitForLine(containing: #""event": "scene.opened""#, from: opened.index + 1, timeout: 120)
                #expect(reopened.line.contains("card"))
            }
        }
    }

    @Test("kiln dev ends when its window closes, and its window ends with it, even when kiln dev is killed")
    func devAndItsWindowEndTogether() throws {
        try withPrototype { binary, folder in
            let session = try XvfbSession(width: 1280, height: 1024)
            defer { session.stop() }
            let quitting = try KilnApp(binary: binary, arguments: ["dev", folder.path, "--events", "--mute", "--quit-after", "4"],
                                       session: session)
            defer { quitting.terminate() }
            try quitting.waitForLine(containing: #""event": "scene.opened""#, timeout: 180)

            #expect(try eventually(within: 30) { !quitting.isRunning })
            #expect(quitting.ending.map { $0.status == 0 && !$0.bySignal } == true, "\(String(describing: quitting.ending))")

            let killed = try KilnApp(binary: binary, arguments: ["dev", folder.path, "--events", "--mute", "--quit-after", "120"],
                                     session: session)
            defer { killed.terminate() }
            try killed.waitForLine(containing: #""event": "scene.opened""#, timeout: 180)
            let windows = KilnApp.descendants(of: killed.pid)
            kill(killed.pid, SIGKILL)

            #expect(windows.count == 1, "one window process: \(windows)")
            #expect(try eventually(within: 10) { windows.allSatisfy(isGone) }, "the window ends with kiln dev")

            let ended = try KilnApp(binary: binary, arguments: ["dev", folder.path, "--events", "--mute", "--quit-after", "120"],
                                    session: session)
            defer { ended.terminate() }
            try ended.waitForLine(containing: #""event": "scene.opened""#, timeout: 180)
            let window = KilnApp.descendants(of: ended.pid)
            kill(ended.pid, SIGTERM)

            #expect(try eventually(within: 15) { !ended.isRunning })
            #expect(window.count == 1 && window.allSatisfy(isGone), "the window ends with kiln dev")
        }
    }

    @Test("kiln dev --reload restart --capture writes, on close, what was done in the scene since the last reload")
    func devCapturesAfterReload() throws {
        try withPrototype { binary, folder in
            let source = folder.appendingPathComponent("Card.swift")
            let original = try String(contentsOf: source, encoding: .utf8)
            let capture = folder.appendingPathComponent("Scripts/mine.json")
            let session = try XvfbSession(width: 1280, height: 1024)
            defer { session.stop() }
            let app = try KilnApp(binary: binary, arguments: ["dev", folder.path, "--capture", capture.path, "--events",
                                                              "--mute", "--reload", "restart", "--quit-after", "120"],
                                  session: session)
            defer { app.terminate() }
            try app.waitForLine(containing: #""event": "scene.opened""#, timeout: 120)
            let window = try app.window(timeout: 30)
            try window.drag(fromCanvas: (195, 422), to: (120, 600))
            let firstRelease = try app.waitForLine(containing: "card.released", timeout: 20)
            try write(original.replacingOccurrences(of: "Color(hex: 0xF2F2F7)", with: "Color(hex: 0x202024)"), to: source)
            let reloaded = try app.waitForLine(containing: "prototype.reloaded", from: firstRelease.index + 1, timeout: 60)
            Thread.sleep(forTimeInterval: 0.5)
            try window.drag(fromCanvas: (195, 422), to: (300, 200))
            try app.waitForLine(containing: "card.released", from: reloaded.index + 1, timeout: 20)
            app.terminate()

            let script = try InputScriptParser.parse(contentsOf: capture)
            let replayed = try ExternalCommand.run(binary, ["render", folder.path, "--script", capture.path, "--events",
                                                            "--scale", "0.25", "--out", folder.path + "/replayed/"], timeout: 180)

            #expect(script.scene == "card")
            let releases = replayed.text.split(separator: "\n").filter { $0.contains("card.released") }
            #expect(releases.count == 1, "only the drag after the reload: \(releases)")
            // Let go up and to the right, where the second drag ended, not the first.
            let x = releases.first?.components(separatedBy: #""x": "#).dropFirst().first.flatMap { Double($0.prefix { $0 != "," }) }
            #expect(x.map { $0 > 250 } == true, "\(releases)")
        }
    }

    @Test("The bottom sheet example renders from its folder: its demo visits the detents in order and scrolls the list")
    func bottomSheetFromItsFolder() throws {
        let binary = try KilnBinary.locate()
        let folder = ProjectFiles.root.appendingPathComponent("Examples/BottomSheet")
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-sheet-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }

        let rendered = try ExternalCommand.run(binary, ["render", folder.path, "--script", folder.path + "/Scripts/demo.json",
                                                        "--events", "--scale", "1", "--at", "11.5", "--out", png.path], timeout: 300)

        let detents = rendered.text.split(separator: "\n").filter { $0.contains(#""event": "sheet.detent.changed""#) }
            .compactMap { line in ["collapsed", "medium", "large"].first { line.contains(#""detent": "\#($0)""#) } }
        #expect(detents == ["medium", "large", "medium", "collapsed"], "\(rendered.text)")
        #expect(rendered.text.contains(#""event": "list.scrolled""#))
        // The end: the sheet collapsed at the bottom, white, with the map's bay above it.
        let image = try RGBImage(contentsOf: png.path)
        #expect(image.width == 390 && image.height == 844)
        let sheet = image.pixel(250, 812), bay = image.pixel(365, 600)
        #expect(sheet.red > 240 && sheet.green > 240 && sheet.blue > 240, "sheet \(sheet)")
        #expect(bay.blue > bay.red + 40, "bay \(bay)")
    }

    func withPrototype(_ body: (URL, URL) throws -> Void) throws {
        let binary = try KilnBinary.locate()
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-prototype-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("card")
        try ExternalCommand.run(binary, ["new", folder.path], timeout: 30)
        try body(binary, folder)
    }

    /// `kiln dev FOLDER` with its events on and its sound off, in a window on an Xvfb of its
    /// own: `body` gets the app, the line saying its scene opened, and the window.
    func withDevWindow(_ binary: URL, _ folder: URL,
                       _ body: (KilnApp, (index: Int, line: String), XWindow) throws -> Void) throws {
        let session = try XvfbSession(width: 1280, height: 1024)
        defer { session.stop() }
        let app = try KilnApp(binary: binary, arguments: ["dev", folder.path, "--events", "--mute", "--quit-after", "300"],
                              session: session)
        defer { app.terminate() }
        let opened = try app.waitForLine(containing: #""event": "scene.opened""#, timeout: 180)
        try body(app, opened, try app.window(timeout: 30))
    }

    /// Whether process `pid` has ended: it is gone, or a zombie no one has reaped yet.
    private func isGone(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        // The state follows the name, which is in parentheses and may hold spaces.
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    /// The modification date of each object file in `folder`, by name.
    private func objectDates(in folder: URL) throws -> [String: Date] {
        var dates: [String: Date] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".o") {
            dates[name] = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.modificationDate] as? Date
        }
        return dates
    }

    func write(_ text: String, to url: URL) throws {
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    private func isCardBlue(_ pixel: (red: Int, green: Int, blue: Int)) -> Bool {
        pixel.red < 40 && pixel.blue > 200
    }
}

extension RGBImage {
    /// The colour at a pixel.
    func pixel(_ x: Int, _ y: Int) -> (red: Int, green: Int, blue: Int) {
        let i = (y * width + x) * 3
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
    }
}
