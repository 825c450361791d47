import ArgumentParser
import Foundation
import KilnCore
import KilnPlatform

/// Options shared by the commands that show a scene: the canvas, the seed and the events.
struct CanvasOptions: ParsableArguments {
    @Option(help: "Device canvas: \(DevicePreset.all.map(\.name).joined(separator: ", ")) (default: the script's, or iphone-14).")
    var device: String?

    @Option(help: "Canvas size in points, WxH (overrides --device).")
    var size: String?

    @Option(help: "Seed for every random choice (default: the script's, or 1).")
    var seed: UInt64?

    @Flag(help: "Print scene events as JSON lines on standard output.")
    var events = false

    /// The seed: the option's, else the script's, else 1.
    func resolveSeed(script: InputScript? = nil) -> UInt64 {
        seed ?? script?.seed ?? 1
    }

    /// The canvas the options describe, falling back to the script's device.
    func resolveDevice(script: InputScript? = nil) throws -> DevicePreset {
        let device = self.device ?? script?.device ?? DevicePreset.iPhone14.name
        if let size {
            let parts = size.lowercased().split(separator: "x").compactMap { Double($0) }
            guard parts.count == 2, parts.allSatisfy({ $0 >= 16 && $0 <= 8192 }) else {
                throw ValidationError("--size takes WIDTHxHEIGHT in points, each 16 to 8192, like 390x844; got '\(size)'.")
            }
            return DevicePreset(name: "custom", title: "Custom", size: Size(parts[0], parts[1]))
        }
        guard let preset = DevicePreset.named(device) else {
            throw ValidationError("unknown device '\(device)'; choose one of \(DevicePreset.all.map(\.name).joined(separator: ", ")).")
        }
        return preset
    }

    /// Checks that a canvas given by `--size` can be rendered at `scale`: the limit is on
    /// pixels, so it is named with both options.
    func validatePixels(scale: Double) throws {
        guard size != nil else { return }
        if let problem = OffscreenHost.sizeProblem(canvas: try resolveDevice().size, scale: scale) {
            throw ValidationError(problem + ".")
        }
    }

    /// Checks a scene name against the catalogue; a prototype folder is compiled later.
    static func validateScene(_ name: String) throws {
        guard SceneCatalog.names.contains(name) || isPrototypeArgument(name) else {
            throw ValidationError("unknown scene '\(name)'; choose one of \(SceneCatalog.names.joined(separator: ", ")).")
        }
    }
}

/// `--scale`, for the commands that draw offscreen: device pixels per point, 2 unless given.
struct ScaleOption: ParsableArguments {
    @Option(help: "Device pixels per point, 0.25 to 8.")
    var scale: Double = 2

    func validate() throws {
        guard scale >= 0.25, scale <= 8 else { throw ValidationError("--scale takes 0.25 to 8.") }
    }
}

/// The window's own options for the scene it shows: sound, and tuning that follows saves.
struct LiveSceneOptions: ParsableArguments {
    @Flag(help: "No sound, live or in what R records.")
    var mute = false

    @Option(help: "A tuning file over the scene's defaults and your ~/.config/kiln/SCENE.toml; the window reloads both when saved.")
    var tuning: String?

    @Option(help: "What a reload does (a saved tuning file, or code under kiln dev): 'keep' makes the scene anew and replays what you did into it, so it shows the new values at the same moment; 'restart' starts the scene afresh. Default: keep under kiln dev, restart otherwise.")
    var reload: ReloadMode?
}

/// What a reload does to the scene in the window.
enum ReloadMode: String, ExpressibleByArgument, CaseIterable {
    /// The scene made anew and the session's input replayed into it up to the same moment.
    case keep
    /// The scene made anew from its start.
    case restart
}

/// A pen-tablet recording replayed as the pen, or a touchscreen's as fingers, in the window or offline.
struct PenReplayOptions: ParsableArguments {
    @Option(help: "Replay an evemu-record recording: a pen tablet as the pen, its first press on the scene's main control; a touchscreen as fingers, its whole area fitted to the canvas.")
    var evemu: String?

    @Option(help: "The device description (.desc) of an --evemu recording that holds only events.")
    var evemuDescription: String?

    @Option(help: "Cut the --evemu recording off this many seconds after its first event, as if the tablet were unplugged there.")
    var evemuCut: Double?
}

extension PenReplayOptions {
    /// The `--evemu` recording, read and checked; a problem is one clear line and exit status 1.
    func loadEvemu() throws -> EvemuReplay? {
        guard let evemu else {
            if evemuDescription != nil || evemuCut != nil {
                warn("\(evemuDescription != nil ? "--evemu-description" : "--evemu-cut") needs a recording: give it with --evemu FILE")
                throw ExitCode(1)
            }
            return nil
        }
        if let evemuCut, !(evemuCut >= 0 && evemuCut <= 3600) {
            warn("--evemu-cut takes seconds from 0 to 3600")
            throw ExitCode(1)
        }
        do {
            let events = URL(fileURLWithPath: evemu)
            let recording = try evemuDescription.map {
                try EvemuRecording(description: URL(fileURLWithPath: $0), events: events)
            } ?? EvemuRecording(contentsOf: events)
            return EvemuReplay(recording: recording, cutAt: evemuCut)
        } catch let error as EvemuError where error.reason == .noPressureAxis && evemuDescription == nil {
            warn("\(error); a recording of events only needs its device: --evemu-description FILE.desc")
            throw ExitCode(1)
        } catch {
            warn("\(error)")
            throw ExitCode(1)
        }
    }
}

extension EvemuReplay {
    /// The replay as an input script for `scene`: its first press lands on the scene's main
    /// control, or the canvas centre.
    func script(for scene: Scene, canvasSize: Size) -> InputScript {
        let anchor = scene.primaryControl ?? Point(canvasSize.width / 2, canvasSize.height / 2)
        return InputScript(replaying: events(anchor: anchor, canvasSize: canvasSize), scene: scene.name)
    }
}

/// Prints scene events as JSON lines as they happen.
final class JSONLinePrinter: EventSink {
    func record(_ event: SceneEvent) {
        FileHandle.standardOutput.write(Data((event.jsonLine + "\n").utf8))
    }
}

/// Reads and checks an input script; a problem is one clear line and exit status 1.
func loadScript(_ path: String, for scene: String?) throws -> InputScript {
    let script: InputScript
    do {
        script = try InputScriptParser.parse(contentsOf: URL(fileURLWithPath: path))
    } catch {
        warn("\(error)")
        throw ExitCode(1)
    }
    if let wanted = script.scene, !SceneCatalog.names.contains(wanted) {
        warn("\(path): the script is for an unknown scene '\(wanted)'")
        throw ExitCode(1)
    }
    if let scene, let wanted = script.scene, wanted != scene {
        warn("\(path): the script is for the scene '\(wanted)', not '\(scene)'")
        throw ExitCode(1)
    }
    return script
}
