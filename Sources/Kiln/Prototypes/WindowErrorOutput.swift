/// The window process's standard error as `kiln dev` reads it, line by line: ordinary lines
/// are printed as they come; from the first line of a crash on (the Swift runtime's
/// `Card.swift:12: Fatal error: …`, the backtrace of a hundred lines or more after it) the
/// lines are kept, to be summed up in one line, and printed only when `isVerbose`.
struct WindowErrorOutput {
    /// Whether the crash's lines are printed too (`--verbose`).
    let isVerbose: Bool
    /// The lines of the crash so far, empty before one starts.
    private(set) var crashLines: [String] = []

    /// The output of a window process, its crash lines printed when `isVerbose`.
    init(isVerbose: Bool) {
        self.isVerbose = isVerbose
    }

    /// What the Swift runtime writes before a trap's message: `fatalError`, a failed
    /// `precondition` or `assert`, and every check of the standard library.
    static let trapKinds = ["Fatal error", "Precondition failed", "Assertion failed"]

    /// Takes the next line (without its newline); returns whether to print it now.
    mutating func take(_ line: String) -> Bool {
        if crashLines.isEmpty && !Self.startsCrash(line) { return true }
        crashLines.append(line)
        return isVerbose
    }

    /// Whether `line` is the first of a crash's: a trap's message, the backtracer's header,
    /// or the line the window writes from its signal handler.
    static func startsCrash(_ line: String) -> Bool {
        trapKinds.contains { line.hasPrefix($0 + ": ") || line.contains(": \($0): ") }
            || line.contains("Program crashed: ")
            || (line.hasPrefix("kiln: the prototype '") && line.contains(" crashed with SIG"))
    }

    /// The trap's message, "Fatal error: Index out of range", when the crash began with one.
    var trap: String? {
        for line in crashLines {
            for kind in Self.trapKinds {
                if let range = line.range(of: kind + ": ") { return String(line[range.lowerBound...]) }
            }
        }
        return nil
    }

    /// The scene's name, as the window's signal handler wrote it: `kiln: the prototype 'card' …`.
    var sceneName: String? {
        for line in crashLines where line.hasPrefix("kiln: the prototype '") {
            let name = line.dropFirst("kiln: the prototype '".count).prefix { $0 != "'" }
            if !name.isEmpty { return String(name) }
        }
        return nil
    }

    /// How far new code had replayed the session when it crashed, and the moment it was
    /// replaying to, in seconds, as the window's signal handler wrote them.
    var replay: (reached: Double, target: Double)? {
        let start = PrototypeCrashReport.replayLineStart.description
        for line in crashLines where line.hasPrefix(start) {
            let moments = line.dropFirst(start.count).split(separator: " ").compactMap { Double($0) }
            if moments.count == 2 { return (moments[0], moments[1]) }
        }
        return nil
    }

    /// Where in the prototype's own files the crash happened: the innermost frame of the
    /// backtrace in one of them, else the trap's own location when it names one.
    func location(in paths: PrototypeSourcePaths) -> (file: String, line: Int)? {
        for line in crashLines {
            if let frame = Self.frameLocation(line), let file = paths.userFile(frame.file) {
                return (file, frame.line)
            }
        }
        for line in crashLines {
            if let trap = Self.trapLocation(line), let file = paths.userFile(trap.file) { return (file, trap.line) }
        }
        return nil
    }

    /// A backtrace frame's source location: `… in libX.so at /path/Card.swift:57:13`.
    static func frameLocation(_ line: String) -> (file: String, line: Int)? {
        guard let marker = line.range(of: " at /", options: .backwards) else { return nil }
        return fileAndLine(line[line.index(before: marker.upperBound)...])
    }

    /// A trap's location: `KilnPrototype_0123/Card.swift:12: Fatal error: …`.
    static func trapLocation(_ line: String) -> (file: String, line: Int)? {
        for kind in trapKinds {
            if let marker = line.range(of: ": " + kind + ": ") { return fileAndLine(line[..<marker.lowerBound]) }
        }
        return nil
    }

    /// `FILE:LINE` or `FILE:LINE:COLUMN`, the file possibly holding colons of its own.
    private static func fileAndLine(_ text: Substring) -> (file: String, line: Int)? {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count >= 3, Int(parts[parts.count - 1]) != nil, Int(parts[parts.count - 2]) != nil { parts.removeLast() }
        guard parts.count >= 2, let line = Int(parts[parts.count - 1]), line > 0 else { return nil }
        let file = parts.dropLast().joined(separator: ":")
        return file.isEmpty ? nil : (file, line)
    }
}
