/// What a tuning file has defined at each key path, to hold it to TOML's rule that
/// nothing is defined twice: a key is set once, a `[table]` is opened once, a value is
/// never also a table, and dotted keys do not add to a table that has a header of its own.
struct TuningDefinitions {
    enum Kind {
        /// A key's value (inline tables included: they are closed once written).
        case value
        /// Opened by its own `[header]`.
        case header
        /// Named only as part of a longer header: `a` in `[a.b]`.
        case implicit
        /// Made by a dotted key: `a` in `a.b = 1`.
        case dotted
    }

    private var kinds: [[String]: Kind] = [:]

    /// `[path]`: a problem in words, or nil when it may be opened.
    mutating func setTable(_ path: [String]) -> String? {
        let name = TOMLText.key(path)
        for end in 1..<path.count {
            let prefix = Array(path[..<end])
            if kinds[prefix] == .value { return "\(TOMLText.key(prefix)) is a value, so [\(name)] cannot be a table in it" }
            if kinds[prefix] == nil { kinds[prefix] = .implicit }
        }
        switch kinds[path] {
        case .header?: return "the table [\(name)] is defined twice"
        case .value?: return "\(name) is already a value, so it cannot also be the table [\(name)]"
        case .dotted?: return "the table \(name) was made by dotted keys, so it cannot have a [\(name)] header too"
        case .implicit?, nil:
            kinds[path] = .header
            return nil
        }
    }

    /// `path = value` written under a table whose name is the first `tableDepth` parts.
    mutating func setValue(_ path: [String], inTable tableDepth: Int) -> String? {
        let name = TOMLText.key(path)
        for end in (tableDepth + 1)..<max(tableDepth + 1, path.count) {
            let prefix = Array(path[..<end])
            let prefixName = TOMLText.key(prefix)
            switch kinds[prefix] {
            case .value?: return "\(prefixName) is already a value, so \(name) cannot be set in it"
            case .header?: return "\(prefixName) is a [\(prefixName)] table, so set \(name) under that header"
            case .implicit?, .dotted?, nil: kinds[prefix] = .dotted
            }
        }
        guard kinds[path] == nil else {
            return kinds[path] == .value ? "\(name) is set twice" : "\(name) is already a table, so it cannot be set to a value"
        }
        kinds[path] = .value
        return nil
    }
}
