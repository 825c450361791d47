import Foundation
@_spi(Fuzzing) import KilnCore
import KilnEndToEndSupport
import Testing

/// A change the writer must refuse, and the one line it says.
struct RefusedChange: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var change: TuningChange
    var message: String
}

@Suite("The tuning writer refuses bad keys and values")
struct TuningWriterRefusalTests {
    static let refusals: [RefusedChange] = [
        RefusedChange(testDescription: "an unknown table", change: .set("nope.width", toTOML: "3"),
                      message: "nope.width: unknown table nope; the tables are swipe, colors, menu, compose, segments, shake, demo, sound"),
        RefusedChange(testDescription: "a key without a table", change: .set("width", toTOML: "3"),
                      message: "width: unknown table width; the tables are swipe, colors, menu, compose, segments, shake, demo, sound"),
        RefusedChange(testDescription: "an unknown field", change: .set("menu.height", toTOML: "3"),
                      message: "menu.height: unknown key height in [menu]; it has width, spring"),
        RefusedChange(testDescription: "a string for a number", change: .set("swipe.action_threshold", toTOML: "\"wide\""),
                      message: "swipe.action_threshold: expected a number in 1…2000, found a string"),
        RefusedChange(testDescription: "a number past the range", change: .set("swipe.action_threshold", toTOML: "9000"),
                      message: "swipe.action_threshold: 9000 is out of range 1…2000"),
        RefusedChange(testDescription: "nan", change: .set("swipe.action_threshold", to: .nan),
                      message: "swipe.action_threshold: nan is out of range 1…2000"),
        RefusedChange(testDescription: "a fraction for a whole number", change: .set("shake.reversals", toTOML: "2.5"),
                      message: "shake.reversals: expected a whole number in 1…20, found 2.5"),
        RefusedChange(testDescription: "a number for a switch", change: .set("demo.return", toTOML: "1"),
                      message: "demo.return: expected true or false, found a number"),
        RefusedChange(testDescription: "a colour that is not one", change: .set("colors.later", toTOML: "\"#12\""),
                      message: "colors.later: \"#12\" is not a colour; write #RRGGBB or #RRGGBBAA"),
        RefusedChange(testDescription: "too few colours", change: .set("colors.segments", toTOML: "[\"#FFFFFF\"]"),
                      message: "colors.segments: expected 3 colours, found 1"),
        RefusedChange(testDescription: "a spring's number past its range", change: .set("menu.spring.response", toTOML: "20"),
                      message: "menu.spring.response: 20 is out of range 0.01…10 s"),
        RefusedChange(testDescription: "a spring's unknown number", change: .set("menu.spring.stiffness", toTOML: "20"),
                      message: "menu.spring.stiffness: a spring has damping_ratio and response, not stiffness"),
        RefusedChange(testDescription: "a spring without its response", change: .set("menu.spring", toTOML: "{ damping_ratio = 1 }"),
                      message: "menu.spring: a spring needs both damping_ratio and response"),
        RefusedChange(testDescription: "a malformed value", change: .set("swipe.action_threshold", toTOML: "12abc"),
                      message: "swipe.action_threshold: 12abc is not a TOML value: \"a\" does not belong in a number"),
        RefusedChange(testDescription: "an unquoted colour", change: .set("colors.later", toTOML: "#FF0000"),
                      message: "colors.later: #FF0000 is not a TOML value: expected a value after ="),
        RefusedChange(testDescription: "two values", change: .set("swipe.action_threshold", toTOML: "1\nother = 2"),
                      message: "swipe.action_threshold: 1\\nother = 2 is not one TOML value"),
        RefusedChange(testDescription: "no value", change: .set("swipe.action_threshold", toTOML: ""),
                      message: "swipe.action_threshold: nothing is not a TOML value: expected a value after ="),
    ]

    @Test("A bad key or value is one line naming the key and what it accepts", arguments: refusals)
    func refused(_ refusal: RefusedChange) throws {
        let profile = try #require(DemoCatalog.entry("mailbox")?.tuning)
        let text = try ShippedTunings.text("Resources/Tuning/mailbox.toml")

        let error = #expect(throws: TuningWriteError.self) {
            try TuningWriter(profile: profile).apply([.set("menu.width", to: 300), refusal.change], to: text)
        }

        #expect(error?.description == refusal.message)
        #expect(error?.description.contains("\n") == false)
    }

    @Test("A file that is not TOML is refused with its line and column, whatever the change")
    func unreadableFile() throws {
        let profile = try #require(DemoCatalog.entry("mailbox")?.tuning)

        let error = #expect(throws: TuningWriteError.self) {
            try TuningWriter(profile: profile).apply([.set("menu.width", to: 300)], to: "[menu]\nwidth = = 3\n", file: "t.toml")
        }

        #expect(error?.description == "t.toml:2:9: expected a number, true, false, \"a string\", [an array] or {a table}, found \"=\"")
    }

    @Test("A command-line assignment splits at its first =")
    func assignments() {
        #expect(TuningChange(assignment: "swipe.action_threshold=72") == .set("swipe.action_threshold", toTOML: "72"))
        #expect(TuningChange(assignment: " a.b = { x = 1 } ") == .set("a.b", toTOML: "{ x = 1 }"))
        #expect(TuningChange(assignment: "=3") == nil)
        #expect(TuningChange(assignment: "swipe.action_threshold") == nil)
    }
}
