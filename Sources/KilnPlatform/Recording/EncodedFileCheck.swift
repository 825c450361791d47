// What ffmpeg made is checked before it replaces anything: an encoder that exits 0 without
// writing (a broken build, a stand-in script) must not turn the user's file into an empty
// one. The file must hold bytes and, when an ffprobe sits beside the ffmpeg used (as every
// ffmpeg package installs it), ffprobe must read it as media. Limits: ffprobe reads only
// the container's header, not every frame.
import Foundation

/// Checks a file ffmpeg wrote.
enum EncodedFileCheck {
    /// Why `file`, written by `ffmpeg`, is not a whole media file; `nil` when it is.
    static func problem(with file: HiddenFile, ffmpeg: URL) -> String? {
        guard file.size > 0 else { return "ffmpeg wrote nothing" }
        let ffprobe = ffmpeg.deletingLastPathComponent().appendingPathComponent("ffprobe")
        guard FileManager.default.isExecutableFile(atPath: ffprobe.path) else { return nil }
        let probe: FFmpegProcess
        do {
            probe = try FFmpegProcess(executable: ffprobe,
                                      arguments: ["-hide_banner", "-loglevel", "error", "-show_entries",
                                                  "format=format_name", "-of", "csv=p=0", FFmpegProcess.passedPath(0)],
                                      passing: [file.descriptor])
        } catch {
            return nil
        }
        let result = probe.finish()
        guard result.status == 0 else {
            return "ffmpeg wrote a file ffprobe cannot read" + (result.message.isEmpty ? "" : " (\(result.message))")
        }
        return nil
    }
}
