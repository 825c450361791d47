/// Ready-made emitters. Scenes add their own in extensions, beside the scene.
public enum EmitterPresets {
    /// A fountain of soft blue drops rising from `position` and falling back under gravity.
    public static func fountain(at position: Point, seed: UInt64 = 1) -> EmitterConfiguration {
        var drop = EmitterCell(name: "drop", contents: .makeSoftDot(diameter: 8, color: Color(hex: 0x7FC8FF)))
        drop.birthRate = 160
        drop.lifetime = 2.0
        drop.lifetimeRange = 0.3
        drop.velocity = 420
        drop.velocityRange = 40
        drop.emissionLongitude = -.pi / 2
        drop.emissionRange = .pi / 9
        drop.yAcceleration = 440
        drop.damping = 0.1
        drop.scale = 0.9
        drop.scaleRange = 0.3
        drop.scaleSpeed = -0.25
        drop.blueRange = 0.1
        drop.alphaSpeed = -0.4

        var configuration = EmitterConfiguration(cells: [drop], seed: seed)
        configuration.emitterPosition = position
        configuration.emitterSize = Size(12, 0)
        configuration.emitterShape = .line
        return configuration
    }
}
