// The bytes a `data:` URI holds, as librsvg and rlottie take them in place of a file: the
// text after the first comma, base64 when the media type says so, else %-escaped bytes.
import Foundation

enum DataURI {
    /// Whether `reference` is a `data:` URI.
    static func isDataURI(_ reference: String) -> Bool {
        reference.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().hasPrefix("data:")
    }

    /// The bytes `uri` holds; `nil` when it has no comma or its base64 is not base64.
    static func bytes(of uri: String) -> Data? {
        let text = uri.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let comma = text.firstIndex(of: ",") else { return nil }
        let header = text[..<comma].lowercased(), body = text[text.index(after: comma)...]
        if header.hasSuffix(";base64") { return Data(base64Encoded: String(body), options: .ignoreUnknownCharacters) }
        return unescaped(body.utf8)
    }

    /// Base64 after the first comma, whatever the media type says, as rlottie reads an
    /// embedded image; `nil` when there is no comma or it is not base64.
    static func base64Bytes(of uri: String) -> Data? {
        guard let comma = uri.firstIndex(of: ",") else { return nil }
        return Data(base64Encoded: String(uri[uri.index(after: comma)...]))
    }

    /// `uri` as a message shows it: its first 48 characters, as an embedded image can run to
    /// megabytes.
    static func shown(_ uri: String) -> String {
        String(uri.prefix(48)) + (uri.count > 48 ? "…" : "")
    }

    /// `text` with each `%XX` read as the byte it stands for.
    private static func unescaped(_ text: Substring.UTF8View) -> Data {
        var out = Data(capacity: text.count)
        var iterator = text.makeIterator()
        func hex(_ byte: UInt8?) -> UInt8? {
            guard let byte, let value = UInt8(String(UnicodeScalar(byte)), radix: 16) else { return nil }
            return value
        }
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { out.append(byte); continue }
            let first = iterator.next(), second = iterator.next()
            if let high = hex(first), let low = hex(second) {
                out.append(high << 4 | low)
            } else {
                out.append(byte)
                if let first { out.append(first) }
                if let second { out.append(second) }
            }
        }
        return out
    }
}
