import ArgumentParser
import Foundation
import KilnPlatform
import KilnRuntime

/// Options for recording in the window with R.
struct RecordingOptions: ParsableArguments {
    @Option(help: "Where R saves recordings (default: $XDG_VIDEOS_DIR/Kiln, ~/Videos/Kiln, or the current folder).")
    var recordDir: String?

    @Option(help: "What R saves: mp4, webm or gif.")
    var recordFormat: String = "mp4"

    @Option(help: "Device pixels per point of what R saves.")
    var recordScale: Double = 2

    @Flag(help: "Draw a soft circle at each pointer, growing with pressure; recordings show them too.")
    var touches = false

    @Flag(help: "Draw the HUD over what R saves, as kiln render --hud does (the window's own HUD is left out otherwise).")
    var recordHud = false

    @Option(help: "Scene seconds per second: the window starts at this speed (S cycles 1×, ¼×, 1/10×) and R saves clips at it, 0.25 making a slow-motion clip with four times the frames.")
    var speed: Double = 1

    /// Checks a `--speed`: scene seconds per second, from 1/100 to 4.
    static func validateSpeed(_ speed: Double) throws {
        guard speed >= 0.01, speed <= 4 else { throw ValidationError("--speed takes 0.01 to 4 (scene seconds per second; 0.25 is slow motion).") }
    }

    func validate() throws {
        try Self.validateSpeed(speed)
        guard let format = VideoFormat(rawValue: recordFormat.lowercased()) else {
            throw ValidationError("--record-format takes mp4, webm or gif; got '\(recordFormat)'.")
        }
        _ = format
        guard recordScale >= 0.25, recordScale <= 8 else { throw ValidationError("--record-scale takes 0.25 to 8.") }
    }

    var format: VideoFormat { VideoFormat(rawValue: recordFormat.lowercased()) ?? .mp4 }

    /// The settings R records with.
    var settings: RecordingSettings {
        var settings = RecordingSettings(folder: recordDir, format: format, scale: recordScale, showsTouches: touches,
                                         showsHUD: recordHud)
        settings.speed = speed
        return settings
    }
}
