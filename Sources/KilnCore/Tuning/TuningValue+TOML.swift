// Writing tuning values and entries back as TOML text that `TuningParser` reads as the same
// values: keys as TOML writes them, strings with TOML's escapes, numbers in Swift's
// shortest exact form (which TOML reads, inf and nan included).

/// TOML spellings of keys and strings.
package enum TOMLText {
    /// A dotted key: each part bare when it can be ("swipe"), quoted when not ("\"a b\"").
    ///
    /// Different paths always give different text, so a key written this way names one
    /// place in the file, as TOML reads it: `"a.b"` is one key, `a.b` a key in table `a`.
    package static func key(_ parts: [String]) -> String {
        parts.map { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy(TuningParser.isBareKeyCharacter) ? part : string(part)
        }.joined(separator: ".")
    }

    /// A basic string: quotes, backslashes and control characters escaped, the rest as is.
    package static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{8}": out += "\\b"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\u{C}": out += "\\f"
            case "\r": out += "\\r"
            default:
                if TuningParser.isControl(scalar) {
                    out += "\\u" + TuningParser.hex(scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

@_spi(Fuzzing) extension TuningEntry {
    /// The entry as one line of TOML, `key = value`, at the top of a file (no table header).
    @_spi(Fuzzing) public var tomlText: String { "\(key) = \(value)" }
}

@_spi(Fuzzing) extension Sequence<TuningEntry> {
    /// The entries as a TOML file, one a line, that parses back to the same keys and values.
    @_spi(Fuzzing) public var tomlText: String { map { $0.tomlText + "\n" }.joined() }
}
