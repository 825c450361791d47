/// Writes changed values into a tuning file's text and leaves the rest of it as it was,
/// byte for byte: comments, order, blank lines, indentation, quoting and line endings.
///
/// Use it to save values tweaked while a scene runs, or to set them from a script. A value
/// already in the file has only its own text replaced (a spring's one changed number, when
/// only one changed). A value not in the file is added under its table, after the table's
/// last value, with the field's description as a comment above it; a table the file lacks is
/// added at its end. Every value is checked against its field first, and nothing is written
/// when any change is refused.
///
/// ```swift
/// let writer = TuningWriter(profile: .of(CardTuning.self))
/// let saved = try writer.apply([.set("card.lift_scale", to: 1.3)], to: text)
/// try saved.text.write(toFile: path, atomically: true, encoding: .utf8)
/// ```
public struct TuningWriter: Sendable {
    /// The fields the file may set.
    public let profile: TuningProfile

    /// A writer for files of the tuning `profile` describes.
    public init(profile: TuningProfile) {
        self.profile = profile
    }

    /// A file's new text and what changed in it.
    public struct Rewrite: Equatable, Sendable {
        /// The whole new text.
        public var text: String
        /// Each change as said to a person: `swipe.action_threshold = 72 (was 60)`.
        public var summary: [String]
    }

    /// `text` (a tuning file's, possibly empty) with each change made in turn.
    ///
    /// - Throws: ``TuningWriteError/invalidChange(key:message:)`` naming the first change
    ///   refused and what its field accepts, or ``TuningWriteError/unreadableFile(_:)`` when
    ///   `text` is not a tuning file; `file` names it in that error.
    public func apply(_ changes: [TuningChange], to text: String,
                      file: String = "tuning.toml") throws(TuningWriteError) -> Rewrite {
        var rewrite = Rewrite(text: text, summary: [])
        for change in changes {
            let document: TuningDocument
            do throws(TuningError) {
                document = try TuningDocument(rewrite.text, file: file)
            } catch {
                throw .unreadableFile(error)
            }
            let (newText, said) = try apply(change, to: document)
            rewrite.text = newText
            rewrite.summary.append(said)
        }
        return rewrite
    }

    /// One change made to `document`: the new text and what it did.
    private func apply(_ change: TuningChange, to document: TuningDocument) throws(TuningWriteError) -> (String, String) {
        let target = try target(of: change.key)
        let entry = entries(document.layout.lines.map(\.entry)).first { $0.key == target.field.key }
        let present = entry.map(\.value)
        let value = try newValue(change, for: target, present: present)
        try check(value, for: target.field)
        let edits: [(range: Range<Int>, text: String)]
        if let entry, let present {
            edits = replacements(of: present, by: value, at: entry.key, in: document)
        } else if let inline = member(of: value, for: target.field, in: document) {
            edits = [inline]
        } else {
            edits = [insertion(of: value, for: target.field, into: document)]
        }
        let text = document.applying(edits)
        try confirm(text, holds: value, for: target.field)
        return (text, Self.phrase(change, target: target, value: value, present: present))
    }

    /// The file's entries as the fields' values: the members of an inline table that is no
    /// field's value are entries of their own, as the tuning reader takes them.
    func entries(_ entries: [TuningEntry]) -> [TuningEntry] {
        let keys = Set(profile.fields.map(\.key))
        return entries.flatMap { $0.spread(keeping: keys) }
    }

    /// "swipe.return_spring.response = 0.5 (was 0.38)", "menu.width = 276 (default; was 300)".
    private static func phrase(_ change: TuningChange, target: Target, value: TuningValue, present: TuningValue?) -> String {
        func part(_ value: TuningValue?) -> TuningValue? {
            guard let member = target.member else { return value }
            guard case .table(let members)? = value else { return nil }
            return members.first { $0.key == member }?.value
        }
        let key = target.member.map { target.field.key + "." + $0 } ?? target.field.key
        let now = part(value).map(\.description) ?? value.description
        let before = part(present).map { "was \($0)" } ?? "added"
        return change.action == .reset ? "\(key) = \(now) (default; \(before))" : "\(key) = \(now) (\(before))"
    }

    /// Reads the new text back and makes sure it says what was meant: the writer never
    /// leaves text that the tuning reader refuses or reads otherwise.
    private func confirm(_ text: String, holds value: TuningValue, for field: TuningProfile.Field) throws(TuningWriteError) {
        let written: TuningValue?
        do throws(TuningError) {
            written = try entries(TuningParser.parse(text, file: "")).first { $0.key == field.key }?.value
        } catch {
            throw .invalidChange(key: field.key, message: "cannot be written into this file (\(error.message))")
        }
        guard written == value else {
            throw .invalidChange(key: field.key, message: "cannot be written into this file as it is laid out")
        }
    }
}
