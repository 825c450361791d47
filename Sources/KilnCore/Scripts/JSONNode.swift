// A small JSON reader that remembers the line every value starts on, so that a script's
// errors can name a line and not only a field. Foundation's JSONSerialization reports
// neither. Strict RFC 8259: no comments, no trailing commas, no NaN.

/// A JSON value with the line it starts on.
package struct JSONNode {
    /// One `"key": value` pair of an object, in file order.
    package struct Member {
        package var key: String
        package var line: Int
        package var value: JSONNode

        package init(key: String, line: Int, value: JSONNode) {
            self.key = key
            self.line = line
            self.value = value
        }
    }

    package enum Value {
        case object([Member])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    package var value: Value
    package var line: Int

    package init(value: Value, line: Int) {
        self.value = value
        self.line = line
    }

    /// How error messages name the value's type: "a string", "an array".
    var kindDescription: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// Bad JSON syntax at a line.
package struct JSONSyntaxError: Error {
    package var line: Int
    package var message: String
}

/// Reads UTF-8 JSON text into `JSONNode`s, counting lines as it goes.
package struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var depth = 0
    /// Deep enough for any script; stops runaway nesting from exhausting the stack.
    private static let maximumDepth = 64

    /// The one value `text` holds (whitespace around it is allowed, anything else is not).
    package static func read(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try read(bytes: Array(text.utf8))
    }

    /// The one value the UTF-8 `bytes` hold, as `read(_:)` reads it.
    package static func read(bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var reader = JSONReader(bytes: bytes)
        let node = try reader.readValue()
        reader.skipWhitespace()
        if reader.index < reader.bytes.count { throw reader.failure("unexpected text after the end") }
        return node
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func failure(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            default: return
            }
            index += 1
        }
    }

    private mutating func readValue() throws(JSONSyntaxError) -> JSONNode {
        skipWhitespace()
        let start = line
        guard let byte = current else { throw failure("unexpected end of the file") }
        switch byte {
        case UInt8(ascii: "{"): return JSONNode(value: .object(try readObject()), line: start)
        case UInt8(ascii: "["): return JSONNode(value: .array(try readArray()), line: start)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try readString()), line: start)
        case UInt8(ascii: "t"): try readWord("true"); return JSONNode(value: .bool(true), line: start)
        case UInt8(ascii: "f"): try readWord("false"); return JSONNode(value: .bool(false), line: start)
        case UInt8(ascii: "n"): try readWord("null"); return JSONNode(value: .null, line: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try readNumber()), line: start)
        default:
            throw failure("unexpected character '\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func readWord(_ word: String) throws(JSONSyntaxError) {
        for expected in word.utf8 {
            guard current == expected else { throw failure("unexpected word (expected \(word))") }
            index += 1
        }
    }

    /// Consumes `byte` after optional whitespace, or reports what was expected.
    private mutating func expect(_ byte: UInt8, _ description: String) throws(JSONSyntaxError) {
        skipWhitespace()
        guard current == byte else {
            throw failure(current == nil ? "unexpected end of the file (expected \(description))"
                                         : "expected \(description)")
        }
        index += 1
    }

    /// Consumes `byte` after optional whitespace if it is next.
    private mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard current == byte else { return false }
        index += 1
        return true
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw failure("nested too deeply") }
    }

    private mutating func readObject() throws(JSONSyntaxError) -> [JSONNode.Member] {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSONNode.Member] = []
        // A set, so that an object with many keys is read in time proportional to its size.
        var keys: Set<String> = []
        if consume(UInt8(ascii: "}")) { return members }
        repeat {
            skipWhitespace()
            let keyLine = line
            guard current == UInt8(ascii: "\"") else { throw failure("expected a key in double quotes") }
            let key = try readString()
            guard keys.insert(key).inserted else { throw failure("duplicate key \"\(key)\"") }
            try expect(UInt8(ascii: ":"), "':' after the key")
            members.append(JSONNode.Member(key: key, line: keyLine, value: try readValue()))
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"), "',' or '}'")
        return members
    }

    private mutating func readArray() throws(JSONSyntaxError) -> [JSONNode] {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONNode] = []
        if consume(UInt8(ascii: "]")) { return elements }
        repeat {
            elements.append(try readValue())
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"), "',' or ']'")
        return elements
    }

    private mutating func readString() throws(JSONSyntaxError) -> String {
        index += 1
        var utf8: [UInt8] = []
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape(into: &utf8)
            case 0..<0x20:
                throw failure("unterminated string (or a control character in it)")
            default:
                utf8.append(byte)
            }
        }
        throw failure("unterminated string")
    }

    private mutating func readEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw failure("unterminated string") }
        index += 1
        let simple: [UInt8: String] = [
            UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/",
            UInt8(ascii: "b"): "\u{8}", UInt8(ascii: "f"): "\u{c}", UInt8(ascii: "n"): "\n",
            UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
        ]
        if let text = simple[byte] { utf8.append(contentsOf: text.utf8); return }
        guard byte == UInt8(ascii: "u") else { throw failure("unknown escape in a string") }
        var code = try readHex4()
        // A high surrogate must be followed by an escaped low one: together one scalar.
        if (0xD800..<0xDC00).contains(code) {
            guard current == UInt8(ascii: "\\") else { throw failure("unpaired surrogate in a string") }
            index += 1
            try readWord("u")
            let low = try readHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate in a string") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw failure("unpaired surrogate in a string") }
        utf8.append(contentsOf: String(Character(scalar)).utf8)
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count,
              bytes[index..<index + 4].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
              let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw failure("expected four hex digits after \\u") }
        index += 4
        return code
    }

    private mutating func readNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        _ = consumeDigits(allowingSign: true)
        if current == UInt8(ascii: ".") {
            index += 1
            guard consumeDigits(allowingSign: false) > 0 else { throw failure("expected digits after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            guard consumeDigits(allowingSign: true) > 0 else { throw failure("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), isWellFormedInteger(text) else { throw failure("bad number \(text)") }
        return value
    }

    /// Consumes an optional sign then digits; returns how many digits.
    private mutating func consumeDigits(allowingSign: Bool) -> Int {
        if allowingSign, current == UInt8(ascii: "-") || current == UInt8(ascii: "+") { index += 1 }
        var count = 0
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            index += 1
            count += 1
        }
        return count
    }

    /// JSON forbids a leading '+', leading zeros ("012") and a bare '-'.
    private func isWellFormedInteger(_ text: String) -> Bool {
        let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let integer = unsigned.prefix { $0.isNumber }
        return !integer.isEmpty && !(integer.count > 1 && integer.first == "0")
    }
}
