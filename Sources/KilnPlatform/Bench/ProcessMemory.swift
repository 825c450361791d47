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

/// The one-line JSON objects that benchmarks and soaks print: fields in a fixed order, times
/// in milliseconds to the microsecond.
public enum BenchJSON {
    /// A value of a field, written as JSON.
    public enum Value {
        case string(String)
        case strings([String])
        case int(Int)
        /// Milliseconds, to three decimals.
        case milliseconds(Double)
        /// A number to `decimals` places.
        case number(Double, decimals: Int)
        case bool(Bool)
    }

    /// `{"name":value,…}` in the order given.
    public static func line(_ fields: [(String, Value)]) -> String {
        "{" + fields.map { "\(quoted($0.0)):\(text($0.1))" }.joined(separator: ",") + "}"
    }

    private static func text(_ value: Value) -> String {
        switch value {
        case .string(let s): quoted(s)
        case .strings(let list): "[" + list.map(quoted).joined(separator: ",") + "]"
        case .int(let n): "\(n)"
        case .milliseconds(let ms): String(format: "%.3f", ms)
        case .number(let v, let decimals): String(format: "%.\(decimals)f", v)
        case .bool(let b): "\(b)"
        }
    }

    /// `s` as a JSON string literal, quotes included.
    private static func quoted(_ s: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = (try? encoder.encode(s)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
