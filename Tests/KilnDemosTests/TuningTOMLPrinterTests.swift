import Foundation
@_spi(Fuzzing) import KilnCore
import KilnTestSupport
import MailboxDemo
import Testing

/// Entries print back as TOML (`tomlText`) that reads as the same keys and values: what the
/// tuning fuzz target checks on every file it makes, here on the cases that need care.
@Suite("Tuning entries print back as TOML (X4)")
struct TuningTOMLPrinterTests {
    static let files: [String] = [
        "a = 1\nb = -2.5\nc = 1e300\nd = 5e-324\ne = -0.0",
        "big = 9223372036854775807\nsmall = -9_223_372_036_854_775_808",
        "s = \"\\b\\t\\n\\f\\r\\\"\\\\ \\u0001 \\u007F \\U0001F600 é\"",
        "s = '''\nline one\n  line two\n'''",
        "[t . \"u v\"]\nk = 'x'\n\"\" = 1\n\"é\" = 2",
        "\"a.b\" = 1\na.b = 2\na.\"b.c\" = 3",
        "nested = [[1, 2], [], ['a', [true]]]",
        "t = { \"a b\" = 1, c.d = { e = [1] }, \"f.g\" = 2, \"\" = {} }",
        "n = nan\np = +inf\nm = -inf",
    ]

    @Test("A file with tricky keys, strings and numbers prints as TOML that reads back the same", arguments: files)
    func printsAndReadsBack(_ text: String) throws {
        let entries = try TuningParser.parse(text, file: "t.toml")

        let again = try TuningParser.parse(entries.tomlText, file: "printed.toml")

        #expect(again.map(\.key) == entries.map(\.key))
        // nan is never equal to itself, so the file with nans is compared by its printed values.
        if text.contains("nan") {
            #expect(again.map(\.value.description) == entries.map(\.value.description))
        } else {
            #expect(again.map(\.value) == entries.map(\.value))
        }
        #expect(again.tomlText == entries.tomlText)
    }

    @Test("Control characters print as escapes, since TOML forbids them raw in a string")
    func controlCharactersAreEscaped() {
        let printed = TuningValue.string("a\u{1}b\u{7F}c\u{8}").description

        #expect(printed == #""a\u0001b\u007Fc\b""#)
    }

    @Test("A quoted key keeps its quotes, so a key with a dot in it is not a key in a table")
    func quotedKeysStayApart() throws {
        let entries = try TuningParser.parse("\"a.b\" = 1\na.b = 2\n'x y' = 3", file: "t.toml")

        #expect(entries.map(\.key) == ["\"a.b\"", "a.b", "\"x y\""])
    }

    @Test("A top-level key named like a field, dot and all, is not that field: it is ignored with a warning")
    func quotedDottedKeyIsNotAField() throws {
        let quoted = TuningSource(name: "t.toml", text: "\"swipe.action_threshold\" = 99")
        let table = TuningSource(name: "t.toml", text: "[swipe]\naction_threshold = 99")

        let ignored = try MailboxTuning.resolve([quoted])
        let applied = try MailboxTuning.resolve([table])

        #expect(ignored.origins["swipe.action_threshold"] == "default")
        #expect(ignored.warnings.count == 1)
        #expect(applied.origins["swipe.action_threshold"] == "t.toml:2")
    }

    @Test("Every shipped tuning file prints back to the same entries")
    func shippedFilesPrintBack() throws {
        for scene in ["laser", "mailbox", "pressure"] {
            let url = ProjectFiles.root.appendingPathComponent("Resources/Tuning/\(scene).toml")
            let entries = try TuningParser.parse(try String(contentsOf: url, encoding: .utf8), file: "\(scene).toml")

            let again = try TuningParser.parse(entries.tomlText, file: "printed.toml")

            #expect(again.map(\.key) == entries.map(\.key), "\(scene)")
            #expect(again.map(\.value) == entries.map(\.value), "\(scene)")
        }
    }
}
