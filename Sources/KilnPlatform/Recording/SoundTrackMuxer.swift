// Puts a sound track beside a finished video stream. The frames stream into ffmpeg while
// they render, but the track is whole only when the last frame is done; so the video is
// encoded first into a hidden file, and a second ffmpeg copies its stream unchanged beside
// the track, read from a hidden WAV, encoding only the sound. The track is made exactly as
// long as the clip, so neither stream is cut and nothing drifts. Limits: one video and one
// stereo track; the copy costs one more write of the video's bytes.
import Foundation
import KilnCore

/// Joins an encoded video stream and a mixed sound track into one file.
enum SoundTrackMuxer {
    /// Writes `video`'s stream with `track` encoded for `format` into `path`, through a
    /// hidden file renamed when complete; the WAV it reads is removed again.
    static func mux(video: String, track: SoundTrack, format: VideoFormat, into path: String, ffmpeg: URL) throws {
        let wav = hiddenPath(beside: path, suffix: "track.wav")
        defer { unlink(wav) }
        do { try track.wavData().write(to: URL(fileURLWithPath: wav)) } catch {
            throw PlatformError.io("cannot write the sound track beside \(path): \(error.localizedDescription)")
        }
        let temporary = try VideoWriter.reserveTemporary(for: path)
        let process: FFmpegProcess
        do {
            process = try FFmpegProcess(executable: ffmpeg,
                                        arguments: arguments(video: video, track: wav, format: format, to: temporary))
        } catch {
            unlink(temporary)
            throw error
        }
        let result = process.finish()
        guard result.status == 0 else {
            unlink(temporary)
            throw PlatformError.io("ffmpeg could not add the sound track to \(path)"
                                   + (result.message.isEmpty ? "" : ": \(result.message)"))
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw PlatformError.io("cannot write \(path): \(reason)")
        }
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

    /// A hidden file beside `path`, named after it and this process (and removed if the
    /// process is interrupted).
    static func hiddenPath(beside path: String, suffix: String) -> String {
        let url = URL(fileURLWithPath: path)
        let hidden = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(suffix)").path
        TemporaryFiles.add(hidden)
        return hidden
    }
}
