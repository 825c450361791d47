import Foundation
import Kiln

extension LaserScene {
    /// The delete line (L8): a release deletes the card once its bottom edge is past this
    /// line, the beam plus `deleteThreshold` of the card's height.
    public var guides: [ThresholdGuide] {
        let y = beamY + tuning.deleteThreshold * pocket.bounds.height
        let percent = String(format: "%g", (tuning.deleteThreshold * 1000).rounded() / 10)
        return [.horizontal("delete past \(percent) %", y: y, from: 0, to: canvas.width)]
    }
}
