/// TOML 1.0's numbers, read from the word a value is written as.
///
/// Integers: decimal with an optional sign and no leading zero, or `0x`, `0o`, `0b` without
/// a sign; all fit 64 bits. Floats: an integer part, then a fraction and/or an exponent, with
/// digits on both sides of the point; `inf` and `nan` with an optional sign. An underscore
/// only ever sits between two digits. Tunings hold every number as a Double.
enum TuningNumber {
    /// What is wrong and where: `offset` counts Unicode scalars into the word.
    struct Problem: Error, Equatable {
        var offset: Int
        var message: String
    }

    private static let specials: [String: Double] = [
        "inf": .infinity, "+inf": .infinity, "-inf": -.infinity, "nan": .nan, "+nan": .nan, "-nan": .nan,
    ]

    private static let prefixes: [String: (radix: Int, name: String)] = [
        "0x": (16, "hexadecimal"), "0o": (8, "octal"), "0b": (2, "binary"),
    ]

    static func read(_ word: String) -> Result<Double, Problem> {
        if let special = specials[word] { return .success(special) }
        let s = Array(word.unicodeScalars)
        do throws(Problem) {
            if s.count > 2, let prefixed = prefixes[String(String.UnicodeScalarView(s[0..<2]))] {
                return .success(try radixInteger(s, radix: prefixed.radix, name: prefixed.name))
            }
            return .success(try decimal(s))
        } catch {
            return .failure(error)
        }
    }

    private static func radixInteger(_ s: [Unicode.Scalar], radix: Int, name: String) throws(Problem) -> Double {
        let (end, digits) = try group(s, from: 2) { Int(String($0), radix: radix) != nil }
        if end < s.count {
            let c = s[end]
            let hint = radix == 16 && (c == "p" || c == "P" || c == ".") ? " (TOML has no hexadecimal floats)" : ""
            throw Problem(offset: end, message: "\"\(c)\" is not a \(name) digit\(hint)")
        }
        guard !digits.isEmpty else { throw Problem(offset: 0, message: "\(String(String.UnicodeScalarView(s))) needs digits") }
        guard let value = Int64(digits, radix: radix) else {
            throw Problem(offset: 0, message: "\(String(String.UnicodeScalarView(s))) is too large for a 64-bit integer")
        }
        return Double(value)
    }

    private static func decimal(_ s: [Unicode.Scalar]) throws(Problem) -> Double {
        var at = 0
        if s.first == "+" || s.first == "-" { at = 1 }
        if s.count > at + 1, s[at] == "0", let next = s.dropFirst(at + 1).first, "xob".unicodeScalars.contains(next) {
            throw Problem(offset: 0, message: "a hexadecimal, octal or binary number takes no sign")
        }
        let integerStart = at
        let (integerEnd, integer) = try group(s, from: at, isDigit)
        if integer.isEmpty {
            if integerEnd < s.count, s[integerEnd] == "." {
                throw Problem(offset: integerEnd, message: "a number needs a digit before its \".\" (write 0.5, not .5)")
            }
            throw Problem(offset: integerEnd, message: "expected a digit")
        }
        if integer.count > 1, integer.hasPrefix("0") {
            throw Problem(offset: integerStart, message: "a number cannot start with 0 unless it is 0 (write 12, not 012)")
        }
        at = integerEnd
        var isFloat = false
        if at < s.count, s[at] == "." {
            let (end, fraction) = try group(s, from: at + 1, isDigit)
            guard !fraction.isEmpty else {
                throw Problem(offset: at, message: "a number needs a digit after its \".\" (write 5.0, not 5.)")
            }
            (at, isFloat) = (end, true)
        }
        if at < s.count, s[at] == "e" || s[at] == "E" {
            var digitsStart = at + 1
            if digitsStart < s.count, s[digitsStart] == "+" || s[digitsStart] == "-" { digitsStart += 1 }
            let (end, exponent) = try group(s, from: digitsStart, isDigit)
            guard !exponent.isEmpty else { throw Problem(offset: at, message: "an exponent needs digits after its e") }
            (at, isFloat) = (end, true)
        }
        if at < s.count { throw Problem(offset: at, message: "\"\(s[at])\" does not belong in a number") }
        let text = String(String.UnicodeScalarView(s.filter { $0 != "_" }))
        if !isFloat, Int64(text) == nil {
            throw Problem(offset: 0, message: "\(text) is too large for a 64-bit integer; write it as a float (\(text).0)")
        }
        return Double(text)!
    }

    private static func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }

    /// Digits from `start`, with underscores only between two of them: where they end, and
    /// the digits without the underscores.
    private static func group(_ s: [Unicode.Scalar], from start: Int,
                              _ isDigit: (Unicode.Scalar) -> Bool) throws(Problem) -> (end: Int, digits: String) {
        var at = start
        var digits = ""
        while at < s.count {
            let c = s[at]
            if c == "_" {
                guard at > start, isDigit(s[at - 1]), at + 1 < s.count, isDigit(s[at + 1]) else {
                    throw Problem(offset: at, message: "an underscore in a number must sit between two digits")
                }
            } else if isDigit(c) {
                digits.unicodeScalars.append(c)
            } else {
                break
            }
            at += 1
        }
        return (at, digits)
    }
}
