// A Lottie's JSON as Kiln checks it and as rlottie is handed it. rlottie reads JSON its own
// way (a key given twice is read twice, numbers written with a fraction are not integers to
// it), so the file is read once by Kiln's strict reader (a key given twice and nesting past
// 64 are refused) and rlottie is given that document written out again, never the file.
import Foundation
import KilnCore

enum LottieJSON {
    /// The document in `data`, the file `name`; refused in one line when it is not strict JSON.
    static func read(_ data: Data, name: String) throws(AssetError) -> JSONNode {
        do {
            return try JSONReader.read(bytes: [UInt8](data))
        } catch {
            throw AssetError(file: name, reason: "not a Lottie animation (line \(error.line): \(error.message))")
        }
    }

    /// `node` written as compact JSON, NUL-terminated for rlottie. A whole number is written
    /// without a fraction, as rlottie wants its integers; a number too large for a double is
    /// refused (rlottie's reader refuses it too).
    static func text(of node: JSONNode, name: String) throws(AssetError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16)
        try write(node, into: &out, name: name)
        out.append(0)
        return out
    }

    private static func write(_ node: JSONNode, into out: inout [UInt8], name: String) throws(AssetError) {
        switch node.value {
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                try write(member.value, into: &out, name: name)
            }
            out.append(UInt8(ascii: "}"))
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                try write(element, into: &out, name: name)
            }
            out.append(UInt8(ascii: "]"))
        case .string(let text): write(text, into: &out)
        case .number(let number):
            guard number.isFinite else {
                throw AssetError(file: name, reason: "not a Lottie animation (line \(node.line): a number too large)")
            }
            let whole = number == number.rounded() && abs(number) < 1e15
            out.append(contentsOf: (whole ? String(Int64(number)) : "\(number)").utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        }
    }

    private static func write(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            case 0..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                let digits = Array("0123456789abcdef".utf8)
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 0x0F)])
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONNode {
    /// The value of the object's member `key`, if the node is an object that has it.
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The node's number, if it is one.
    var number: Double? {
        if case .number(let number) = value { return number }
        return nil
    }

    /// The node's text, if it is a string.
    var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }
}
