// Finds the ffmpeg executable that video output pipes frames into. Limits: looks only at
// KILN_FFMPEG and PATH; it does not check the build's encoders until ffmpeg runs.
import Foundation

/// Where ffmpeg is: `KILN_FFMPEG` when set, else the first `ffmpeg` in `PATH`'s absolute folders.
public enum FFmpegLocator {
    /// The variable that names the ffmpeg to use instead of the one on `PATH`.
    public static let environmentKey = "KILN_FFMPEG"

    /// The executable, or an error that says how to install it.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        let files = FileManager.default
        if let named = environment[environmentKey], !named.isEmpty {
            guard files.isExecutableFile(atPath: named) else {
                throw PlatformError.io("\(environmentKey) names '\(named)', which is not an executable ffmpeg")
            }
            return URL(fileURLWithPath: named)
        }
        if let found = ExecutableSearch.locate("ffmpeg", environment: environment) { return found }
        throw PlatformError.io("video output needs ffmpeg, which is not on PATH: install the Debian package "
            + "'ffmpeg' (sudo apt-get install ffmpeg), or set \(environmentKey) to its path")
    }
}
