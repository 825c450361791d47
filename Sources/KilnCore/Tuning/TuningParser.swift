import Foundation

/// One `key = value` of a tuning file, with its full dotted key and where it was written.
@_spi(Fuzzing) public struct TuningEntry: Equatable, Sendable {
    /// "swipe.action_threshold": the table's name, a dot, the key, each part as TOML writes
    /// it (`t."u v".k`), so that `"a.b" = 1` and `a.b = 1`, which TOML keeps apart, stay apart.
    public var key: String
    /// The value written.
    public var value: TuningValue
    /// The line it is on, counting from 1.
    public var line: Int
}

extension TuningEntry {
    /// The entry as values of `fields`: itself when its key is one of them or its value is
    /// no table; else, an inline table (`swipe = { action_threshold = 80 }`) being a table
    /// as a `[swipe]` header is, each of its members as an entry of its own under its full
    /// key (`swipe.action_threshold`), spread in turn.
    func spread(keeping fields: Set<String>) -> [TuningEntry] {
        guard !fields.contains(key), case .table(let members) = value else { return [self] }
        return members.flatMap { member in
            TuningEntry(key: key + "." + member.key, value: member.value, line: line).spread(keeping: fields)
        }
    }
}

/// Reads tuning files as TOML 1.0 reads them, so that an editor, a linter and Kiln agree on
/// what a file says.
///
/// Every TOML number, string, boolean, key form, table header and comment reads as the
/// specification has it; arrays and inline tables become ``TuningValue`` arrays and tables.
/// Text TOML forbids is refused with its line and column. What TOML allows but a tuning has
/// no use for (dates and times, arrays of tables) is refused naming its key and line.
///
/// Kiln keeps its own reader rather than wrapping a general TOML library so that every
/// value keeps the line it was written on: messages about a value (`FILE:LINE: KEY: …`)
/// and each value's origin in `kiln tuning` need it.
@_spi(Fuzzing) public struct TuningParser {
    var text: [Unicode.Scalar]
    let file: String
    var index = 0
    var line = 1
    /// Where the current line starts in `text`, for columns.
    var lineStart = 0
    /// What each key path holds so far, for TOML's rules on defining things once.
    var defined = TuningDefinitions()
    /// How many arrays and inline tables the current value is inside.
    var depth = 0
    /// Deeper than any tuning needs: a file nested thousands deep would exhaust the stack.
    static let maximumDepth = 32
    /// Longer than any tuning's key; with it, checking a key's parts costs a bounded time,
    /// so that a file is read in time proportional to its size.
    static let maximumKeyParts = 32
    /// Where the values, entries and headers read so far were written, for the writer.
    var layout = TuningLayout()

    /// Parses `text`, read from `file` (as messages name it).
    public static func parse(_ text: String, file: String) throws(TuningError) -> [TuningEntry] {
        try layout(text, file: file).lines.map(\.entry)
    }

    /// Parses `text` and says where each value and table header was written.
    static func layout(_ text: String, file: String) throws(TuningError) -> TuningLayout {
        var parser = TuningParser(text: Array(text.unicodeScalars), file: file)
        try parser.normalizeNewlines()
        try parser.document()
        return parser.layout
    }

    private init(text: [Unicode.Scalar], file: String) {
        self.text = text
        self.file = file
    }

    // MARK: - Position

    var current: Unicode.Scalar? { index < text.count ? text[index] : nil }

    func peek(_ offset: Int) -> Unicode.Scalar? { index + offset < text.count ? text[index + offset] : nil }

    var column: Int { index - lineStart + 1 }

    mutating func advance() {
        if current == "\n" {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    /// An error at the current position.
    func fail(_ message: String) -> TuningError {
        TuningError(file: file, line: line, column: column, message: message)
    }

    /// An error at a position noted earlier.
    func fail(_ message: String, at mark: (line: Int, column: Int)) -> TuningError {
        TuningError(file: file, line: mark.line, column: mark.column, message: message)
    }

    var mark: (line: Int, column: Int) { (line, column) }

    /// TOML lines end in LF or CRLF. A CR alone is refused; before LF it is dropped, which
    /// leaves every column as it was (the CR was the line's last character).
    private mutating func normalizeNewlines() throws(TuningError) {
        var kept: [Unicode.Scalar] = []
        kept.reserveCapacity(text.count)
        for (at, scalar) in text.enumerated() {
            if scalar == "\r" {
                guard at + 1 < text.count, text[at + 1] == "\n" else {
                    index = at
                    throw fail("a carriage return (CR) must be followed by a line feed; end lines with LF or CRLF")
                }
                continue
            }
            kept.append(scalar)
            if scalar == "\n" {
                line += 1
                lineStart = at + 1
            }
        }
        text = kept
        (index, line, lineStart) = (0, 1, 0)
    }

    // MARK: - Blanks and comments

    static func isControl(_ c: Unicode.Scalar) -> Bool {
        (c.value < 0x20 && c != "\t") || c.value == 0x7F
    }

    mutating func skipSpaces() {
        while current == " " || current == "\t" { advance() }
    }

    mutating func skipComment() throws(TuningError) {
        guard current == "#" else { return }
        while let c = current, c != "\n" {
            if Self.isControl(c) { throw fail("control character U+\(Self.hex(c)) in a comment") }
            advance()
        }
    }

    /// Spaces, newlines and comments.
    mutating func skipBlank() throws(TuningError) {
        while let c = current {
            if c == "#" {
                try skipComment()
            } else if c == " " || c == "\t" || c == "\n" {
                advance()
            } else {
                return
            }
        }
    }

    /// After a header or a value: only a comment may follow on the line.
    private mutating func endOfLine(after what: String) throws(TuningError) {
        skipSpaces()
        try skipComment()
        guard let c = current else { return }
        guard c == "\n" else {
            throw fail("unexpected \"\(c)\" after \(what); put one key = value on each line")
        }
        advance()
    }

    static func hex(_ c: Unicode.Scalar) -> String {
        let digits = String(c.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: - Document

    private mutating func document() throws(TuningError) {
        var table: [String] = []
        while true {
            try skipBlank()
            guard current != nil else { return }
            if current == "[" {
                table = try header()
                try endOfLine(after: "the table name")
                layout.headerEnds[TOMLText.key(table)] = index
                continue
            }
            let keyLine = line
            let at = mark
            let key = try dottedKey()
            let full = table + key
            // Its entry is written back as one key, the table's parts and its own.
            guard full.count <= Self.maximumKeyParts else {
                throw fail("a key of more than \(Self.maximumKeyParts) dotted parts with its table's; a tuning needs a few",
                           at: at)
            }
            let name = TOMLText.key(full)
            skipSpaces()
            guard current == "=" else {
                let found = current.map { $0 == "\n" ? "the end of the line" : "\"\($0)\"" } ?? "the end of the file"
                throw fail("expected = after the key \"\(name)\", found \(found)")
            }
            advance()
            skipSpaces()
            let value = try self.value(key: name)
            try endOfLine(after: "the value of \(name)")
            if let problem = defined.setValue(full, inTable: table.count) {
                throw fail(problem, at: at)
            }
            layout.lines.append(.init(entry: TuningEntry(key: name, value: value, line: keyLine), table: table, path: full))
        }
    }

    /// `[a.b]`: the table that the keys below it go into.
    private mutating func header() throws(TuningError) -> [String] {
        let at = mark
        advance()
        let isArrayOfTables = current == "["
        if isArrayOfTables { advance() }
        skipSpaces()
        let name = try dottedKey()
        skipSpaces()
        guard current == "]" else { throw fail("expected ] to close the table name") }
        advance()
        if isArrayOfTables {
            guard current == "]" else { throw fail("expected ]] to close the table name") }
            throw TuningError(file: file, line: at.line, message:
                "\(TOMLText.key(name)): arrays of tables ([[…]]) have no meaning in a tuning file")
        }
        if let problem = defined.setTable(name) { throw fail(problem, at: at) }
        return name
    }

    mutating func dottedKey() throws(TuningError) -> [String] {
        var parts = [try simpleKey()]
        while true {
            skipSpaces()
            guard current == "." else { return parts }
            advance()
            skipSpaces()
            guard parts.count < Self.maximumKeyParts else {
                throw fail("a key of more than \(Self.maximumKeyParts) dotted parts; a tuning needs a few")
            }
            parts.append(try simpleKey())
        }
    }

    static func isBareKeyCharacter(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-": true
        default: false
        }
    }

    /// A bare key (ASCII letters, digits, `_` and `-`) or a quoted one.
    private mutating func simpleKey() throws(TuningError) -> String {
        if current == "\"" { return try basicString(multiline: false) }
        if current == "'" { return try literalString(multiline: false) }
        var key = ""
        while let c = current, Self.isBareKeyCharacter(c) {
            key.unicodeScalars.append(c)
            advance()
        }
        guard key.isEmpty else { return key }
        guard let c = current else { throw fail("expected a key at the end of the file") }
        if c == "\n" { throw fail("expected a key before the end of the line") }
        throw fail("expected a key, found \"\(c)\"; a bare key is letters A-Z a-z, digits, _ and -, else quote it")
    }
}
