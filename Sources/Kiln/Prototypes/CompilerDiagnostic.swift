/// One error the Swift compiler reported, as `kiln dev` shows it in its banner.
@_spi(Fuzzing) public struct CompilerDiagnostic: Equatable, Sendable, CustomStringConvertible {
    /// The file as the compiler named it.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// The compiler's words, without the `error:` prefix.
    public var message: String

    /// "Card.swift:12: cannot find 'springs' in scope", the file by its last component.
    public var description: String {
        "\(file.split(separator: "/").last.map(String.init) ?? file):\(line): \(message)"
    }

    /// The first error in a compiler's output (`FILE:LINE:COLUMN: error: MESSAGE`), `nil`
    /// when there is none; warnings and notes before it are skipped.
    public static func firstError(in output: String) -> CompilerDiagnostic? {
        for line in output.split(whereSeparator: \.isNewline) {
            if let diagnostic = parse(Substring(line)) { return diagnostic }
        }
        return nil
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE`, or `nil` for any other line. The file may hold
    /// colons of its own, so the line and column are found from the `error:` marker back.
    static func parse(_ text: Substring) -> CompilerDiagnostic? {
        guard let marker = text.range(of: ": error: ") else { return nil }
        let location = text[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
        guard location.count >= 3, let column = position(location[location.count - 1]),
              let line = position(location[location.count - 2]) else { return nil }
        let file = location.dropLast(2).joined(separator: ":")
        guard !file.isEmpty else { return nil }
        return CompilerDiagnostic(file: file, line: line, column: column,
                                  message: String(text[marker.upperBound...]))
    }

    /// A line or column as compilers write them: ASCII digits from 1, without a leading zero
    /// (not "+3", "-1", "0" or "07").
    private static func position(_ text: Substring) -> Int? {
        guard text.utf8.first.map({ (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }) == true,
              text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let value = Int(text), value >= 1 else { return nil }
        return value
    }
}
