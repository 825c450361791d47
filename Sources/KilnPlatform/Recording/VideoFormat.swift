/// The video containers `kiln render` writes, told apart by the output's extension.
public enum VideoFormat: String, Sendable, CaseIterable {
    case mp4, webm, gif

    /// The format a path's extension names, or `nil` (".png", a folder, no extension).
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// The frame rate used when none is asked for: GIF frame delays are whole hundredths of
    /// a second, so 60 fps cannot be shown; 30 is what browsers play smoothly.
    public var defaultFrameRate: Double { self == .gif ? 30 : 60 }

    /// The fastest frame rate the format can show.
    public var maximumFrameRate: Double { self == .gif ? 50 : 240 }

    /// Whether the format carries a sound track: MP4 and WebM do, a GIF does not.
    public var carriesSound: Bool { self != .gif }

    /// ffmpeg's arguments for the sound track's encoder: AAC (ffmpeg's own encoder) in an
    /// MP4, Opus in a WebM, both at 48 kHz stereo.
    var audioEncoderArguments: [String] {
        switch self {
        case .mp4: ["-c:a", "aac", "-b:a", "192k", "-ar", "48000", "-ac", "2"]
        case .webm: ["-c:a", "libopus", "-b:a", "128k", "-ar", "48000", "-ac", "2"]
        case .gif: []
        }
    }

    /// ffmpeg's arguments for the encoder and muxer, after the inputs.
    ///
    /// H.264 with x264's `ultrafast` preset: on two cores the encoder shares the machine
    /// with rendering, and `veryfast` alone takes most of a core at 2× (files are about three
    /// times larger, a few MB for ten seconds). CRF 18 is visually lossless for flat UI
    /// colours. `yuv420p` plays everywhere. VP9
    /// runs in its realtime mode with row threading. GIFs loop forever; their palette
    /// comes from the filter graph (`VideoWriter`).
    var encoderArguments: [String] {
        switch self {
        case .mp4:
            return ["-c:v", "libx264", "-preset", "ultrafast", "-crf", "18", "-pix_fmt", "yuv420p",
                    "-movflags", "+faststart", "-f", "mp4"]
        case .webm:
            return ["-c:v", "libvpx-vp9", "-crf", "30", "-b:v", "0", "-deadline", "realtime",
                    "-cpu-used", "8", "-row-mt", "1", "-pix_fmt", "yuv420p", "-f", "webm"]
        case .gif:
            return ["-f", "gif", "-loop", "0"]
        }
    }
}
