// TOML's four strings: basic "…" with escapes, literal '…' as written, and their
// multi-line forms """…""" and '''…'''.
extension TuningParser {
    /// A string value: any of the four forms.
    mutating func stringValue() throws(TuningError) -> String {
        let quote = current!
        let multiline = peek(1) == quote && peek(2) == quote
        return quote == "\"" ? try basicString(multiline: multiline) : try literalString(multiline: multiline)
    }

    /// `"…"` or `"""…"""`, the opening quote at the current position.
    mutating func basicString(multiline: Bool) throws(TuningError) -> String {
        let opened = mark
        try open(multiline: multiline)
        var text = ""
        while true {
            guard let c = current else {
                throw fail(multiline ? "the string is not closed with \"\"\"" : "the string is not closed with \" on its line",
                           at: opened)
            }
            if c == "\"" {
                if try close(multiline: multiline, into: &text) { return text }
                continue
            }
            if c == "\\" {
                try escape(multiline: multiline, into: &text)
                continue
            }
            try check(c, multiline: multiline, opened: opened, quote: "\"")
            text.unicodeScalars.append(c)
            advance()
        }
    }

    /// `'…'` or `'''…'''`: no escapes, every character as written.
    mutating func literalString(multiline: Bool) throws(TuningError) -> String {
        let opened = mark
        try open(multiline: multiline)
        var text = ""
        while true {
            guard let c = current else {
                throw fail(multiline ? "the string is not closed with '''" : "the string is not closed with ' on its line",
                           at: opened)
            }
            if c == "'" {
                if try close(multiline: multiline, into: &text) { return text }
                continue
            }
            try check(c, multiline: multiline, opened: opened, quote: "'")
            text.unicodeScalars.append(c)
            advance()
        }
    }

    /// Past the opening quote or quotes; a newline right after `"""` or `'''` is not part of the string.
    private mutating func open(multiline: Bool) throws(TuningError) {
        advance()
        guard multiline else { return }
        advance()
        advance()
        if current == "\n" { advance() }
    }

    /// At a quote of the string's kind: whether it closes the string. A multi-line string
    /// may end in one or two quotes of its own kind before its closing three.
    private mutating func close(multiline: Bool, into text: inout String) throws(TuningError) -> Bool {
        let quote = current!
        guard multiline else {
            advance()
            return true
        }
        var run = 0
        while peek(run) == quote { run += 1 }
        guard run >= 3 else {
            for _ in 0..<run { advance() }
            text.unicodeScalars.append(contentsOf: repeatElement(quote, count: run))
            return false
        }
        guard run <= 5 else {
            index += 5
            throw fail("too many \(quote) in a row; escape one, or use the other kind of string")
        }
        text.unicodeScalars.append(contentsOf: repeatElement(quote, count: run - 3))
        index += run
        return true
    }

    private mutating func check(_ c: Unicode.Scalar, multiline: Bool, opened: (line: Int, column: Int),
                                quote: String) throws(TuningError) {
        if c == "\n" {
            if multiline { return }
            throw fail("the string is not closed with \(quote) on its line", at: opened)
        }
        if Self.isControl(c) {
            throw fail("control character U+\(Self.hex(c)) in a string; write it as an escape in a \"…\" string")
        }
    }

    /// At a backslash in a basic string.
    private mutating func escape(multiline: Bool, into text: inout String) throws(TuningError) {
        let at = mark
        advance()
        guard let e = current else { throw fail("the string ends in a lone \\", at: at) }
        if multiline, e == " " || e == "\t" || e == "\n" {
            try trimLineEnd(from: at)
            return
        }
        advance()
        switch e {
        case "b": text.unicodeScalars.append("\u{8}")
        case "t": text.unicodeScalars.append("\t")
        case "n": text.unicodeScalars.append("\n")
        case "f": text.unicodeScalars.append("\u{C}")
        case "r": text.unicodeScalars.append("\r")
        case "\"": text.unicodeScalars.append("\"")
        case "\\": text.unicodeScalars.append("\\")
        case "u", "U":
            let count = e == "u" ? 4 : 8
            var hex = ""
            for _ in 0..<count {
                guard let h = current, h.properties.isASCIIHexDigit else {
                    throw fail("\\\(e) takes \(count) hex digits", at: at)
                }
                hex.unicodeScalars.append(h)
                advance()
            }
            guard let scalar = UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) else {
                throw fail("\\\(e)\(hex) is not a Unicode character (surrogates and values past 10FFFF are not)", at: at)
            }
            text.unicodeScalars.append(scalar)
        default:
            let shown = Self.isControl(e) ? "U+\(Self.hex(e))" : String(e)
            throw fail("unknown escape \\\(shown) in a string; TOML has \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX", at: at)
        }
    }

    /// A backslash ending a line of a `"""` string drops the line break and the blanks after it.
    private mutating func trimLineEnd(from at: (line: Int, column: Int)) throws(TuningError) {
        skipSpaces()
        guard current == "\n" else {
            throw fail("a \\ followed by spaces must end its line; write \\\\ for a backslash", at: at)
        }
        while current == " " || current == "\t" || current == "\n" { advance() }
    }
}
