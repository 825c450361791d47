import Kiln

extension LaserScene {
    /// Sprays debris from the span where the card meets the beam (L6), at `level` 0…1 of
    /// the full birth rate.
    func placeDebris(level: Double) {
        debris.birthRate = level
        guard level > 0 else { return }
        let frame = pocket.frame
        let left = max(frame.minX + 6, 0), right = min(frame.maxX - 6, canvas.width)
        debris.emitterPosition = Point(x: (left + right) / 2, y: beamY)
        debris.emitterSize = Size(width: max(0, right - left), height: 1)
    }
}
