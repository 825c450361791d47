/// What is wrong with an input script, and where: file, line and field.
///
/// Printed as `laser-delete.json:7: steps[3].move.to: expected [x, y], …`, the form
/// compilers use, so editors and terminals can jump to the line.
public struct InputScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The script's file name.
    public var file: String
    /// The 1-based line the problem is on; 0 when no line applies (an unreadable file).
    public var line: Int
    /// The path of the field at fault ("steps[3].move.to"); empty for JSON syntax errors.
    public var field: String
    /// What is wrong.
    public var message: String

    /// An error at `line` of `file`, in `field`.
    public init(file: String, line: Int, field: String, message: String) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
    }

    /// `file:line: field: message`, leaving out the parts that do not apply; always one line,
    /// whatever the script's keys and strings hold.
    public var description: String {
        var text = file
        if line > 0 { text += ":\(line)" }
        text += ": "
        if !field.isEmpty { text += field + ": " }
        return (text + message).printable
    }
}
