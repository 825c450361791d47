import Foundation
@_spi(Fuzzing) import KilnCore
import KilnTestSupport
import Testing

/// What every rewrite must keep: the text around the changed value, and every other value.
enum RewriteExpectations {
    /// `new` is `old` with the scalars in `span` (of `old`) replaced, and nothing else changed.
    static func onlySpanChanged(old: String, new: String, span: Range<Int>, what: String,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = Array(old.unicodeScalars), after = Array(new.unicodeScalars)
        let suffix = before.count - span.upperBound
        let kept = after.count >= span.lowerBound + suffix
            && after[..<span.lowerBound] == before[..<span.lowerBound]
            && after[(after.count - suffix)...] == before[span.upperBound...]
        #expect(kept, "\(what): text outside the value changed:\n\(new)", sourceLocation: sourceLocation)
    }

    /// `new` is `old` with text inserted at one place.
    static func onlyInserted(old: String, new: String, what: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let before = Array(old.unicodeScalars), after = Array(new.unicodeScalars)
        var prefix = 0
        while prefix < before.count, prefix < after.count, before[prefix] == after[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < before.count - prefix, suffix < after.count - prefix,
              before[before.count - 1 - suffix] == after[after.count - 1 - suffix] { suffix += 1 }
        let isInsertion = prefix + suffix == before.count
        #expect(isInsertion, "\(what): more than an insertion:\n\(new)", sourceLocation: sourceLocation)
        return isInsertion ? String(String.UnicodeScalarView(after[prefix..<(after.count - suffix)])) : nil
    }

    /// The project's parser reads `value` at `key` in `new`, and every other entry as in `old`.
    static func readsBack(old: [TuningEntry], new: String, key: String, value: TuningValue,
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
        let after = try TuningParser.parse(new, file: "new.toml")
        #expect(after.first { $0.key == key }?.value == value, "\(key) reads back", sourceLocation: sourceLocation)
        let others = { (entries: [TuningEntry]) in entries.filter { $0.key != key }.map { "\($0.key) = \($0.value)" } }
        #expect(others(after) == others(old), "the other values of \(key)'s file", sourceLocation: sourceLocation)
    }
}

/// The same checks through Python's `tomllib`, a TOML reader that is not Kiln's: it reads
/// the new value at its key, and every other value as in the old text.
enum TOMLLibCheck {
    /// One rewrite to check.
    struct Case {
        var name: String
        var old: String
        var new: String
        /// A field key: bare parts joined by dots.
        var key: String
        var expected: TuningValue
    }

    static let script = #"""
    import json, sys, tomllib
    failures = []
    for case in json.load(open(sys.argv[1], encoding="utf-8")):
        try:
            old, new = tomllib.loads(case["old"]), tomllib.loads(case["new"])
        except tomllib.TOMLDecodeError as error:
            failures.append(f"{case['name']}: tomllib refuses a text: {error}")
            continue
        *tables, leaf = case["key"].split(".")
        def take(doc):
            chain = [doc]
            for table in tables:
                chain.append(chain[-1].get(table, {}))
            value = chain[-1].pop(leaf, None)
            for parent, table, child in reversed(list(zip(chain, tables, chain[1:]))):
                if child == {} and table in parent:
                    del parent[table]
            return value
        got = take(new)
        take(old)
        if got != case["expected"]:
            failures.append(f"{case['name']}: tomllib reads {got!r}, not {case['expected']!r}")
        if old != new:
            failures.append(f"{case['name']}: tomllib reads other values differently")
    print("\n".join(failures))
    sys.exit(1 if failures else 0)
    """#

    /// Runs the cases through tomllib; skipped, with the reason said, only where python3 is absent.
    static func run(_ cases: [Case], sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard !cases.isEmpty else { return }
        guard let python = ExternalCommand.locate("python3") else {
            print("tomllib checks skipped: python3 is not installed")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-tomllib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("cases.json")
        let scriptFile = folder.appendingPathComponent("check.py")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)
        let json: [[String: Any]] = cases.map {
            ["name": $0.name, "old": $0.old, "new": $0.new, "key": $0.key, "expected": jsonValue($0.expected)]
        }
        try JSONSerialization.data(withJSONObject: json).write(to: manifest)

        let result = try ExternalCommand.run(python, [scriptFile.path, manifest.path], timeout: 120, allowFailure: true)

        #expect(result.status == 0, "\(result.text)\(result.stderr)", sourceLocation: sourceLocation)
    }

    private static func jsonValue(_ value: TuningValue) -> Any {
        switch value {
        case .number(let n): n
        case .bool(let b): b
        case .string(let s): s
        case .array(let items): items.map(jsonValue)
        case .table(let members): Dictionary(uniqueKeysWithValues: members.map { ($0.key, jsonValue($0.value)) })
        }
    }
}
