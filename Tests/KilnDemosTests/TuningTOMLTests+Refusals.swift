@_spi(Fuzzing) import KilnCore
import Testing

extension TuningTOMLTests {
    struct Refusal: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var text: String
        var line: Int
        /// `nil` for valid TOML that a tuning has no use for: those name the key instead.
        var column: Int?
        var message: String
    }

    static func refusal(_ what: String, _ text: String, _ line: Int, _ column: Int?, _ message: String) -> Refusal {
        Refusal(testDescription: what, text: text, line: line, column: column, message: message)
    }

    static let refusals: [Refusal] = [
        refusal("arrays nested past the limit", "x = " + String(repeating: "[", count: 40), 1, 37,
                "nested more than 32 deep"),
        refusal("inline tables nested past the limit", "x = " + String(repeating: "{ a = ", count: 40), 1, 197,
                "nested more than 32 deep"),
        refusal("a key of too many parts", (0..<40).map { "k\($0)" }.joined(separator: ".") + " = 1", 1, 119,
                "more than 32 dotted parts"),
        refusal("a table name of too many parts", "[" + (0..<40).map { "t\($0)" }.joined(separator: ".") + "]", 1, 120,
                "more than 32 dotted parts"),
        refusal("a table name and a key of too many parts together",
                "[" + (0..<30).map { "t\($0)" }.joined(separator: ".") + "]\na.b.c = 1", 2, 1,
                "more than 32 dotted parts with its table's"),
        refusal("a fraction without its integer part", "x = .5", 1, 5, "a digit before its \".\""),
        refusal("a point without a fraction", "x = 5.", 1, 6, "a digit after its \".\""),
        refusal("a leading zero", "x = 012", 1, 5, "cannot start with 0"),
        refusal("a hexadecimal float", "x = 0x1p3", 1, 8, "no hexadecimal floats"),
        refusal("two underscores in a row", "x = 1__0", 1, 6, "between two digits"),
        refusal("a leading underscore", "x = _1", 1, 5, "between two digits"),
        refusal("a trailing underscore", "x = 1_", 1, 6, "between two digits"),
        refusal("an underscore before the point", "x = 1_.5", 1, 6, "between two digits"),
        refusal("a signed hexadecimal", "x = +0x1", 1, 5, "takes no sign"),
        refusal("a binary digit past 1", "x = 0b102", 1, 9, "\"2\" is not a binary digit"),
        refusal("an exponent without digits", "x = 1e", 1, 6, "an exponent needs digits"),
        refusal("two points", "x = 1.5.2", 1, 8, "\".\" does not belong in a number"),
        refusal("an integer past 64 bits", "x = 9223372036854775808", 1, 5, "too large for a 64-bit integer"),
        refusal("an unknown escape", #"s = "\x41""#, 1, 6, "unknown escape \\x"),
        refusal("a surrogate escape", #"s = "\uD800""#, 1, 6, "not a Unicode character"),
        refusal("an escape past U+10FFFF", #"s = "\U00110000""#, 1, 6, "not a Unicode character"),
        refusal("a short \\u escape", #"s = "\u12""#, 1, 6, "takes 4 hex digits"),
        refusal("a backslash with spaces inside a line", "s = \"\"\"a \\ b\"\"\"", 1, 10, "must end its line"),
        refusal("a basic string left open", "x = 1\ns = \"open", 2, 5, "not closed with \" on its line"),
        refusal("a literal string left open", "s = 'open\n", 1, 5, "not closed with ' on its line"),
        refusal("a multi-line string left open", "s = \"\"\"\nopen\n", 1, 5, "not closed with \"\"\""),
        refusal("six quotes closing a multi-line string", "s = \"\"\"a\"\"\"\"\"\"", 1, 14, "too many"),
        refusal("a control character in a string", "s = \"a\u{1}b\"", 1, 7, "control character U+0001"),
        refusal("a delete character in a literal string", "s = 'a\u{7F}'", 1, 7, "control character U+007F"),
        refusal("a control character in a comment", "x = 1 # a\u{0}", 1, 10, "control character U+0000 in a comment"),
        refusal("a misspelt boolean", "x = tru", 1, 5, "found tru"),
        refusal("a capitalised boolean", "x = TRUE", 1, 5, "found TRUE"),
        refusal("a table defined twice", "[t]\nx = 1\n[t]", 3, 1, "[t] is defined twice"),
        refusal("a table over a key", "t = 1\n[t]", 2, 1, "t is already a value"),
        refusal("a table inside a key", "[t]\nx = 1\n[t.x]", 3, 1, "t.x is already a value"),
        refusal("a header for a table made by dotted keys", "a.b = 1\n[a]", 2, 1, "made by dotted keys"),
        refusal("dotted keys adding to a table with a header", "[a.b]\n[a]\nb.c = 1", 3, 1, "[a.b] table"),
        refusal("a dotted key inside a value", "a = 1\na.b = 2", 2, 1, "a is already a value"),
        refusal("a lone carriage return", "a = 1\rb = 2", 1, 6, "carriage return"),
        refusal("a missing =", "a 1", 1, 3, "expected = after the key \"a\""),
        refusal("a bare key with an accent", "ké = 1", 1, 2, "found \"é\""),
        refusal("a bare key with a dollar", "$x = 1", 1, 1, "expected a key, found \"$\""),
        refusal("an empty table name", "[]", 1, 2, "expected a key, found \"]\""),
        refusal("a key after a table name", "[a] b = 1", 1, 5, "after the table name"),
        refusal("a comma after a value", "x = 1,", 1, 6, "unexpected \",\""),
        refusal("a trailing comma in an inline table", "s = { a = 1, }", 1, 14, "expected a key, found \"}\""),
        refusal("an inline table over two lines", "s = { a = 1,\nb = 2 }", 1, 13, "before the end of the line"),
        refusal("a key set twice in an inline table", "s = { a = 1, a = 2 }", 1, 14, "a is set twice"),
        refusal("a date", "x = 1979-05-27", 1, nil, "x: a date or time has no meaning in a tuning file"),
        refusal("a local time", "[t]\nx = 07:32:00", 2, nil, "t.x: a date or time has no meaning"),
        refusal("a date and time with a space", "x = 1979-05-27 07:32:00Z # when", 1, nil, "a date or time"),
        refusal("an offset date-time", "x = 1979-05-27T00:32:00.999-07:00", 1, nil, "a date or time"),
        refusal("a date in an array", "x = [1, 1979-05-27]", 1, nil, "x: a date or time"),
        refusal("an array of tables", "x = 1\n[[a.b]]", 2, nil, "a.b: arrays of tables ([[…]]) have no meaning"),
    ]

    @Test("What TOML forbids is refused with its line and column; what a tuning cannot use, with its key",
          arguments: refusals)
    func refusesInvalidTOML(_ bad: Refusal) {
        #expect {
            _ = try TuningParser.parse(bad.text, file: "t.toml")
        } throws: { error in
            guard let error = error as? TuningError else { return false }
            let place = bad.column.map { "\(bad.line):\($0)" } ?? "\(bad.line)"
            return error.line == bad.line && error.column == bad.column && error.message.contains(bad.message)
                && error.description.hasPrefix("t.toml:\(place): ")
        }
    }
}
