// The value types scripts share: points, pressures, pointers, curves and keys.
extension ScriptField {
    static let pointShape = "[x, y] or a layer point {\"layer\": NAME, \"anchor\": [ax, ay], \"offset\": [dx, dy]}"
    static let targetShape = "[x, y], a layer point or {\"by\": [dx, dy]}"

    /// A POINT: `[x, y]` or `{"layer": NAME, "anchor": [ax, ay], "offset": [dx, dy]}`.
    func point() throws(InputScriptError) -> ScriptPoint {
        if case .object(let members) = node.value, members.contains(where: { $0.key == "by" }) {
            throw error("{\"by\": [dx, dy]} is only allowed as a move's target")
        }
        return try point(expected: Self.pointShape)
    }

    /// A move's target: a POINT or `{"by": [dx, dy]}`.
    func target() throws(InputScriptError) -> ScriptTarget {
        if case .object(let members) = node.value, members.contains(where: { $0.key == "by" }) {
            let object = try self.object(keys: ["by"])
            return .by(try object.required("by").pair("[dx, dy]"))
        }
        return .point(try point(expected: Self.targetShape))
    }

    private func point(expected: String) throws(InputScriptError) -> ScriptPoint {
        switch node.value {
        case .array:
            return .canvas(try pair(expected))
        case .object(let members) where members.contains(where: { $0.key == "layer" }):
            let object = try self.object(keys: ["layer", "anchor", "offset"])
            let name = try object.required("layer").string()
            let anchor = try object.optional("anchor")?.pair("[ax, ay]") ?? Point(0.5, 0.5)
            let offset = try object.optional("offset")?.pair("[dx, dy]") ?? .zero
            return .layer(name, anchor: anchor, offset: offset)
        default:
            throw error("expected \(expected)")
        }
    }

    /// A pressure: a number from 0 to 1 or a `[from, to]` ramp.
    func pressure() throws(InputScriptError) -> ScriptPressure {
        if case .number = node.value { return .constant(try unitNumber()) }
        guard let elements, elements.count == 2 else {
            throw error("expected a number from 0 to 1 or a [from, to] ramp")
        }
        return .ramp(from: try elements[0].unitNumber(), to: try elements[1].unitNumber())
    }

    /// A pointer kind: "mouse", "pen", "eraser" or "touch".
    func pointer() throws(InputScriptError) -> PointerDevice {
        let name = try string()
        guard let device = PointerDevice(rawValue: name) else {
            throw error("unknown pointer \"\(name)\" (expected mouse, pen, eraser or touch)")
        }
        return device
    }

    /// A timing curve's name.
    func curve() throws(InputScriptError) -> ScriptCurve {
        let name = try string()
        if name == "easeInEaseOut" { return .easeInOut }
        guard let curve = ScriptCurve(rawValue: name) else {
            let names = ScriptCurve.allCases.map(\.rawValue)
            throw error("unknown curve \"\(name)\" (expected \(Self.list(names)))")
        }
        return curve
    }

    /// A key with modifiers, "ctrl+z".
    func key() throws(InputScriptError) -> KeyPress {
        let text = try string()
        guard let key = KeyPress(parsing: text), Self.isKnownKey(key.key) else {
            throw error("unknown key \"\(text)\" (expected a name like \"ctrl+z\", \"escape\" or \"f1\")")
        }
        return key
    }

    /// Named keys as the platform layer reports them (SDL's names, lowercased, no spaces).
    static let namedKeys: Set<String> = [
        "escape", "return", "space", "tab", "backspace", "delete", "insert",
        "up", "down", "left", "right", "home", "end", "pageup", "pagedown",
    ]

    /// Letters, digits, punctuation, F-keys and `namedKeys`.
    static func isKnownKey(_ key: String) -> Bool {
        if namedKeys.contains(key) { return true }
        if key.count == 1, let c = key.first {
            return c.isASCII && (c.isLetter || c.isNumber || c.isPunctuation || c.isSymbol)
        }
        let digits = key.dropFirst()
        if key.hasPrefix("f"), digits.allSatisfy({ ("0"..."9").contains($0) }), let n = Int(digits) {
            return (1...24).contains(n)
        }
        return false
    }
}
