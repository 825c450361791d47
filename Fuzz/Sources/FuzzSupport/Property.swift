// The checks a fuzz target makes beside "no crash". A violated one traps (fatalError), which
// libFuzzer reports as a crash and saves with the input that caused it.

/// Stops the run: `property` no longer holds for the current input.
public func violated(_ property: String) -> Never {
    fatalError("property violated: \(property)")
}

/// Stops the run unless `condition` holds.
public func require(_ condition: Bool, _ property: @autoclosure () -> String) {
    if !condition { violated(property()) }
}

/// The input as text when it is UTF-8; Kiln refuses any other file before a parser sees it
/// (`TextFile.read`), so other bytes are not worth a parser's time.
public func utf8Text(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String? {
    guard let data else { return size == 0 ? "" : nil }
    return String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
}

/// The input's bytes.
public func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// How many lines `text` has, as an editor counts them (a last line without its newline counts).
public func lineCount(_ text: String) -> Int {
    text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
}

/// A refusal reads as one clear line: something written, nothing that starts another line.
public func requireOneLine(_ message: String, _ what: String) {
    require(!message.isEmpty, "\(what) is an empty message")
    require(!message.contains(where: \.isNewline), "\(what) is more than one line: \(message.debugDescription)")
}

/// For text formats: the refusal names a line of the file (1 up to its last).
public func requireLine(_ line: Int?, in text: String, _ message: String) {
    guard let line else { violated("the refusal names no line: \(message.debugDescription)") }
    require((1...lineCount(text)).contains(line),
            "the refusal names line \(line) of a \(lineCount(text))-line file: \(message.debugDescription)")
}
