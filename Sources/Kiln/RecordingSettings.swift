import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime

/// What R saves in the window: where, in which format and scale, and what it shows.
package struct RecordingSettings: Sendable {
    /// The folder recordings go to; `nil` for the user's videos folder.
    package var folder: String?
    /// The file format: MP4, WebM or GIF.
    package var format: VideoFormat
    /// Device pixels per point.
    package var scale: Double
    /// Whether the touch indicators show.
    package var showsTouches: Bool
    /// Whether the HUD is drawn over the frames.
    package var showsHUD: Bool
    /// Whether recordings leave the sound track out (a window opened muted).
    package var isMuted: Bool
    /// Scene seconds each second of a clip shows: below 1 a slow-motion clip.
    package var speed = 1.0

    /// Settings for recordings into `folder` (`nil`: the user's videos folder) as `format`, at `scale` device pixels per point.
    package init(folder: String? = nil, format: VideoFormat = .mp4, scale: Double = 2, showsTouches: Bool = false,
                showsHUD: Bool = false, isMuted: Bool = false) {
        self.folder = folder
        self.format = format
        self.scale = scale
        self.showsTouches = showsTouches
        self.showsHUD = showsHUD
        self.isMuted = isMuted
    }

    /// How a recording of a scene on `device`'s canvas is replayed offline with these settings.
    package func replayOptions(device: DevicePreset) -> ReplayOptions {
        ReplayOptions(device: device, isMuted: isMuted, showsTouches: showsTouches, showsHUD: showsHUD)
    }

    /// The folder recordings go to: the one given, else `$XDG_VIDEOS_DIR/Kiln` (from the
    /// environment or `~/.config/user-dirs.dirs`), else `~/Videos/Kiln` when `~/Videos`
    /// exists, else the current folder.
    package func resolvedFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let folder { return folder }
        let home = environment["HOME"] ?? NSHomeDirectory()
        var videos = environment["XDG_VIDEOS_DIR"]
        // xdg-user-dirs writes the folder to ~/.config/user-dirs.dirs as XDG_VIDEOS_DIR="$HOME/Videos".
        if videos == nil, let text = try? String(contentsOfFile: home + "/.config/user-dirs.dirs", encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("XDG_VIDEOS_DIR=") {
                videos = line.dropFirst("XDG_VIDEOS_DIR=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                    .replacingOccurrences(of: "$HOME", with: home)
            }
        }
        var isFolder: ObjCBool = false
        let candidate = videos ?? home + "/Videos"
        if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), isFolder.boolValue, candidate != home {
            return candidate + "/Kiln"
        }
        return FileManager.default.currentDirectoryPath
    }
}
