// Line parser for evemu-record files. Limits: reads the text format of evemu 1.x and 2.x
// (`N:` `I:` `P:` `B:` `A:` `E:` lines, `#` comments); the `# EVEMU` commented header is
// read as a fallback for files that lack the machine-readable lines.

import Foundation

/// What one evemu file says: the header fields it has and its events, in file order.
struct EvemuParser {
    /// The file's name, for error messages.
    let fileName: String
    /// The `N:` device name.
    private(set) var name: String?
    /// The `I:` bus, vendor, product and version.
    private(set) var deviceID: EvemuRecording.DeviceID?
    /// The `A:` axes by code.
    private(set) var axes: [UInt16: EvdevAxisInfo] = [:]
    /// The `B:` capability bitmasks by event type, lines of one type concatenated.
    private(set) var bitmasks: [UInt16: [UInt8]] = [:]
    /// The `P:` property bitmask, lines concatenated.
    private(set) var properties: [UInt8] = []
    /// What the `#` commented header says.
    private(set) var comments = EvemuCommentHeader()
    /// The `E:` events with their timestamps as written.
    private(set) var events: [EvdevEvent] = []
    private var lineNumber = 0

    /// Makes a parser for a file called `fileName`.
    init(fileName: String) {
        self.fileName = fileName
    }

    /// Reads every line of `text`, throwing at the first malformed one.
    mutating func parse(_ text: String) throws {
        if text.allSatisfy(\.isWhitespace) { throw EvemuError(file: fileName, reason: .empty) }
        // Split at the byte: Swift reads "\r\n" as one Character, so a split at the Character
        // "\n" would leave a CRLF file one long line.
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, rawLine) in lines.enumerated() {
            lineNumber = index + 1
            try parseLine(Substring(rawLine).trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Dispatches one trimmed line by its `X:` prefix.
    private mutating func parseLine(_ line: String) throws {
        if line.isEmpty { return }
        if line.hasPrefix("#") {
            comments.read(line.dropFirst().trimmingCharacters(in: .whitespaces))
            return
        }
        guard line.count >= 2, line.dropFirst().first == ":" else {
            throw malformed("expected a `#` comment or an `N:` `I:` `P:` `B:` `A:` or `E:` line")
        }
        let body = line.dropFirst(2)
        switch line.first {
        case "E": try appendEvent(try parseEvent(body))
        case "N": name = body.trimmingCharacters(in: .whitespaces)
        case "I": deviceID = try parseDeviceID(body)
        case "P": properties += try hexBytes(fields(body), expected: "`P: <property bytes in hex>`")
        case "B": try parseBitmask(body)
        case "A": try parseAxis(body)
        default:
            throw malformed("unknown line type `\(line.prefix(2))`")
        }
    }

    /// `E: <sec>.<usec> <type hex> <code hex> <value dec>`, with an optional `# comment`.
    private func parseEvent(_ body: Substring) throws -> EvdevEvent {
        let expected = "expected `E: <sec>.<usec> <type hex> <code hex> <value>`"
        let parts = fields(body)
        guard parts.count == 4, let time = try microseconds(parts[0]),
            let type = UInt16(parts[1], radix: 16), let code = UInt16(parts[2], radix: 16),
            let value = Int32(parts[3])
        else { throw malformed(expected) }
        return EvdevEvent(microseconds: time, type: type, code: code, value: value)
    }

    /// Adds an event; its time must not be before the one above it, or a replay would run backwards.
    private mutating func appendEvent(_ event: EvdevEvent) throws {
        if let last = events.last, event.microseconds < last.microseconds {
            throw malformed("the time goes back from \(Self.timeText(last.microseconds)) to "
                            + "\(Self.timeText(event.microseconds)); events must be in time order")
        }
        events.append(event)
    }

    /// Microseconds as evemu writes them: `12.000345`.
    private static func timeText(_ microseconds: Int64) -> String {
        let fraction = String(microseconds % 1_000_000)
        return "\(microseconds / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// `A: <code hex> <min> <max> <fuzz> <flat> [<resolution>]`.
    private mutating func parseAxis(_ body: Substring) throws {
        let parts = fields(body)
        guard parts.count == 5 || parts.count == 6, let code = UInt16(parts[0], radix: 16) else {
            throw malformed("expected `A: <code hex> <min> <max> <fuzz> <flat> [<resolution>]`")
        }
        let numbers = parts.dropFirst().compactMap { Int32($0) }
        guard numbers.count == parts.count - 1 else {
            throw malformed("expected decimal numbers after the `A:` axis code")
        }
        axes[code] = EvdevAxisInfo(
            code: code, minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2],
            flat: numbers[3], resolution: numbers.count == 5 ? numbers[4] : 0)
    }

    /// `B: <type hex> <bytes hex>…`: one slice of a capability bitmask.
    private mutating func parseBitmask(_ body: Substring) throws {
        let expected = "expected `B: <event type hex> <mask bytes hex>`"
        let parts = fields(body)
        guard let first = parts.first, let type = UInt16(first, radix: 16) else {
            throw malformed(expected)
        }
        bitmasks[type, default: []] += try hexBytes(Array(parts.dropFirst()), expected: expected)
    }

    /// `I: <bus> <vendor> <product> <version>`, all hex.
    private func parseDeviceID(_ body: Substring) throws -> EvemuRecording.DeviceID {
        let numbers = fields(body).compactMap { UInt16($0, radix: 16) }
        guard numbers.count == 4, fields(body).count == 4 else {
            throw malformed("expected `I: <bus> <vendor> <product> <version>` in hex")
        }
        return EvemuRecording.DeviceID(
            bus: numbers[0], vendor: numbers[1], product: numbers[2], version: numbers[3])
    }

    /// Whitespace-separated fields before any `#` comment.
    private func fields(_ body: Substring) -> [Substring] {
        body.prefix { $0 != "#" }.split(whereSeparator: { $0 == " " || $0 == "\t" })
    }

    /// Parses hex bytes, throwing `expected` if any is not one.
    private func hexBytes(_ parts: [Substring], expected: String) throws -> [UInt8] {
        let bytes = parts.compactMap { UInt8($0, radix: 16) }
        guard bytes.count == parts.count else { throw malformed(expected) }
        return bytes
    }

    /// `1364787581.497486` or `0.000001` as whole microseconds, without floating point;
    /// `nil` when the text is not a time, an error when it is negative or beyond 292,000 years.
    private func microseconds(_ text: Substring) throws -> Int64? {
        if text.hasPrefix("-") { throw malformed("the time \(text) is negative") }
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        let isDigits = { (piece: Substring) in piece.allSatisfy { $0.isASCII && $0.isNumber } }
        guard pieces.count == 2, !pieces[0].isEmpty, isDigits(pieces[0]), isDigits(pieces[1]),
            (1...9).contains(pieces[1].count),
            let fraction = Int64(pieces[1].padding(toLength: 6, withPad: "0", startingAt: 0))
        else { return nil }
        guard let seconds = Int64(pieces[0]), seconds < Int64.max / 1_000_000 else {
            throw malformed("the time \(text) is too large")
        }
        return seconds * 1_000_000 + fraction
    }

    /// A malformed-line error at the current line.
    private func malformed(_ detail: String) -> EvemuError {
        EvemuError(file: fileName, line: lineNumber, reason: .malformedLine(detail))
    }
}
