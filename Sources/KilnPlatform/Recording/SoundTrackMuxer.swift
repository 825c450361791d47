// Puts a sound track beside a finished video stream. The frames stream into ffmpeg while
// they render, but the track is whole only when the last frame is done; so the video is
// encoded first into a hidden file, and a second ffmpeg copies its stream unchanged beside
// the track, read from a hidden WAV, encoding only the sound. Every file is hidden
// (`HiddenFile`) until the result is whole and checked. The track is made exactly as
// long as the clip, so neither stream is cut and nothing drifts. Limits: one video and one
// stereo track; the copy costs one more write of the video's bytes.
import Foundation
import KilnCore
import KilnRuntime

/// Joins an encoded video stream and a mixed sound track into one file.
enum SoundTrackMuxer {
    /// Writes `video`'s stream with `track` encoded for `format` into `path`, through a
    /// hidden file checked and renamed when complete; the WAV it reads is removed again.
    /// ffmpeg gets every file open (`FFmpegProcess.passedPath`), never by its name.
    static func mux(video: HiddenFile, track: SoundTrack, format: VideoFormat, into path: String, ffmpeg: URL) throws {
        let wav = try HiddenFile(beside: path, suffix: "track.wav", for: "the sound track beside \(path)")
        defer { wav.remove() }
        try wav.write(track.wavData(), for: "the sound track beside \(path)")
        let output = try HiddenFile(beside: path, suffix: "partial")
        defer { output.remove() }
        let process = try FFmpegProcess(
            executable: ffmpeg,
            arguments: arguments(video: FFmpegProcess.passedPath(0), track: FFmpegProcess.passedPath(1), format: format,
                                 to: FFmpegProcess.passedPath(2)),
            passing: [video.descriptor, wav.descriptor, output.descriptor])
        let result = process.finish()
        guard result.status == 0 else {
            throw PlatformError.io("ffmpeg could not add the sound track to \(path)"
                                   + (result.message.isEmpty ? "" : ": \(result.message)"))
        }
        if let problem = EncodedFileCheck.problem(with: output, ffmpeg: ffmpeg) {
            throw PlatformError.io("\(problem) for \(path); \((path as NSString).lastPathComponent) is unchanged")
        }
        try output.publish(as: path)
    }

    /// The ffmpeg command line after the executable: the video stream copied, the track
    /// encoded, and the file's index at its start for an MP4.
    static func arguments(video: String, track: String, format: VideoFormat, to file: String) -> [String] {
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostats", "-y", "-nostdin",
                         "-i", video, "-i", track, "-map", "0:v:0", "-map", "1:a:0", "-c:v", "copy"]
        arguments += format.audioEncoderArguments
        arguments += format == .mp4 ? ["-movflags", "+faststart", "-f", "mp4"] : ["-f", format.rawValue]
        return arguments + [file]
    }

}
