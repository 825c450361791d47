import Foundation

/// One `key = value` of a tuning file, with its full dotted key and where it was written.
public struct TuningEntry: Equatable, Sendable {
    /// "swipe.action_threshold": the table's name, a dot, the key.
    public var key: String
    public var value: TuningValue
    public var line: Int
}

/// Reads the TOML that tuning files use: `[tables]`, `key = value` with numbers, booleans,
/// strings, arrays and inline tables, and `#` comments. Dates and arrays of tables are not
/// part of it. Errors name the line.
public struct TuningParser {
    private let chars: [Character]
    private let file: String
    private var index = 0
    private var line = 1

    /// Parses `text`, read from `file` (as messages name it).
    public static func parse(_ text: String, file: String) throws(TuningError) -> [TuningEntry] {
        var parser = TuningParser(chars: Array(text), file: file)
        return try parser.document()
    }

    private init(chars: [Character], file: String) {
        self.chars = chars
        self.file = file
    }

    private func fail(_ message: String) -> TuningError {
        TuningError(file: file, line: line, message: message)
    }

    private var current: Character? { index < chars.count ? chars[index] : nil }

    private mutating func advance() {
        if current == "\n" { line += 1 }
        index += 1
    }

    private mutating func skipSpaces() {
        while let c = current, c == " " || c == "\t" || c == "\r" { advance() }
    }

    /// Spaces, newlines and comments.
    private mutating func skipBlank() {
        while let c = current {
            if c == "#" {
                while let d = current, d != "\n" { advance() }
            } else if c.isWhitespace {
                advance()
            } else {
                return
            }
        }
    }

    /// After a header or a value: only a comment may follow on the line.
    private mutating func endOfLine(after what: String) throws(TuningError) {
        skipSpaces()
        if current == "#" { while let d = current, d != "\n" { advance() } }
        guard current == nil || current == "\n" else {
            throw fail("unexpected \"\(current!)\" after \(what); put one key = value on each line")
        }
    }

    private mutating func document() throws(TuningError) -> [TuningEntry] {
        var entries: [TuningEntry] = []
        var seen: Set<String> = []
        var table = ""
        while true {
            skipBlank()
            guard let c = current else { return entries }
            if c == "[" {
                advance()
                if current == "[" { throw fail("arrays of tables ([[…]]) are not used in tuning files") }
                skipSpaces()
                table = try dottedKey().joined(separator: ".")
                skipSpaces()
                guard current == "]" else { throw fail("expected ] to close the table name") }
                advance()
                try endOfLine(after: "the table name")
                continue
            }
            let keyLine = line
            let key = (table.isEmpty ? [] : [table]) + (try dottedKey())
            let full = key.joined(separator: ".")
            skipSpaces()
            guard current == "=" else { throw fail("expected = after the key \"\(full)\"") }
            advance()
            skipSpaces()
            let value = try self.value()
            try endOfLine(after: "the value of \(full)")
            guard seen.insert(full).inserted else { throw TuningError(file: file, line: keyLine, message: "\(full) is set twice") }
            entries.append(TuningEntry(key: full, value: value, line: keyLine))
        }
    }

    private mutating func dottedKey() throws(TuningError) -> [String] {
        var parts = [try simpleKey()]
        while true {
            skipSpaces()
            guard current == "." else { return parts }
            advance()
            skipSpaces()
            parts.append(try simpleKey())
        }
    }

    private mutating func simpleKey() throws(TuningError) -> String {
        if current == "\"" { return try string() }
        var key = ""
        while let c = current, c.isLetter || c.isNumber || c == "_" || c == "-" {
            key.append(c)
            advance()
        }
        guard !key.isEmpty else {
            throw fail(current.map { "expected a key, found \"\($0)\"" } ?? "expected a key at the end of the file")
        }
        return key
    }

    private mutating func value() throws(TuningError) -> TuningValue {
        guard let c = current, c != "\n", c != "#" else { throw fail("expected a value after =") }
        switch c {
        case "\"": return .string(try string())
        case "[": return try array()
        case "{": return try inlineTable()
        default: return try bareValue()
        }
    }

    private mutating func string() throws(TuningError) -> String {
        advance()
        var text = ""
        while true {
            guard let c = current, c != "\n" else { throw fail("the string is not closed with \" on its line") }
            advance()
            if c == "\"" { return text }
            guard c == "\\" else {
                text.append(c)
                continue
            }
            guard let e = current else { throw fail("the string ends in a lone \\") }
            advance()
            switch e {
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "\"": text.append("\"")
            case "\\": text.append("\\")
            case "u":
                var hex = ""
                for _ in 0..<4 {
                    guard let h = current, h.isHexDigit else { throw fail("\\u takes four hex digits") }
                    hex.append(h)
                    advance()
                }
                guard let scalar = UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) else {
                    throw fail("\\u\(hex) is not a character")
                }
                text.unicodeScalars.append(scalar)
            default: throw fail("unknown escape \\\(e) in a string")
            }
        }
    }

    private mutating func array() throws(TuningError) -> TuningValue {
        advance()
        var items: [TuningValue] = []
        while true {
            skipBlank()
            guard let c = current else { throw fail("the array is not closed with ]") }
            if c == "]" {
                advance()
                return .array(items)
            }
            items.append(try value())
            skipBlank()
            if current == nil {
                throw fail("the array is not closed with ]")
            } else if current == "," {
                advance()
            } else if current != "]" {
                throw fail("expected , or ] in the array")
            }
        }
    }

    private mutating func inlineTable() throws(TuningError) -> TuningValue {
        advance()
        var members: [(key: String, value: TuningValue)] = []
        skipSpaces()
        if current == "}" {
            advance()
            return .table([])
        }
        while true {
            skipSpaces()
            let key = try dottedKey().joined(separator: ".")
            skipSpaces()
            guard current == "=" else { throw fail("expected = after \(key) in the table") }
            advance()
            skipSpaces()
            let value = try self.value()
            guard !members.contains(where: { $0.key == key }) else { throw fail("\(key) is set twice in the table") }
            members.append((key, value))
            skipSpaces()
            if current == "}" {
                advance()
                return .table(members)
            }
            guard current == "," else { throw fail("expected , or } in the inline table (it must stay on one line)") }
            advance()
        }
    }

    /// TOML's special floats. They are numbers to the parser; no field's range holds them.
    private static let specialNumbers: [String: Double] = [
        "inf": .infinity, "+inf": .infinity, "-inf": -.infinity, "nan": .nan, "+nan": .nan, "-nan": .nan,
    ]

    /// A number or a boolean. A number too large for a Double is infinite, as in TOML.
    private mutating func bareValue() throws(TuningError) -> TuningValue {
        var word = ""
        while let c = current, !c.isWhitespace, c != ",", c != "]", c != "}", c != "#" {
            word.append(c)
            advance()
        }
        if word == "true" { return .bool(true) }
        if word == "false" { return .bool(false) }
        if let special = Self.specialNumbers[word] { return .number(special) }
        let digits = word.replacingOccurrences(of: "_", with: "")
        if let number = Double(digits), digits.first?.isLetter != true, !digits.lowercased().contains("n") {
            return .number(number)
        }
        throw fail("expected a number, true, false, \"a string\", [an array] or {a table}, found \(word)")
    }
}
