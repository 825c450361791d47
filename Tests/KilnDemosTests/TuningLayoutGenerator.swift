import Foundation
@_spi(Fuzzing) import KilnCore


/// A tuning file written with random layout: what it holds and where each value's text is.
struct GeneratedTuningFile {
    var text: String
    /// Each value written, by field key, with its text's place (scalar offsets).
    var values: [String: (value: TuningValue, span: Range<Int>)]
    var isCRLF: Bool
}

/// Writes tuning files in the layouts TOML allows: comments after values, no or many spaces
/// around `=`, indentation, CRLF, blank lines, tables in any order or as dotted keys, quoted
/// keys and headers, springs with any spacing and member order, tables and keys left out,
/// and numbers with signs, exponents and underscores.
struct TuningLayoutGenerator {
    var random: SplitMix64

    static let tables: [(name: String, keys: [String])] = [
        ("motion", ["offset", "scale", "count", "spring"]), ("flags", ["enabled"]),
        ("paint", ["tint", "stripes"]), ("drop", ["spring"]),
    ]

    mutating func chance(_ p: Double) -> Bool { random.nextUnit() < p }
    mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }

    /// A number as TOML may write it.
    mutating func spell(_ n: Double, whole: Bool = false) -> String {
        let plain = TuningValue.number(n).description
        var forms = [plain]
        if n >= 0 { forms.append("+" + plain) }
        if n == n.rounded(), abs(n) >= 1000 {
            var digits = String(Int(abs(n))), grouped = ""
            while digits.count > 3 { grouped = "_" + digits.suffix(3) + grouped; digits.removeLast(3) }
            forms.append((n < 0 ? "-" : "") + digits + grouped)
        }
        if whole, n > 0 { forms += ["0x" + String(Int(n), radix: 16), "0o" + String(Int(n), radix: 8)] }
        if (n * 100).rounded() == n * 100 { forms.append("\(Int(n * 100))e-2") }
        if n == n.rounded() { forms += [plain + ".0", plain + "E+0"] } else { forms.append(plain + "e0") }
        return pick(forms)
    }

    /// A colour as a basic, literal or escaped string.
    mutating func spell(color: String) -> String {
        pick(["\"\(color)\"", "'\(color)'", "\"\\u0023\(color.dropFirst())\""])
    }

    /// A random valid value for `key` and how it is written.
    mutating func value(for key: String) -> (TuningValue, String) {
        switch key {
        case "motion.offset": let n = pick([-12.5, -40, 0, 7.25, 33, 50, -50]); return (.number(n), spell(n))
        case "motion.scale": let n = pick([1000, 25000, 0.5, 12, 100_000]); return (.number(n), spell(n))
        case "motion.count": let n = Double(pick(Array(1...9))); return (.number(n), spell(n, whole: true))
        case "flags.enabled": let b = chance(0.5); return (.bool(b), String(b))
        case "motion.curve": let c = pick(["linear", "ease_in", "ease_out"]); return (.string(c), pick(["\"\(c)\"", "'\(c)'"]))
        case "paint.tint": let c = pick(["#336699", "#FFAA00", "#00000080"]); return (.string(c), spell(color: c))
        case "paint.stripes":
            let colors = (0..<pick([2, 3])).map { _ in pick(["#112233", "#445566", "#ABCDEF"]) }
            let items = colors.map { spell(color: $0) }
            let text = chance(0.3)
                ? "[\n    " + items.joined(separator: ",\n    ") + ",\n]"
                : pick(["[", "[ "]) + items.joined(separator: pick([", ", ",", " , "])) + pick(["]", " ]"])
            return (.array(colors.map { .string($0) }), text)
        default:
            let ratio = pick([0.5, 0.8, 1, 1.25]), response = pick([0.3, 0.4, 0.55])
            var members = [("damping_ratio", ratio), ("response", response)]
            if chance(0.3) { members.reverse() }
            let eq = pick([" = ", "=", "  =   "])
            let inner = members.map { $0.0 + eq + spell($0.1) }.joined(separator: pick([", ", ",", " ,  "]))
            let text = pick(["{ ", "{", "{   "]) + inner + pick([" }", "}", "  }"])
            return (.table(members.map { ($0.0, TuningValue.number($0.1)) }), text)
        }
    }

    /// A whole file.
    mutating func file() -> GeneratedTuningFile {
        var text = chance(0.5) ? "# Layouts\n\n" : ""
        var values: [String: (value: TuningValue, span: Range<Int>)] = [:]
        var tables = Self.tables.filter { _ in !chance(0.15) }
        tables.shuffle(using: &random)
        let dotted = tables.filter { _ in chance(0.2) }
        let headed = tables.filter { table in !dotted.contains { $0.name == table.name } }
        for (table, asDotted) in dotted.map({ ($0, true) }) + headed.map({ ($0, false) }) {
            if !asDotted {
                text += pick(["\n", "", "\n# the \(table.name)\n"])
                text += pick(["[\(table.name)]", "[ \(table.name) ]", "[\"\(table.name)\"]", "[\(table.name)]  # table"]) + "\n"
            }
            for key in table.keys.shuffled(using: &random) where !chance(0.15) {
                let full = table.name + "." + key
                let (value, spelled) = self.value(for: full)
                if chance(0.2) { text += pick(["\n", "# about \(key)\n", "   \n"]) }
                let quoted = pick([key, key, "\"\(key)\"", "'\(key)'"])
                text += pick(["", "", "  ", "\t"]) + (asDotted ? table.name + pick([".", " . "]) : "") + quoted
                text += pick([" = ", "=", "   =  ", "\t=\t"])
                let start = text.unicodeScalars.count
                text += spelled
                values[full] = (value, start..<text.unicodeScalars.count)
                text += pick(["", "", "  # note", "#note", " "]) + "\n"
            }
        }
        if chance(0.15), text.hasSuffix("\n") { text.removeLast() }
        guard chance(0.3) else { return GeneratedTuningFile(text: text, values: values, isCRLF: false) }
        let scalars = Array(text.unicodeScalars)
        func moved(_ offset: Int) -> Int { offset + scalars[..<offset].filter { $0 == "\n" }.count }
        return GeneratedTuningFile(text: text.replacingOccurrences(of: "\n", with: "\r\n"),
                                   values: values.mapValues { ($0.value, moved($0.span.lowerBound)..<moved($0.span.upperBound)) },
                                   isCRLF: true)
    }
}
