// Which field a change names, the value it asks for, and whether the field takes it.
extension TuningWriter {
    /// A field, and for a spring one of its numbers.
    struct Target {
        var field: TuningProfile.Field
        var member: String?
    }

    /// The field `key` names: a field's key, or a spring's key and one of its numbers.
    func target(of written: String) throws(TuningWriteError) -> Target {
        let key = Self.canonical(written)
        if let field = profile.fields.first(where: { $0.key == key }) { return Target(field: field) }
        let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.count > 2, let member = parts.last, let spring = profile.fields.first(where: {
            $0.key == parts.dropLast().joined(separator: ".") && $0.kind == .spring
        }) {
            guard TuningFieldKind.springKeys.contains(member) else {
                throw .invalidChange(key: key, message: "a spring has damping_ratio and response, not \(member)")
            }
            return Target(field: spring, member: member)
        }
        throw .invalidChange(key: key, message: unknown(parts))
    }

    /// A key as the tuning reader names it: `"swipe".action_threshold` and
    /// `swipe."action_threshold"` are `swipe.action_threshold`, as in TOML; text that is
    /// no TOML key is left as written.
    static func canonical(_ key: String) -> String {
        guard let entries = try? TuningParser.parse(key + " = 0", file: ""), entries.count == 1 else { return key }
        return entries[0].key
    }

    /// Why `parts` names no field, with what there is instead.
    private func unknown(_ parts: [String]) -> String {
        let tables = profile.fields.map { $0.key.split(separator: ".").dropLast().joined(separator: ".") }
        var seen = Set<String>()
        let tableNames = tables.filter { seen.insert($0).inserted }
        let table = parts.dropLast().joined(separator: ".")
        guard parts.count > 1, tableNames.contains(table) else {
            return "unknown table \(parts.count > 1 ? table : parts[0]); the tables are \(tableNames.joined(separator: ", "))"
        }
        let keys = profile.fields.filter { $0.key.hasPrefix(table + ".") }.map { String($0.key.dropFirst(table.count + 1)) }
        return "unknown key \(parts.last!) in [\(table)]; it has \(keys.joined(separator: ", "))"
    }

    /// The whole new value of the target's field; `present` is the file's value, if any.
    func newValue(_ change: TuningChange, for target: Target, present: TuningValue?) throws(TuningWriteError) -> TuningValue {
        let key = change.key
        var value: TuningValue
        switch change.action {
        case .set(let given): value = given
        case .setTOML(let text): value = try Self.value(ofTOML: text, key: key)
        case .reset:
            value = target.field.defaultValue
            if let member = target.member { value = Self.member(member, of: value) ?? value }
        }
        guard let member = target.member else { return value }
        guard case .number(let n) = value else {
            throw .invalidChange(key: key, message: "expected a number, found \(value.kindDescription)")
        }
        let range = member == "response" ? TuningFieldKind.responseRange : TuningFieldKind.dampingRatioRange
        guard range.contains(n) else {
            throw .invalidChange(key: key, message: "\(value) is out of range \(TuningFieldKind.text(range))\(member == "response" ? " s" : "")")
        }
        // The other number stays as the file has it, or takes its default when the file has no spring.
        var base = target.field.defaultValue
        if case .table(let members)? = present, TuningFieldKind.springKeys.allSatisfy({ key in members.contains { $0.key == key } }) {
            base = .table(members)
        }
        guard case .table(var members) = base else { return value }
        for index in members.indices where members[index].key == member { members[index].value = value }
        return .table(members)
    }

    private static func member(_ key: String, of value: TuningValue) -> TuningValue? {
        guard case .table(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A value written as TOML on its own: `0.3`, `"#FF0000"`, `{ damping_ratio = 0.8, response = 0.4 }`.
    static func value(ofTOML text: String, key: String) throws(TuningWriteError) -> TuningValue {
        let entries: [TuningEntry]
        do throws(TuningError) {
            // Under the change's own key (a field's, so bare), which the parser's messages then name.
            entries = try TuningParser.parse(key + " = " + text, file: "")
        } catch {
            throw .invalidChange(key: key, message: "\(text.isEmpty ? "nothing" : text) is not a TOML value: \(error.message)")
        }
        guard entries.count == 1, let entry = entries.first else {
            throw .invalidChange(key: key, message: "\(text) is not one TOML value")
        }
        return entry.value
    }

    /// Says what `field` accepts when `value` is not it; nothing when it is.
    func check(_ value: TuningValue, for field: TuningProfile.Field) throws(TuningWriteError) {
        if let problem = Self.problem(with: value, kind: field.kind) ?? field.check(value) {
            throw .invalidChange(key: field.key, message: problem)
        }
    }

    /// The kind's own checks, which name the range: the field's own check follows them.
    private static func problem(with value: TuningValue, kind: TuningFieldKind) -> String? {
        let expected = "expected \(kind.expectation), found \(value.kindDescription)"
        switch (kind, value) {
        case (.number(let range), .number(let n)):
            return range.contains(n) ? nil : "\(value) is out of range \(TuningFieldKind.text(range))"
        case (.integer(let range), .number(let n)):
            guard n == n.rounded() else { return "expected a whole number in \(range.lowerBound)…\(range.upperBound), found \(value)" }
            return n >= Double(range.lowerBound) && n <= Double(range.upperBound)
                ? nil : "\(value) is out of range \(range.lowerBound)…\(range.upperBound)"
        case (.bool, .bool), (.color, .string), (.colors, .array): return nil
        case (.choice(let options), .string(let text)):
            return options.contains(text) ? nil : "\"\(text)\" is not \(kind.expectation)"
        case (.spring, .table(let members)):
            for member in members {
                guard TuningFieldKind.springKeys.contains(member.key) else { return "a spring has damping_ratio and response, not \(member.key)" }
                guard case .number(let n) = member.value else { return "\(member.key) must be a number" }
                let (range, unit) = member.key == "response" ? (TuningFieldKind.responseRange, " s") : (TuningFieldKind.dampingRatioRange, "")
                guard range.contains(n) else { return "\(member.key) \(member.value) is out of range \(TuningFieldKind.text(range))\(unit)" }
            }
            return nil
        default: return expected
        }
    }
}
