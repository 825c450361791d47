// What `kiln dev` reads of a prototype folder besides its tuning file and scripts (the
// tuning and input-script targets cover those): the Swift compiler's output on the folder's
// code, from which the red banner shows the first error. Kiln does not write this text, so
// the target checks what the banner relies on: the error it finds is one of the output's own
// lines, taken apart at its last `:LINE:COLUMN: error: `, with a line and column from 1, and
// it reads as one line.

import FuzzSupport
@_spi(Fuzzing) import Kiln

/// One input as a compiler's output. libFuzzer calls it for every input it tries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompilerOutput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let text = utf8Text(data, size) else { return 0 }
    let lines = text.split(whereSeparator: \.isNewline)
    guard let first = CompilerDiagnostic.firstError(in: text) else {
        require(!lines.contains { $0.contains(": error: ") && startsWithLocation($0) },
                "no error found in output with a located error line")
        return 0
    }
    let written = "\(first.file):\(first.line):\(first.column): error: \(first.message)"
    require(lines.contains { $0 == Substring(written) }, "the error \(written.debugDescription) is no line of the output")
    require(first.line >= 1 && first.column >= 1, "line \(first.line), column \(first.column)")
    require(!first.file.isEmpty, "an error without its file")
    requireOneLine(first.description, "the banner's error")
    return 0
}

/// Whether `line` reads FILE:LINE:COLUMN: error: with a non-empty FILE and numbers from 1,
/// without leading zeros and no larger than an Int holds, before its first `: error: `.
private func startsWithLocation(_ line: Substring) -> Bool {
    guard let marker = line.range(of: ": error: ") else { return false }
    let parts = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count >= 3 else { return false }
    let numbers = parts.suffix(2)
    return !parts.dropLast(2).joined(separator: ":").isEmpty
        && numbers.allSatisfy { number in
            number.first.map { "123456789".contains($0) } == true && number.allSatisfy { "0123456789".contains($0) }
                && Int(number) != nil
        }
}
