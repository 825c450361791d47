import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime

/// What a journal starts with: who wrote it, when, and how R would have saved the session.
package struct JournalHeader: Codable, Equatable, Sendable {
    /// The format's version: 2 since a journal's scene is always its second line and its
    /// frame marks name R's running recording (a list reads version 1 whole).
    package var journal: Int
    /// The process that wrote it.
    package var pid: Int32
    /// When the window opened, in seconds since 1970.
    package var started: Double
    /// The device canvas's name: "iphone-14".
    package var device: String
    /// The canvas's width in points.
    package var width: Double
    /// The canvas's height in points.
    package var height: Double
    /// What R saves at: device pixels per point.
    package var scale: Double
    /// R's file format: "mp4", "webm" or "gif".
    package var format: String
    /// Whether R's recordings draw touch indicators.
    package var touches: Bool
    /// Whether R's recordings draw the HUD.
    package var hud: Bool
    /// Whether R's recordings leave the sound out.
    package var muted: Bool

    /// The version journals are written in now.
    package static let version = 2

    /// The header of a journal written now by this process, for `settings` on `device`.
    package init(settings: RecordingSettings, device: DevicePreset, pid: Int32 = getpid(), started: Date = Date()) {
        journal = JournalHeader.version
        self.pid = pid
        self.started = started.timeIntervalSince1970
        self.device = device.name
        width = device.size.width
        height = device.size.height
        scale = settings.scale
        format = settings.format.rawValue
        touches = settings.showsTouches
        hud = settings.showsHUD
        muted = settings.isMuted
    }

    /// The canvas the session ran on.
    package var devicePreset: DevicePreset {
        DevicePreset(name: device, title: DevicePreset.named(device)?.title ?? device, size: Size(width, height))
    }

    /// The settings R had.
    package var settings: RecordingSettings {
        RecordingSettings(format: VideoFormat(rawValue: format) ?? .mp4, scale: scale, showsTouches: touches,
                          showsHUD: hud, isMuted: muted)
    }
}

/// A scene made afresh (opened, or retuned): what its input log replays from.
package struct JournalScene: Codable, Equatable, Sendable {
    /// The scene's name in the catalogue.
    package var scene: String
    /// The seed the scene was made with, `nil` for the host's default.
    package var seed: UInt64?
    /// The window's scene time when the scene was made: its log counts from there.
    package var origin: Double
    /// The tuning in force, as the files read then.
    package var tuning: [JournalTuning]
    /// The prototype folder the scene was compiled from, `nil` for Kiln's own scenes: what
    /// `kiln recover` compiles again to make the scene.
    package var folder: String?
    /// The tuning changes made part way (the tweak panel's, a reload that kept its place), at
    /// their log times; `nil` when there were none.
    package var tuningChanges: [TuningHistory.Change]?

    /// The record of scene `scene` made at window time `origin` with `seed` and `tuning`,
    /// from the prototype folder at `folder` if it is one, retuned part way by `changes`.
    package init(scene: String, seed: UInt64?, origin: Double, tuning: [TuningSource], folder: String? = nil,
                 changes: [TuningHistory.Change] = []) {
        self.scene = scene
        self.seed = seed
        self.origin = origin
        self.tuning = tuning.map { JournalTuning(name: $0.name, text: $0.text) }
        self.folder = folder
        tuningChanges = changes.isEmpty ? nil : changes
    }

    /// The tuning sources as the scene had them.
    package var tuningSources: [TuningSource] { tuning.map { TuningSource(name: $0.name, text: $0.text) } }
}

/// One tuning file's name and text.
package struct JournalTuning: Codable, Equatable, Sendable {
    /// The file as messages name it.
    package var name: String
    /// Its text when the scene was made.
    package var text: String
}

/// One line of a journal: every line is a JSON object of one of these kinds, so that a
/// line cut off by a kill is told from a whole one.
package enum JournalRecord: Equatable, Sendable {
    /// The journal's first line: the window and R's settings.
    case header(JournalHeader)
    /// A scene made afresh: what the input after it replays from.
    case scene(JournalScene)
    /// Input the scene's log recorded, at a time of that log.
    case input(ScriptOutput)
    /// A frame the window drew, at a time of the scene's log, and the window scene time R's
    /// running recording started at, if one was running: a list of journals reads the
    /// recording from the journal's last frame mark.
    case frame(Double, recordingFrom: Double? = nil)
    /// R started a recording at this window scene time.
    case recordingStarted(Double)
    /// R ended the recording.
    case recordingStopped

    /// The record as one line of JSON, without its newline.
    package var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data?
        switch self {
        case .header(let header): data = try? encoder.encode(header)
        case .scene(let scene): data = try? encoder.encode(scene)
        case .input(let output): data = try? encoder.encode(JournalInput(output))
        case .frame(let time, let start):
            data = try? encoder.encode(start.map { ["frame": time, "recording": $0] } ?? ["frame": time])
        case .recordingStarted(let time): data = try? encoder.encode(["recording": time])
        case .recordingStopped: data = try? encoder.encode(["recording": "stopped"])
        }
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The record a line holds, or `nil` when it is not one.
    package init?(line: Substring) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
        let decoder = JSONDecoder(), data = Data(line.utf8)
        if object["journal"] != nil, let header = try? decoder.decode(JournalHeader.self, from: data) {
            self = .header(header)
        } else if object["scene"] != nil, let scene = try? decoder.decode(JournalScene.self, from: data) {
            self = .scene(scene)
        } else if object["t"] != nil, let input = try? decoder.decode(JournalInput.self, from: data),
                  let output = input.output {
            self = .input(output)
        } else if let marks = try? decoder.decode([String: Double].self, from: data), let frame = marks["frame"],
                  frame.isFinite {
            self = .frame(frame, recordingFrom: marks["recording"].flatMap { $0.isFinite ? $0 : nil })
        } else if let time = try? decoder.decode([String: Double].self, from: data)["recording"], time.isFinite {
            self = .recordingStarted(time)
        } else if (try? decoder.decode([String: String].self, from: data))?["recording"] == "stopped" {
            self = .recordingStopped
        } else {
            return nil
        }
    }
}

/// A pointer event or key press as a journal line holds it.
struct JournalInput: Codable {
    var t: Double
    var key: String?
    var modifiers: Int?
    var phase: PointerPhase?
    var x: Double?, y: Double?
    var id: Int?
    var device: PointerDevice?
    var buttons: Int?
    var pressure: Double?
    var source: String?

    init(_ output: ScriptOutput) {
        t = output.time
        switch output {
        case .key(let key, _):
            self.key = key.key
            modifiers = key.modifiers.rawValue
        case .pointer(let event):
            phase = event.phase
            x = event.location.x
            y = event.location.y
            id = event.id
            device = event.device
            buttons = event.buttons
            pressure = event.pressure
            source = event.pressureSource
        }
    }

    var output: ScriptOutput? {
        guard t.isFinite else { return nil }
        if let key { return .key(KeyPress(key, modifiers: KeyPress.Modifiers(rawValue: modifiers ?? 0)), time: t) }
        guard let phase, let x, let y, x.isFinite, y.isFinite, let id, let device, let buttons else { return nil }
        return .pointer(PointerEvent(id: id, phase: phase, location: Point(x, y), timestamp: t, device: device,
                                     pressure: pressure, pressureSource: source, buttons: buttons))
    }
}
