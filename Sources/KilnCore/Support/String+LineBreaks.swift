extension String {
    /// The text with every character that would start a new line written as an escape
    /// (`\n`, `\r`, `\u{0B}`, `\u{2028}`…), so that a message quoting a file's contents stays
    /// on one line whatever the file holds.
    public var escapingLineBreaks: String {
        guard contains(where: \.isNewline) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
