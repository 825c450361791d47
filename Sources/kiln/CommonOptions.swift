import ArgumentParser
import Foundation
import KilnCore
import KilnScenes

/// Options shared by the commands that show a scene.
struct CanvasOptions: ParsableArguments {
    @Option(help: "Device canvas: \(DevicePreset.all.map(\.name).joined(separator: ", ")).")
    var device: String = DevicePreset.iPhone14.name

    @Option(help: "Canvas size in points, WxH (overrides --device).")
    var size: String?

    @Option(help: "Seed for every random choice.")
    var seed: UInt64 = 1

    @Flag(help: "Print scene events as JSON lines on standard output.")
    var events = false

    /// The canvas the options describe.
    func resolveDevice() throws -> DevicePreset {
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

    /// Checks a scene name against the catalogue.
    static func validateScene(_ name: String) throws {
        guard SceneCatalog.names.contains(name) else {
            throw ValidationError("unknown scene '\(name)'; choose one of \(SceneCatalog.names.joined(separator: ", ")).")
        }
    }
}

/// Prints scene events as JSON lines as they happen.
final class JSONLinePrinter: EventSink {
    func record(_ event: SceneEvent) {
        FileHandle.standardOutput.write(Data((event.jsonLine + "\n").utf8))
    }
}

/// Writes one line to standard error.
func warn(_ message: String) {
    FileHandle.standardError.write(Data(("kiln: " + message + "\n").utf8))
}
