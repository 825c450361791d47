import Kiln

extension EmitterPresets {
    /// The red of the laser and its debris.
    public static let laserRed = Color(hex: 0xFF2B1C)

    /// Debris spraying from where a card meets the laser beam (L6): the ``debris`` preset in
    /// the laser's red, born along a horizontal span `spanWidth` wide centred on `center`.
    /// The scene fires it by animating the configuration's `birthRate` between 0 and 1.
    public static func laserDebris(center: Point, spanWidth: Double, seed: UInt64 = 7) -> EmitterConfiguration {
        debris(center: center, spanWidth: spanWidth, color: laserRed, seed: seed)
    }
}
