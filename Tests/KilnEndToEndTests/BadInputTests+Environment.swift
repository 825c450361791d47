// The catalogue of bad inputs, continued: unknown names, option values such as nan
// and inf, no display, no ffmpeg and outputs that cannot be written.
import Foundation
import KilnTestSupport
import Testing

extension BadInputTests {
    // MARK: - Names and option values

    /// `kiln render laser` with `options`, refused before any work with exit status 64.
    static func option(_ options: [String], _ message: String, out: String = "{dir}/out.png") -> BadInput {
        BadInput(testDescription: options.joined(separator: " "),
                 arguments: ["render", "laser", "--out", out, "--scale", "0.25"] + options, status: 64, message: message)
    }

    static let sizeMessage = "--size takes WIDTHxHEIGHT in points, each 16 to 8192, like 390x844; got"

    static let badOptions: [BadInput] = [
        BadInput(testDescription: "render nope", arguments: ["render", "nope", "--out", "{dir}/out.png"], status: 64,
                 message: "unknown scene 'nope'; choose one of launcher, laser, mailbox, pressure, gallery."),
        BadInput(testDescription: "kiln nope", arguments: ["nope"], status: 64,
                 message: "unknown scene 'nope'; choose one of launcher, laser, mailbox, pressure, gallery."),
        BadInput(testDescription: "tuning nope", arguments: ["tuning", "nope"], status: 2,
                 message: "'nope' has no tuning; choose one of laser, mailbox, pressure"),
        option(["--device", "nope"], "unknown device 'nope'; choose one of iphone-14, iphone-se, pixel-7, desktop."),
        option(["--size", "nan"], "\(sizeMessage) 'nan'."),
        option(["--size", "infx100"], "\(sizeMessage) 'infx100'."),
        option(["--size", "100x1e9"], "\(sizeMessage) '100x1e9'."),
        option(["--size", "0x0"], "\(sizeMessage) '0x0'."),
        BadInput(testDescription: "--size 8192x100 --scale 4",
                 arguments: ["render", "laser", "--out", "{dir}/out.png", "--size", "8192x100", "--scale", "4"], status: 64,
                 message: "the frame would be 32768×400 pixels; Kiln renders at most 16384 pixels a side: choose a smaller --size or --scale."),
        option(["--scale", "nan"], "--scale takes 0.25 to 8."),
        option(["--scale", "inf"], "--scale takes 0.25 to 8."),
        option(["--scale", "0"], "--scale takes 0.25 to 8."),
        option(["--fps", "nan"], "--fps takes 1 to 240."),
        option(["--fps", "inf"], "--fps takes 1 to 240."),
        option(["--fps", "0"], "--fps takes 1 to 240."),
        option(["--at", "nan"], "--at takes seconds from 0 to 3600."),
        option(["--at", "inf"], "--at takes seconds from 0 to 3600."),
        option(["--at", "1e308"], "--at takes seconds from 0 to 3600."),
        option(["--duration", "nan"], "--duration takes seconds up to 3600.", out: "{dir}/frames/"),
        option(["--duration", "inf"], "--duration takes seconds up to 3600.", out: "{dir}/frames/"),
        option(["--duration", "1e308"], "--duration takes seconds up to 3600.", out: "{dir}/frames/"),
        option(["--duration", "3600", "--fps", "240"], "--duration 3600 at 240 fps is more than the 100000 frames a render takes.",
               out: "{dir}/frames/"),
        option(["--frames", "0"], "--frames takes 1 to 100000.", out: "{dir}/frames/"),
        option(["--frames", "1000000"], "--frames takes 1 to 100000.", out: "{dir}/frames/"),
        option(["--frames", "1e9"], "The value '1e9' is invalid for '--frames <frames>'", out: "{dir}/frames/"),
        option(["--frames", "99999999999999999999"], "The value '99999999999999999999' is invalid for '--frames <frames>'",
               out: "{dir}/frames/"),
        BadInput(testDescription: "new with an empty name", arguments: ["new", ""], status: 1,
                 message: "give the prototype a name: kiln new NAME (a letter, then letters, digits, - or _)"),
        BadInput(testDescription: "new with a blank name", arguments: ["new", "  "], status: 1,
                 message: "give the prototype a name: kiln new NAME (a letter, then letters, digits, - or _)"),
        BadInput(testDescription: "--quit-after nan", arguments: ["laser", "--quit-after", "nan"], status: 64,
                 message: "--quit-after takes seconds above 0, up to 1000000."),
    ]

    @Test("An unknown name or an out-of-range value, nan and inf included, is one line and exit 64", arguments: badOptions)
    func badOption(_ bad: BadInput) throws {
        try check(bad)
    }

    // MARK: - No display, no ffmpeg

    /// This process's environment with `changes` applied (`nil` removes a variable).
    func environment(_ changes: [String: String?]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in changes { environment[key] = value }
        return environment
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let windowCommands: [[String]] = [
        [], ["laser"], ["play", repositoryRoot.appendingPathComponent("Resources/Scripts/laser-delete.json").path],
    ]

    @Test("Without a display the window commands say so, point to kiln render and exit 2", arguments: windowCommands)
    func noDisplay(_ arguments: [String]) throws {
        let unset = environment(["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil])
        // A display named, but no server on it.
        let silent = environment(["DISPLAY": ":7777", "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil])

        let none = try run(arguments, environment: unset, timeout: 30)
        let gone = try run(arguments, environment: silent, timeout: 30)

        let hint = "; to render without one, use `kiln render SCENE --out FILE.png`"
        #expect(none.status == 2 && !none.wasSignalled)
        #expect(none.stderr == "kiln: no display: DISPLAY and WAYLAND_DISPLAY are not set" + hint)
        #expect(gone.status == 2 && !gone.wasSignalled)
        #expect(gone.stderr == "kiln: no display: DISPLAY=:7777 does not answer" + hint)
    }

    @Test("Without ffmpeg a video render names the Debian package and leaves nothing at the output", arguments: ["mp4", "gif"])
    func noFFmpeg(_ format: String) throws {
        // PATH is an empty folder: no ffmpeg on it, and none named by KILN_FFMPEG.
        let emptyPath = environment(["PATH": scratch.path, "KILN_FFMPEG": nil])

        try check(BadInput(testDescription: format,
                           arguments: ["render", "laser", "--out", "{dir}/clip.\(format)", "--frames", "2", "--scale", "0.25"],
                           message: "video output needs ffmpeg, which is not on PATH: install the Debian package 'ffmpeg' "
                               + "(sudo apt-get install ffmpeg), or set KILN_FFMPEG to its path"),
                  environment: emptyPath)
    }

    // MARK: - Unwritable outputs

    static let unwritableOutputs: [BadInput] = [
        BadInput(testDescription: "a PNG in a folder that does not exist",
                 arguments: ["render", "laser", "--out", "/proc/kiln-nope/out.png"],
                 message: "cannot write /proc/kiln-nope/out.png: the folder /proc/kiln-nope does not exist"),
        BadInput(testDescription: "a PNG in a folder that takes no files",
                 arguments: ["render", "laser", "--out", "/proc/out.png"],
                 message: "cannot write /proc/out.png: the folder /proc does not take new files"),
        BadInput(testDescription: "a video in a folder that takes no files",
                 arguments: ["render", "laser", "--out", "/proc/out.mp4", "--frames", "2"],
                 message: "cannot write /proc/out.mp4: the folder /proc does not take new files"),
        BadInput(testDescription: "frames in a folder that cannot be made",
                 arguments: ["render", "laser", "--out", "/proc/kiln-nope/frames/", "--frames", "2"],
                 message: "cannot write frames to /proc/kiln-nope/frames/: the folder /proc does not take new files"),
        BadInput(testDescription: "frames under a file", files: ["note.txt": "a file\n"],
                 arguments: ["render", "laser", "--out", "{dir}/note.txt/frames/", "--frames", "2"],
                 message: "cannot write frames to {dir}/note.txt/frames/: {dir}/note.txt is not a folder"),
        BadInput(testDescription: "a PNG that is an existing folder", folders: ["shot.png"],
                 arguments: ["render", "laser", "--out", "{dir}/shot.png"],
                 message: "cannot write {dir}/shot.png: it is a folder; for frames in it, end it with /"),
        BadInput(testDescription: "a video that is an existing folder", folders: ["clip.mp4"],
                 arguments: ["render", "laser", "--out", "{dir}/clip.mp4", "--frames", "2"],
                 message: "cannot write {dir}/clip.mp4: it is a folder"),
        BadInput(testDescription: "an output that is neither a picture, a video nor a folder",
                 arguments: ["render", "laser", "--out", "{dir}/out.txt"], status: 2,
                 message: "cannot write '{dir}/out.txt': give a .png file, or a folder ending in / for frames"),
        BadInput(testDescription: "--capture in a folder that does not exist",
                 arguments: ["laser", "--capture", "/proc/kiln-nope/capture.json"],
                 message: "cannot capture to /proc/kiln-nope/capture.json: the folder /proc/kiln-nope does not exist"),
        BadInput(testDescription: "--capture to a folder", arguments: ["laser", "--capture", "{dir}"],
                 message: "cannot capture to {dir}: it is a folder"),
    ]

    @Test("An output that cannot be written is refused before any work, and nothing is left", arguments: unwritableOutputs)
    func unwritableOutput(_ bad: BadInput) throws {
        try check(bad)
    }
}
