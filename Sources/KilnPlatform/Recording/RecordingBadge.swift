import Foundation
import KilnCore

/// The window's small recording badge: a red dot and the time while recording, the save's
/// progress, then the saved file's name for a few seconds. Drawn over the scene, never in
/// a recording (recordings are rendered again offline, without it).
final class RecordingBadge {
    /// The badge's tree, placed at the canvas's top-left corner.
    let layer = Layer()
    private let dot = Layer()
    private let label = TextLayer()
    /// When the "saved" or "failed" message first showed, in window seconds.
    private var shownSince: (state: SaveState, time: Double)?
    private static let messageDuration = 4.0

    init() {
        layer.backgroundColor = Color(white: 0.08, alpha: 0.82)
        layer.cornerRadius = 14
        layer.isHitTestable = false
        dot.bounds = Rect(0, 0, 10, 10)
        dot.cornerRadius = 5
        dot.backgroundColor = Color(hex: 0xFF3B30)
        layer.addSublayer(dot)
        label.fontSize = 13
        label.fontWeight = .semibold
        label.foregroundColor = .white
        label.isVerticallyCentered = true
        layer.addSublayer(label)
        layer.isHidden = true
    }

    /// Updates the badge for window time `now`: recording since `recordingSince`, or `save`.
    func update(recordingSince: Double?, save: SaveState, now: Double, canvas: Size) {
        let text: String
        var showsDot = true
        if let since = recordingSince {
            let seconds = Int(max(0, now - since))
            text = String(format: "REC %d:%02d", seconds / 60, seconds % 60)
            // The dot blinks once a second, as camera apps do.
            dot.opacity = (now - since).truncatingRemainder(dividingBy: 1) < 0.6 ? 1 : 0.25
        } else {
            switch save {
            case .idle:
                layer.isHidden = true
                return
            case .saving(_, let fraction):
                text = "Saving… \(Int(fraction * 100)) %"
                dot.opacity = 0.5
            case .saved(let path), .failed(let path):
                if shownSince?.state != save { shownSince = (save, now) }
                guard now - (shownSince?.time ?? now) < Self.messageDuration else {
                    layer.isHidden = true
                    return
                }
                let isSaved = if case .saved = save { true } else { false }
                text = isSaved ? "Saved \((path as NSString).lastPathComponent)" : "Not saved: \(path)"
                showsDot = false
            }
        }
        layer.isHidden = false
        if label.string != text { label.string = text }
        dot.isHidden = !showsDot
        let width = min(canvas.width - 24, Double(text.count) * 7.6 + (showsDot ? 44 : 28))
        layer.frame = Rect(12, 12, width, 28)
        dot.position = Point(17, 14)
        label.frame = showsDot ? Rect(30, 0, width - 38, 28) : Rect(14, 0, width - 24, 28)
        label.truncationMode = .end
    }
}
