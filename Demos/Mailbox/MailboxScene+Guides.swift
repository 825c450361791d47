import Foundation
import Kiln

extension MailboxScene {
    /// The zone lines over the message rows (M1–M8): a message's left edge past the first
    /// pair archives or deletes, its right edge past the second pair reschedules or lists.
    public var guides: [ThresholdGuide] {
        let origin = list.convert(Point.zero, to: nil)
        let top = origin.y
        let bottom = min(top + Double(listedRows.count) * Self.rowHeight, canvas.height)
        guard bottom > top else { return [] }
        let left = origin.x, right = origin.x + list.bounds.width
        let first = tuning.actionThreshold, second = tuning.secondThreshold
        func points(_ value: Double) -> String { String(format: "%g", value) }
        return [
            .vertical("archive \(points(first))", x: left + first, from: top, to: bottom),
            .vertical("delete \(points(second))", x: left + second, from: top, to: bottom),
            .vertical("later \(points(first))", x: right - first, from: top, to: bottom),
            .vertical("list \(points(second))", x: right - second, from: top, to: bottom),
        ]
    }
}
