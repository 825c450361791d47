
/// A tuning file's text and the name its messages use.
public struct TuningSource: Equatable, Sendable {
    /// As messages and origins name it: "~/.config/kiln/mailbox.toml", "--tuning try.toml".
    public var name: String
    /// The file's text.
    public var text: String

    /// A source called `name` in messages, holding `text`.
    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}

/// A scene's tuning: a struct of every value its behaviour (docs/behaviour.md) depends on,
/// with defaults, readable from files. What each value means is written once, in `fields`,
/// which also writes the shipped file (`kiln tuning SCENE --defaults`).
public protocol SceneTuning: Sendable {
    /// The defaults.
    init()
    /// Every value a file may set, in the order the file lists them.
    static var fields: [TuningField<Self>] { get }
    /// The first comment line of the file: what it tunes.
    static var title: String { get }
}

/// Values resolved from the defaults and a list of files, later files winning.
public struct ResolvedTuning<Tuning: SceneTuning>: Sendable {
    /// The tuning with every source applied.
    public var value: Tuning
    /// For each key, where its value came from: "default" or "FILE:LINE".
    public var origins: [String: String]
    /// Keys the scene does not know: not a failure, but said.
    public var warnings: [String]
}

extension SceneTuning {
    /// The defaults with each source applied in turn. Any wrong value fails the whole
    /// resolution (the caller keeps its last good values); unknown keys are warnings.
    public static func resolve(_ sources: [TuningSource]) throws(TuningError) -> ResolvedTuning<Self> {
        var value = Self()
        var origins = Dictionary(uniqueKeysWithValues: fields.map { ($0.key, "default") })
        var warnings: [String] = []
        let keys = Set(fields.map(\.key))
        for source in sources {
            for entry in try TuningParser.parse(source.text, file: source.name).flatMap({ $0.spread(keeping: keys) }) {
                guard let field = fields.first(where: { $0.key == entry.key }) else {
                    warnings.append("\(source.name):\(entry.line): unknown key \(entry.key), ignored\(suggestion(for: entry.key))"
                                        .printable)
                    continue
                }
                if let problem = field.write(&value, entry.value) {
                    throw TuningError(file: source.name, line: entry.line, message: "\(entry.key): \(problem)")
                }
                origins[entry.key] = "\(source.name):\(entry.line)"
            }
        }
        return ResolvedTuning(value: value, origins: origins, warnings: warnings)
    }

    /// "; did you mean swipe.action_threshold?" for a near miss.
    private static func suggestion(for key: String) -> String {
        let leaf = key.split(separator: ".").last.map(String.init) ?? key
        let near = fields.first { $0.key.hasSuffix("." + leaf) || $0.key == leaf }
        return near.map { "; did you mean \($0.key)?" } ?? ""
    }

    /// The tuning as a commented file: every field under its table, with its help above it
    /// and, when `origins` are given, where its value came from beside it. `ofPrototype`
    /// heads it as a prototype folder's own `tuning.toml` rather than a copy for the user's
    /// config folder.
    public static func fileText(_ tuning: Self, origins: [String: String]? = nil, ofPrototype: Bool = false) -> String {
        let home = ofPrototype
            ? ["# Every value the scene uses: the prototype's tuning.toml, in its folder. kiln dev",
               "# reloads it within half a second of a save; --tuning FILE goes over it."]
            : ["# Every value the scene uses. Save a copy as ~/.config/kiln/<scene>.toml or pass",
               "# --tuning FILE: the running app reloads it within half a second of a save."]
        var lines = ["# \(title)", "#"] + home + [
                     "# Colours are \"#RRGGBB\" or \"#RRGGBBAA\"; springs take a damping ratio (1: no",
                     "# overshoot) and a response (the undamped period, in seconds)."]
        var table: String?
        for field in fields {
            let parts = field.key.split(separator: ".")
            let section = parts.dropLast().joined(separator: ".")
            if section != table {
                table = section
                lines += ["", "[\(section)]"]
            }
            lines += field.help.split(separator: "\n").map { "# \($0)" }
            var line = "\(parts.last!) = \(field.read(tuning))"
            if let origin = origins?[field.key] { line += "    # \(origin)" }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A scene's tuning with its type erased, for the catalogue and the command line.
public struct TuningProfile: Sendable {
    /// Checks sources; returns their warnings, throws the first error.
    package let check: @Sendable ([TuningSource]) throws(TuningError) -> [String]
    /// The effective tuning as a file, each value with its origin.
    package let describe: @Sendable ([TuningSource]) throws(TuningError) -> String
    /// The defaults as the shipped file has them.
    package let defaultsText: @Sendable () -> String
    /// The defaults as a prototype folder's own `tuning.toml` has them.
    package let prototypeDefaultsText: @Sendable () -> String
    /// Every field, in the order the file lists them.
    public let fields: [Field]
    /// Each field's value with the sources applied over the defaults.
    package let values: @Sendable ([TuningSource]) throws(TuningError) -> [String: TuningValue]

    /// The profile of a tuning type.
    public static func of<Tuning: SceneTuning>(_ type: Tuning.Type) -> TuningProfile {
        TuningProfile(
            check: { sources throws(TuningError) in try Tuning.resolve(sources).warnings },
            describe: { sources throws(TuningError) in
                let resolved = try Tuning.resolve(sources)
                return Tuning.fileText(resolved.value, origins: resolved.origins)
            },
            defaultsText: { Tuning.fileText(Tuning()) },
            prototypeDefaultsText: { Tuning.fileText(Tuning(), ofPrototype: true) },
            fields: Tuning.fields.map(Field.init),
            values: { sources throws(TuningError) in
                let resolved = try Tuning.resolve(sources).value
                return Dictionary(uniqueKeysWithValues: Tuning.fields.map { ($0.key, $0.read(resolved)) })
            })
    }
}
