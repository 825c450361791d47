import Foundation
import Kiln

extension LaserScene {
    /// The lightsaber turn-on (L2): the beam grows from the centre to both edges with a
    /// flare, then the light spill fades in.
    func ignite() {
        context.audio.play(.ignition, volume: 0.8)
        let grow = BasicAnimation(.transform, from: Transform(scaleX: 0.001, y: 1), to: .identity,
                                  duration: tuning.ignitionDuration, timing: .easeOut)
        laser.add(grow, forKey: "ignite")
        halo.add(BasicAnimation(.transform, from: Transform(scaleX: 0.001, y: 1), to: .identity,
                                duration: tuning.ignitionDuration, timing: .easeOut), forKey: "ignite")
        let flash = KeyframeAnimation(.opacity, values: [0, 1, 0], keyTimes: [0, 0.25, 1],
                                      duration: tuning.ignitionDuration + 0.25)
        flash.timingFunctions = [.easeOut, .easeIn]
        flare.add(flash, forKey: "flare")
        let flareGrow = BasicAnimation(.scale, from: 0.3, to: 1.6, duration: tuning.ignitionDuration + 0.25,
                                       timing: .easeOut)
        flare.add(flareGrow, forKey: "flareGrow")
        for spill in [beamUp, beamDown] {
            let fade = BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3, timing: .easeOut)
            fade.delay = tuning.ignitionDuration
            fade.fillsForwards = true
            spill.add(fade, forKey: "fadeIn")
        }
        grow.completion = { [weak self] finished in
            guard let self, finished else { return }
            self.isLaserOn = true
            for spill in [self.beamUp, self.beamDown] { spill.opacity = 1 }
            self.context.emit("laser.on", at: self.now)
            self.context.audio.startLoop(.hum, volume: 0.55)
        }
    }

    /// The glow breathes a little while on (L2): smooth noise within ±flicker around a
    /// nominal level set just low enough that the brightest flicker is still fully opaque.
    func applyFlicker(at time: Double) {
        guard isLaserOn else { return }
        let nominal = 1 / (1 + tuning.flicker)
        let swing = 2 * LaserScene.noise(time * 14, seed: context.seed) - 1
        let level = min(max(nominal * (1 + tuning.flicker * swing), 0), 1)
        halo.opacity = level
        for spill in [beamUp, beamDown] { spill.opacity = level }
    }

    /// Smooth value noise in 0…1, a pure function of `x` and the seed.
    static func noise(_ x: Double, seed: UInt64) -> Double {
        func lattice(_ i: Int) -> Double {
            var generator = SplitMix64(seed: seed &+ UInt64(bitPattern: Int64(i)) &* 0x9E37_79B9)
            return generator.nextUnit()
        }
        let i = Int(x.rounded(.down)), f = x - x.rounded(.down)
        let s = f * f * (3 - 2 * f)
        return lattice(i) * (1 - s) + lattice(i + 1) * s
    }
}
