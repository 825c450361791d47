// Values: strings, numbers, booleans, arrays and inline tables as TOML 1.0 writes them.
// Dates and times are TOML too, but no tuning takes one, so they are named and refused.
extension TuningParser {
    /// The value after `key =`; `key` names it in messages.
    mutating func value(key: String) throws(TuningError) -> TuningValue {
        guard let c = current, c != "\n", c != "#" else { throw fail("expected a value after =") }
        if c == "[" || c == "{" {
            guard depth < Self.maximumDepth else {
                throw fail("arrays and tables nested more than \(Self.maximumDepth) deep; a tuning needs a few levels")
            }
            depth += 1
        }
        defer { if c == "[" || c == "{" { depth -= 1 } }
        // An array's items are read under its key too; the array's own span, set last, wins.
        let start = index
        defer { layout.spans[key] = start..<index }
        switch c {
        case "\"", "'": return .string(try stringValue())
        case "[": return try array(key: key)
        case "{": return try inlineTable(key: key)
        default: return try bareValue(key: key)
        }
    }

    private mutating func array(key: String) throws(TuningError) -> TuningValue {
        let opened = mark
        advance()
        var items: [TuningValue] = []
        while true {
            try skipBlank()
            guard let c = current else { throw unclosedArray(opened) }
            if c == "]" {
                advance()
                return .array(items)
            }
            let start = index
            items.append(try value(key: key))
            layout.spans["\(key)[\(items.count - 1)]"] = start..<index
            try skipBlank()
            if current == nil {
                throw unclosedArray(opened)
            } else if current == "," {
                advance()
            } else if current != "]" {
                throw fail("expected , or ] in the array")
            }
        }
    }

    /// Said where the file ends, which is where it shows.
    private func unclosedArray(_ opened: (line: Int, column: Int)) -> TuningError {
        fail("the array opened at \(opened.line):\(opened.column) is not closed with ]")
    }

    /// `{ a = 1, b.c = 2 }`, on one line and without a trailing comma, as TOML 1.0 has it.
    private mutating func inlineTable(key: String) throws(TuningError) -> TuningValue {
        advance()
        var members: [(key: String, value: TuningValue)] = []
        // Each member's key, and every key that a longer one passes through, by name: a
        // clash is found in a look-up, not by going over the members written so far.
        var written: [[String]: String] = [:]
        var passedThrough: [[String]: String] = [:]
        skipSpaces()
        if current == "}" {
            advance()
            return .table([])
        }
        while true {
            skipSpaces()
            let at = mark
            let parts = try dottedKey()
            let member = TOMLText.key(parts)
            skipSpaces()
            guard current == "=" else { throw fail("expected = after \(member) in the table") }
            advance()
            skipSpaces()
            let value = try self.value(key: key + "." + member)
            if written[parts] != nil { throw fail("\(member) is set twice in the table", at: at) }
            let clash = passedThrough[parts] ?? (1..<parts.count).lazy.compactMap { written[Array(parts[..<$0])] }.first
            if let clash { throw fail("\(member) and \(clash) cannot both be set in the table", at: at) }
            written[parts] = member
            for end in 1..<max(1, parts.count) where passedThrough[Array(parts[..<end])] == nil {
                passedThrough[Array(parts[..<end])] = member
            }
            members.append((member, value))
            skipSpaces()
            if current == "}" {
                advance()
                return .table(members)
            }
            guard current == "," else { throw fail("expected , or } in the inline table (it must stay on one line)") }
            advance()
        }
    }

    /// A number, a boolean, or a date refused by name.
    private mutating func bareValue(key: String) throws(TuningError) -> TuningValue {
        let at = mark
        var word = ""
        while let c = current, Self.isBareKeyCharacter(c) || c == "+" || c == "." || c == ":" {
            word.unicodeScalars.append(c)
            advance()
        }
        if Self.looksLikeDate(word) {
            skipDateTime(dateOnly: word)
            throw TuningError(file: file, line: at.line, message: "\(key): a date or time has no meaning in a tuning file")
        }
        if word == "true" { return .bool(true) }
        if word == "false" { return .bool(false) }
        guard let first = word.unicodeScalars.first, first == "+" || first == "-" || first == "." || first == "_"
                || ("0"..."9").contains(first) || ["inf", "nan"].contains(word) else {
            let found = word.isEmpty ? current.map { "\"\($0)\"" } ?? "the end of the file" : word
            throw fail("expected a number, true, false, \"a string\", [an array] or {a table}, found \(found)", at: at)
        }
        switch TuningNumber.read(word) {
        case .success(let number): return .number(number)
        case .failure(let problem):
            throw fail(problem.message, at: (at.line, at.column + problem.offset))
        }
    }

    /// `1979-05-27`, or `07:32:00`: the starts of TOML's dates and times.
    private static func looksLikeDate(_ word: String) -> Bool {
        let s = Array(word.unicodeScalars)
        func digits(_ range: Range<Int>) -> Bool { range.allSatisfy { $0 < s.count && ("0"..."9").contains(s[$0]) } }
        return (digits(0..<4) && s.count > 4 && s[4] == "-") || (digits(0..<2) && s.count > 2 && s[2] == ":")
    }

    /// Past the time of `1979-05-27 07:32:00`, which TOML lets a space separate from its date.
    private mutating func skipDateTime(dateOnly word: String) {
        guard word.unicodeScalars.count == 10, current == " ", let next = peek(1), ("0"..."9").contains(next) else { return }
        advance()
        while let c = current, Self.isBareKeyCharacter(c) || c == "+" || c == "." || c == ":" { advance() }
    }
}
