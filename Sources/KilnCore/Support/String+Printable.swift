extension String {
    /// The text with every character that would break a message's line or act on the
    /// terminal written as an escape (`\n`, `\r`, `\u{0}`, `\u{1B}`, `\u{2028}`…): control
    /// characters (NUL, escape, line breaks, DEL and the C1 range), line and paragraph
    /// separators, and the marks that reorder text's direction. Messages quote a file's text
    /// or name through it, so that what they print stays one line and sets nothing on the
    /// terminal, whatever the file holds.
    public var printable: String {
        guard unicodeScalars.contains(where: Self.isUnprintable) else { return self }
        var text = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case _ where Self.isUnprintable(scalar):
                text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false  // a tab is only space
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
