// A preset in a colour of the caller's choosing; a scene that uses it in its own colour
// names that in an extension beside the scene.

extension EmitterPresets {
    /// Debris spraying up from a line: embers, shards and haze in one colour, where
    /// something is cut, burnt or broken.
    ///
    /// Three cells of small images of `color` with different alpha (embers, shards, haze),
    /// born along a horizontal span `spanWidth` wide centred on `center`, thrown up and out,
    /// slowed by damping and pulled down by gravity. Fire it by animating the
    /// configuration's `birthRate` between 0 and 1:
    ///
    /// ```swift
    /// var debris = EmitterPresets.debris(center: Point(195, 520), spanWidth: 240,
    ///                                    color: Color(hex: 0xFF2B1C))
    /// debris.birthRate = 0  // off until something is cut
    /// let sparks = EmitterLayer(configuration: debris)
    /// ```
    public static func debris(center: Point, spanWidth: Double, color: Color, seed: UInt64 = 7) -> EmitterConfiguration {
        var configuration = EmitterConfiguration(
            cells: [debrisEmber(color), debrisShard(color), debrisHaze(color)], seed: seed)
        configuration.emitterPosition = center
        configuration.emitterSize = Size(spanWidth, 0)
        configuration.emitterShape = .line
        configuration.emitterMode = .outline
        return configuration
    }

    private static func debrisEmber(_ color: Color) -> EmitterCell {
        var cell = EmitterCell(name: "ember", contents: .makeSoftDot(diameter: 4, color: color, softness: 0.6))
        cell.birthRate = 110
        cell.lifetime = 0.7
        cell.lifetimeRange = 0.25
        cell.velocity = 210
        cell.velocityRange = 90
        cell.emissionLongitude = -.pi / 2
        cell.emissionRange = 0.8 * .pi
        cell.yAcceleration = 650
        cell.damping = 1.2
        cell.scaleRange = 0.35
        cell.scaleSpeed = -0.7
        cell.alphaSpeed = -1.1
        return cell
    }

    private static func debrisShard(_ color: Color) -> EmitterCell {
        var cell = EmitterCell(name: "shard", contents: .makeShard(width: 6, height: 5, color: color.withAlpha(0.7)))
        cell.birthRate = 45
        cell.lifetime = 0.9
        cell.lifetimeRange = 0.3
        cell.velocity = 130
        cell.velocityRange = 60
        cell.emissionLongitude = -.pi / 2
        cell.emissionRange = 0.7 * .pi
        cell.yAcceleration = 750
        cell.damping = 0.8
        cell.scaleRange = 0.3
        cell.spinRange = 10
        cell.alphaSpeed = -0.8
        return cell
    }

    private static func debrisHaze(_ color: Color) -> EmitterCell {
        var cell = EmitterCell(name: "haze", contents: .makeSoftDot(diameter: 8, color: color.withAlpha(0.35)))
        cell.birthRate = 30
        cell.lifetime = 1.0
        cell.lifetimeRange = 0.3
        cell.velocity = 60
        cell.velocityRange = 40
        cell.emissionLongitude = -.pi / 2
        cell.emissionRange = .pi
        cell.yAcceleration = 200
        cell.damping = 2
        cell.scale = 0.8
        cell.scaleRange = 0.3
        cell.scaleSpeed = 0.5
        cell.alphaSpeed = -0.6
        return cell
    }
}
