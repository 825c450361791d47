import Foundation

/// A particle's initial values, drawn from its cell's means and ranges.
///
/// The draws happen in a fixed order from one generator, which is what makes a seed
/// reproduce a run.
struct Newborn {
    var lifetime: Double
    var position: Point
    var velocity: Point
    var scale: Double
    var scaleSpeed: Double
    var spin: Double
    var color: (red: Double, green: Double, blue: Double, alpha: Double)
    var colorSpeed: (red: Double, green: Double, blue: Double, alpha: Double)

    init(cell: EmitterCell, configuration c: EmitterConfiguration, using random: inout SplitMix64) {
        lifetime = (cell.lifetime + random.spread(cell.lifetimeRange)) * c.lifetime
        let offset = c.emitterShape.randomOffset(size: c.emitterSize, mode: c.emitterMode, using: &random)
        position = c.emitterPosition + offset
        let angle = cell.emissionLongitude + random.spread(cell.emissionRange / 2)
        let speed = (cell.velocity + random.spread(cell.velocityRange)) * c.velocity
        velocity = Point(speed * cos(angle), speed * sin(angle))
        scale = (cell.scale + random.spread(cell.scaleRange)) * c.scale
        scaleSpeed = cell.scaleSpeed * c.scale
        spin = (cell.spin + random.spread(cell.spinRange)) * c.spin
        color = (cell.color.red + random.spread(cell.redRange),
                 cell.color.green + random.spread(cell.greenRange),
                 cell.color.blue + random.spread(cell.blueRange),
                 cell.color.alpha + random.spread(cell.alphaRange))
        colorSpeed = (cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed)
    }
}
