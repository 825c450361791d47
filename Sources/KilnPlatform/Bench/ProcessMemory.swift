// Reads the process's memory from Linux's /proc. Limits: Linux only; elsewhere it reads 0.
import Foundation

/// How much memory this process holds.
public enum ProcessMemory {
    /// Resident memory in bytes: the pages of the process in RAM now (`/proc/self/statm`).
    public static var residentBytes: Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// `s` as a JSON string literal, quotes included.
func jsonString(_ s: String) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    let data = (try? encoder.encode(s)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
}
