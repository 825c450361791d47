// The libraries' error messages (GError texts handed over by the C shims as malloc'd
// strings) end with a newline or hold several lines; an asset problem is one line.
import Foundation

enum LibraryMessage {
    /// The message at `pointer` as one line, its lines joined by "; ", and frees it; "unknown
    /// error" when there is none.
    static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        guard let pointer else { return "unknown error" }
        defer { free(pointer) }
        let lines = String(cString: pointer).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return lines.isEmpty ? "unknown error" : lines.joined(separator: "; ")
    }
}
