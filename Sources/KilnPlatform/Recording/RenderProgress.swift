// A progress bar for long renders on standard error. On a terminal it redraws one line in
// place, about ten times a second; anywhere else (a pipe, a log file, make) it stays quiet
// and the caller prints one final line.
import Foundation

/// Shows how far a render is, with the frame count and an estimate of the time left.
public final class RenderProgress {
    private let label: String
    private let isTerminal: Bool
    private let started: Date
    private var lastDrawn = -Double.infinity
    private var isShowing = false

    /// A bar titled `label`; `isTerminal` defaults to whether standard error is a terminal.
    public init(label: String, isTerminal: Bool = isatty(STDERR_FILENO) == 1, now: Date = Date()) {
        self.label = label
        self.isTerminal = isTerminal
        self.started = now
    }

    /// Records that `done` of `total` frames are done; redraws the bar if it is time to.
    public func update(done: Int, total: Int, now: Date = Date()) {
        guard isTerminal else { return }
        let elapsed = now.timeIntervalSince(started)
        guard done == total || elapsed - lastDrawn >= 0.1 else { return }
        lastDrawn = elapsed
        isShowing = true
        FileHandle.standardError.write(Data(("\r" + Self.line(label: label, done: done, total: total,
                                                               elapsed: elapsed) + "\u{1B}[K").utf8))
    }

    /// Ends the bar's line, so that what follows starts on a line of its own.
    public func end() {
        guard isShowing else { return }
        isShowing = false
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    /// The bar's text: "laser.mp4 [██████░░░░░░]  50%  300/600 frames  3 s left".
    public static func line(label: String, done: Int, total: Int, elapsed: Double, width: Int = 24) -> String {
        let fraction = total > 0 ? min(max(Double(done) / Double(total), 0), 1) : 1
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        var text = "\(label) [\(bar)] \(String(format: "%3d%%", Int(fraction * 100)))  \(done)/\(total) frames"
        if done > 0, done < total {
            let left = elapsed / Double(done) * Double(total - done)
            text += "  " + formatDuration(left) + " left"
        }
        return text
    }

    /// "4 s", "1 min 05 s".
    public static func formatDuration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        return s < 60 ? "\(s) s" : String(format: "%d min %02d s", s / 60, s % 60)
    }
}
