import KilnCore
import PropertyBased
import Testing

/// Text quoted in a message: one line, nothing the terminal acts on.
@Suite("Printable text")
struct PrintableTextTests {
    @Test("Line breaks, NUL, escape, DEL, C1 and direction marks are spelled out; tabs and other text stay")
    func spelledOut() {
        #expect("a\nb\rc".printable == #"a\nb\rc"#)
        #expect("x\u{0}y\u{1B}[31mz\u{7F}".printable == #"x\u{0}y\u{1B}[31mz\u{7F}"#)
        #expect("\u{85}\u{2028}\u{2029}".printable == #"\u{85}\u{2028}\u{2029}"#)
        #expect("abc\u{202E}cba\u{2066}".printable == #"abc\u{202E}cba\u{2066}"#)
        #expect("tab\there · é 漢字 🙂".printable == "tab\there · é 漢字 🙂")
    }

    @Test("For any text, what is printed holds no character that breaks the line or acts on the terminal")
    func anyText() async {
        let scalars = Gen.int(in: 0...0x2100).map { Unicode.Scalar(UInt32($0)) ?? "?" }
        await propertyCheck(input: scalars.array(of: 0...40)) { scalars in
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            let shown = text.printable
            #expect(!shown.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" })
            #expect(!shown.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || (0x2028...0x202E).contains($0.value) })
            #expect(!shown.contains { $0.isNewline })
        }
    }
}
