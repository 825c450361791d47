// The text a change writes: a value spelled as short as reads back the same, put in place
// of the old one's text, or a new line under the value's table.
extension TuningWriter {
    /// Edits that turn `old`, written at `key`, into `new`: an array's items and an inline
    /// table's members of the same shape are replaced one by one, so that the spacing around
    /// them and the values that did not change stay as written.
    func replacements(of old: TuningValue, by new: TuningValue, at key: String,
                      in document: TuningDocument) -> [(range: Range<Int>, text: String)] {
        guard old != new, let span = document.layout.spans[key] else { return [] }
        switch (old, new) {
        // Items that are arrays or tables themselves share their spans' names: replaced whole.
        case (.array(let before), .array(let after)) where before.count == after.count && before.allSatisfy(\.isScalar):
            let parts = before.indices.map { replacements(of: before[$0], by: after[$0], at: "\(key)[\($0)]", in: document) }
            if before.indices.allSatisfy({ document.layout.spans["\(key)[\($0)]"] != nil }) {
                return parts.flatMap { $0 }
            }
        case (.table(let before), .table(let after)) where before.map(\.key) == after.map(\.key):
            if before.allSatisfy({ document.layout.spans[key + "." + $0.key] != nil }) {
                return before.indices.flatMap { replacements(of: before[$0].value, by: after[$0].value, at: key + "." + before[$0].key, in: document) }
            }
        default:
            break
        }
        return [(span, Self.spelling(of: new, replacing: document.text(of: span)))]
    }

    /// `value` as TOML, in the style of `old` (the text it replaces) where it can be: a
    /// literal string stays literal, a float written with a point keeps one.
    static func spelling(of value: TuningValue, replacing old: String?) -> String {
        switch value {
        case .number(let n):
            let short = value.description
            guard let old, n.isFinite, !old.hasPrefix("0x"), !old.hasPrefix("0o"), !old.hasPrefix("0b"),
                  old.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }),
                  !short.contains(where: { $0 == "." || $0 == "e" }) else { return short }
            return short + ".0"
        case .string(let s):
            let literal = old?.hasPrefix("'") == true && !old!.hasPrefix("'''")
                && !s.unicodeScalars.contains { $0 == "'" || TuningParser.isControl($0) || $0 == "\n" }
            return literal ? "'" + s + "'" : TOMLText.string(s)
        default:
            return value.description
        }
    }

    /// The edit that adds `field`, set to `value`, as a member of the inline table its
    /// table is written as (`swipe = { action_threshold = 80 }`), which stays inline: after
    /// its last member, or inside its braces when it has none; `nil` when no inline table
    /// holds the field's table.
    func member(of value: TuningValue, for field: TuningProfile.Field,
                in document: TuningDocument) -> (range: Range<Int>, text: String)? {
        let keys = Set(profile.fields.map(\.key))
        var candidates = document.layout.lines.map(\.entry)
        while let entry = candidates.popLast() {
            guard !keys.contains(entry.key), field.key.hasPrefix(entry.key + "."),
                  case .table(let members) = entry.value, let span = document.layout.spans[entry.key] else { continue }
            let rest = String(field.key.dropFirst(entry.key.count + 1))
            // A deeper inline table inside this one holds it, if one does.
            let inner = members.map { TuningEntry(key: entry.key + "." + $0.key, value: $0.value, line: entry.line) }
            if inner.contains(where: { field.key.hasPrefix($0.key + ".") }) {
                candidates = inner
                continue
            }
            let spelled = rest + " = " + Self.spelling(of: value, replacing: nil)
            guard let last = members.last, let lastSpan = document.layout.spans[entry.key + "." + last.key] else {
                return (span, "{ " + spelled + " }")
            }
            return (lastSpan.upperBound..<lastSpan.upperBound, ", " + spelled)
        }
        return nil
    }

    /// The lines that add `field`, set to `value`, under its table: after the table's last
    /// value, else right under its header, else as a new table at the end of the file.
    func insertion(of value: TuningValue, for field: TuningProfile.Field,
                   into document: TuningDocument) -> (range: Range<Int>, text: String) {
        let path = field.key.split(separator: ".").map(String.init)
        let table = Array(path.dropLast())
        let layout = document.layout
        let spelled = Self.spelling(of: value, replacing: nil)
        func lines(under header: [String], indent: String) -> String {
            let help = field.help.split(separator: "\n", omittingEmptySubsequences: false).map { indent + "# " + $0 + "\n" }
            return help.joined() + indent + TOMLText.key(Array(path.dropFirst(header.count))) + " = " + spelled + "\n"
        }
        // The last value written in the table, under a header it may add keys to.
        let last = layout.lines.last { line in
            line.path.count > table.count && Array(line.path.prefix(table.count)) == table
                && line.table.count <= table.count && Array(table.prefix(line.table.count)) == line.table
        }
        if let last, let span = layout.spans[last.entry.key] {
            let end = document.lineEnd(after: span.upperBound)
            let text = lines(under: last.table, indent: document.indentation(at: span.lowerBound))
            return (end.offset..<end.offset, end.hasNewline ? text : "\n" + text)
        }
        guard !table.isEmpty else { return (0..<0, lines(under: [], indent: "")) }
        let end = document.readCount
        if let headerEnd = layout.headerEnds[TOMLText.key(table)] {
            let afterBreak = headerEnd == end && !document.endsWithNewline
            return (headerEnd..<headerEnd, (afterBreak ? "\n" : "") + lines(under: table, indent: ""))
        }
        let lead = document.isEmpty ? "" : document.endsWithNewline ? "\n" : "\n\n"
        return (end..<end, lead + "[\(TOMLText.key(table))]\n" + lines(under: table, indent: ""))
    }
}

extension TuningValue {
    /// Whether the value is a number, a switch or a string.
    fileprivate var isScalar: Bool {
        switch self {
        case .number, .bool, .string: true
        case .array, .table: false
        }
    }
}
