@_spi(Fuzzing) import KilnCore
import MailboxDemo
import Testing

/// Tuning files are TOML 1.0: what any TOML reader takes, Kiln reads the same; what TOML
/// forbids, Kiln refuses with its line and column. The cases follow the kinds that the
/// public toml-test suite covers for strings, numbers, booleans, keys, tables and comments.
@Suite("Tuning files read as TOML 1.0 (X4)")
struct TuningTOMLTests {
    struct Reads: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var text: String
        var key: String
        var value: TuningValue
    }

    static let reads: [Reads] = [
        Reads(testDescription: "every basic-string escape", text: #"s = "\b\t\n\f\r\"\\\u00E9\U0001F600""#,
              key: "s", value: .string("\u{8}\t\n\u{C}\r\"\\é😀")),
        Reads(testDescription: "a literal string keeps backslashes", text: #"s = 'C:\Users\nope'"#,
              key: "s", value: .string(#"C:\Users\nope"#)),
        Reads(testDescription: "a multi-line string drops the newline after its opening",
              text: "s = \"\"\"\nfirst\nsecond\"\"\"", key: "s", value: .string("first\nsecond")),
        Reads(testDescription: "a backslash at a line's end joins the lines",
              text: "s = \"\"\"\none \\\n    \n   two\"\"\"", key: "s", value: .string("one two")),
        Reads(testDescription: "a multi-line literal string has no escapes",
              text: "s = '''\nraw \\n\n'''", key: "s", value: .string("raw \\n\n")),
        Reads(testDescription: "a multi-line string may end in its own quotes",
              text: "s = \"\"\"say \"hi\"\"\"\"\"", key: "s", value: .string("say \"hi\"\"")),
        Reads(testDescription: "CRLF inside a multi-line string is a newline",
              text: "s = '''\r\na\r\nb'''\r\n", key: "s", value: .string("a\nb")),
        Reads(testDescription: "underscores between digits", text: "n = 1_000_000", key: "n", value: .number(1_000_000)),
        Reads(testDescription: "a plus sign", text: "n = +17", key: "n", value: .number(17)),
        Reads(testDescription: "minus zero", text: "n = -0", key: "n", value: .number(0)),
        Reads(testDescription: "hexadecimal", text: "n = 0xDEAD_beef", key: "n", value: .number(3_735_928_559)),
        Reads(testDescription: "octal", text: "n = 0o755", key: "n", value: .number(493)),
        Reads(testDescription: "binary", text: "n = 0b1101", key: "n", value: .number(13)),
        Reads(testDescription: "the largest 64-bit integer", text: "n = 9223372036854775807",
              key: "n", value: .number(9_223_372_036_854_775_807)),
        Reads(testDescription: "a float with a negative exponent", text: "f = 6.25e-3", key: "f", value: .number(0.00625)),
        Reads(testDescription: "an exponent without a fraction", text: "f = 1E6", key: "f", value: .number(1e6)),
        Reads(testDescription: "an exponent with a plus and leading zeros", text: "f = 5e+02", key: "f", value: .number(500)),
        Reads(testDescription: "underscores in a float", text: "f = -2_0.5_0", key: "f", value: .number(-20.5)),
        Reads(testDescription: "a signed infinity", text: "f = -inf", key: "f", value: .number(-.infinity)),
        Reads(testDescription: "true", text: "b = true", key: "b", value: .bool(true)),
        Reads(testDescription: "false", text: "b = false", key: "b", value: .bool(false)),
        Reads(testDescription: "a dotted key with spaces around its dots", text: "a . b\t.c = 1", key: "a.b.c", value: .number(1)),
        Reads(testDescription: "a quoted key", text: "\"with space\" = 1", key: "\"with space\"", value: .number(1)),
        Reads(testDescription: "a literal quoted key", text: "'say \"x\"' = 1\n'x y' = 2", key: #""say \"x\"""#, value: .number(1)),
        Reads(testDescription: "a quoted key that needs no quotes", text: "\"plain\" = 1", key: "plain", value: .number(1)),
        Reads(testDescription: "a bare key of digits", text: "1234 = 5", key: "1234", value: .number(5)),
        Reads(testDescription: "a table header with spaces and a quoted part", text: "[ t . \"u v\" ]\nk = 1",
              key: "t.\"u v\".k", value: .number(1)),
        Reads(testDescription: "a table named after its sub-table", text: "[a.b]\nx = 1\n[a]\ny = 2", key: "a.y", value: .number(2)),
        Reads(testDescription: "a sub-table of a table made by dotted keys",
              text: "[fruit]\napple.color = 1\n[fruit.apple.texture]\nsmooth = true", key: "fruit.apple.texture.smooth",
              value: .bool(true)),
        Reads(testDescription: "comments with tabs and accents", text: "# é\tok\nk = 1 #\tnote é", key: "k", value: .number(1)),
        Reads(testDescription: "CRLF line ends", text: "a = 1\r\nb = 2\r\n", key: "b", value: .number(2)),
        Reads(testDescription: "an array over lines with comments and a trailing comma",
              text: "a = [\n  1, # one\n  'two',\n]", key: "a", value: .array([.number(1), .string("two")])),
        Reads(testDescription: "an inline table with a dotted key", text: "t = { a.b = 1, c = \"d\" }",
              key: "t", value: .table([("a.b", .number(1)), ("c", .string("d"))])),
    ]

    @Test("Valid TOML reads as TOML has it", arguments: reads)
    func readsValidTOML(_ read: Reads) throws {
        let entries = try TuningParser.parse(read.text, file: "t.toml")

        let entry = try #require(entries.first { $0.key == read.key })
        #expect(entry.value == read.value)
    }

    @Test("Each line of a CRLF file keeps its number")
    func crlfLines() throws {
        let entries = try TuningParser.parse("a = 1\r\n\r\nb = 2\r\n", file: "t.toml")

        #expect(entries.map(\.line) == [1, 3])
    }

    @Test("nan and inf in every sign are numbers to the parser, and out of every field's range")
    func specialNumbersAreRefusedByRange() throws {
        for word in ["nan", "+nan", "-nan", "inf", "+inf", "-inf"] {
            let entries = try TuningParser.parse("x = \(word)", file: "t.toml")
            guard case .number(let n) = entries[0].value else {
                Issue.record("\(word) is not a number")
                continue
            }
            #expect(word.hasSuffix("nan") ? n.isNaN : n.isInfinite && (n < 0) == word.hasPrefix("-"))

            #expect(throws: TuningError.self) {
                _ = try MailboxTuning.resolve([TuningSource(name: "t.toml", text: "[swipe]\naction_threshold = \(word)")])
            }
        }
    }

    @Test("A shipped file with characters changed, cut or repeated either reads or is refused at a place in it")
    func mutatedFilesNeverCrash() {
        let seed = Array(MailboxTuning.fileText(MailboxTuning()).unicodeScalars)
        let alphabet = Array("\"'\\[]{}=.,#_+-0123456789eExobin \t\n\r\u{0}\u{7F}é".unicodeScalars)
        var random = SplitMix64(seed: 0x70_4D_4C)

        for _ in 0..<400 {
            var text = seed
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<text.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: text[at] = alphabet.randomElement(using: &random)!
                case 1: text.removeSubrange(at..<min(text.count, at + Int.random(in: 1...8, using: &random)))
                default: text.insert(contentsOf: text[at..<min(text.count, at + 6)], at: at)
                }
            }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count

            do {
                _ = try TuningParser.parse(String(String.UnicodeScalarView(text)), file: "m.toml")
            } catch {
                #expect((1...lines).contains(error.line ?? 0), "\(error)")
                #expect(error.column.map { $0 >= 1 } ?? true, "\(error)")
            }
        }
    }
}
