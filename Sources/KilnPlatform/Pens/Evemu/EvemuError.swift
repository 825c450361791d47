// Errors from reading evemu recordings. Limits: one error per file, the first problem
// found; parsing does not try to recover and report more.

import Foundation
import KilnCore

/// Why an evemu recording could not be read, with the file and line it concerns.
public struct EvemuError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// What went wrong.
    public enum Reason: Equatable, Sendable {
        /// A line did not have the expected shape; the text says what was expected.
        case malformedLine(String)
        /// The device is neither a pen, having no `ABS_PRESSURE` axis to drive pressure, nor a
        /// touchscreen (see `EvemuRecording.isTouchscreen`).
        case noPressureAxis
        /// The file could not be read at all; the text is the reason.
        case unreadable(String)
        /// The file holds nothing but blanks.
        case empty
    }

    /// The file's name (its last path component), as the user would recognize it.
    public var file: String
    /// The 1-based line number, when the problem is on one line.
    public var line: Int?
    /// What went wrong.
    public var reason: Reason

    /// Makes an error for `file`, at `line` if known.
    public init(file: String, line: Int? = nil, reason: Reason) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// One line, compiler style: `file:line: what went wrong`, whatever the file holds.
    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        let text = switch reason {
        case .malformedLine(let detail): "\(place): malformed line: \(detail)"
        case .noPressureAxis:
            "\(place): neither a pen nor a touchscreen: no pressure axis for a pen (no `A: 18` line), "
                + "and no multi-touch position axes for a touchscreen (`A: 35` and `A: 36`, "
                + "without a pen tool or INPUT_PROP_POINTER)"
        case .unreadable(let detail): "\(place): \(detail)"
        case .empty: "\(place): the file is empty (expected an evemu-record recording)"
        }
        return text.printable
    }

    /// The same one line, for `localizedDescription`.
    public var errorDescription: String? { description }
}
