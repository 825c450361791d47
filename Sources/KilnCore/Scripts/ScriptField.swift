/// A JSON value being read as a part of a script: the value, its path for error
/// messages ("steps[3].move.to") and the file it is in.
struct ScriptField {
    let node: JSONNode
    let path: String
    let file: String

    /// Numbers beyond this are typing mistakes (or attempts to overflow), never canvas points.
    static let largestMagnitude = 1e6

    /// An error about this field, on its line unless told otherwise.
    func error(_ message: String, line: Int? = nil) -> InputScriptError {
        InputScriptError(file: file, line: line ?? node.line, field: path, message: message)
    }

    /// The field of an object member.
    func member(_ member: JSONNode.Member) -> ScriptField {
        ScriptField(node: member.value, path: path.isEmpty ? member.key : "\(path).\(member.key)",
                    file: file)
    }

    /// The elements of an array, each with its `[i]` path; `nil` for any other value.
    var elements: [ScriptField]? {
        guard case .array(let nodes) = node.value else { return nil }
        return nodes.enumerated().map { ScriptField(node: $1, path: "\(path)[\($0)]", file: file) }
    }

    /// A finite number no larger than `largestMagnitude`.
    func number() throws(InputScriptError) -> Double {
        guard case .number(let value) = node.value else {
            throw error("expected a number, found \(node.kindDescription)")
        }
        guard value.isFinite, abs(value) <= Self.largestMagnitude else {
            throw error("\(value) is out of range (numbers must be within ±1e6)")
        }
        return value
    }

    /// A number of seconds, zero or more.
    func duration() throws(InputScriptError) -> Double {
        let value = try number()
        guard value >= 0 else { throw error("a duration must not be negative (found \(value))") }
        return value
    }

    /// A whole number.
    func integer() throws(InputScriptError) -> Int {
        let value = try number()
        guard value == value.rounded() else { throw error("expected a whole number, found \(value)") }
        return Int(value)
    }

    /// A pressure: a number from 0 to 1.
    func unitNumber() throws(InputScriptError) -> Double {
        let value = try number()
        guard (0...1).contains(value) else { throw error("pressure \(value) is outside 0…1") }
        return value
    }

    /// A string.
    func string() throws(InputScriptError) -> String {
        guard case .string(let text) = node.value else {
            throw error("expected a string, found \(node.kindDescription)")
        }
        return text
    }

    /// Two numbers `[a, b]`; `expected` describes the shape when the value is not a pair.
    func pair(_ expected: String) throws(InputScriptError) -> Point {
        guard let elements, elements.count == 2 else { throw error("expected \(expected)") }
        return Point(try elements[0].number(), try elements[1].number())
    }

    /// The value as an object whose keys must all be among `keys`.
    func object(keys: [String]) throws(InputScriptError) -> ScriptObject {
        guard case .object(let members) = node.value else {
            throw error("expected an object, found \(node.kindDescription)")
        }
        for member in members where !keys.contains(member.key) {
            let known = keys.isEmpty ? "no keys are allowed here" : "expected " + Self.list(keys)
            throw self.member(member).error("unknown key (\(known))", line: member.line)
        }
        return ScriptObject(field: self, members: members)
    }

    /// "a, b or c".
    static func list(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words.last!
    }
}

/// An object's members, looked up by key.
struct ScriptObject {
    let field: ScriptField
    let members: [JSONNode.Member]

    /// The member `key`, if present.
    func optional(_ key: String) -> ScriptField? {
        members.first { $0.key == key }.map(field.member)
    }

    /// The member `key`; an error on the object's line when it is missing.
    func required(_ key: String) throws(InputScriptError) -> ScriptField {
        guard let found = optional(key) else {
            let path = field.path.isEmpty ? key : "\(field.path).\(key)"
            throw InputScriptError(file: field.file, line: field.node.line, field: path,
                                   message: "missing (this field is required)")
        }
        return found
    }
}
