extension ParticleStore {
    /// Ages every live particle by `dt`, replaces each that died by the last one, and
    /// moves the survivors.
    mutating func advanceAll(by dt: Float, ax: Float, ay: Float, damping: Float) {
        let live = count
        guard live > 0 else { return }
        let dampingFactor = 1 / (1 + damping * dt)
        count = withPlanes { p in
            var remaining = live
            var i = 0
            while i < remaining {
                let age = p.age[i] + dt
                if age >= p.lifetime[i] {
                    // The last particle takes this slot and is handled on the next pass.
                    remaining -= 1
                    p.move(from: remaining, to: i)
                    continue
                }
                p.age[i] = age
                p.advance(i, by: dt, ax: ax, ay: ay, dampingFactor: dampingFactor)
                i += 1
            }
            return remaining
        }
    }

    /// Adds a particle born `lead` seconds before the end of the step, advanced to it.
    mutating func append(_ newborn: Newborn, advancedBy lead: Float, ax: Float, ay: Float, damping: Float) {
        precondition(count < capacity, "particle store is full")
        let i = count
        withPlanes { p in
            p.x[i] = Float(newborn.position.x)
            p.y[i] = Float(newborn.position.y)
            p.vx[i] = Float(newborn.velocity.x)
            p.vy[i] = Float(newborn.velocity.y)
            p.age[i] = lead
            p.lifetime[i] = Float(newborn.lifetime)
            p.scale[i] = Float(newborn.scale)
            p.scaleSpeed[i] = Float(newborn.scaleSpeed)
            p.rotation[i] = 0
            p.spin[i] = Float(newborn.spin)
            p.red[i] = Float(newborn.color.red)
            p.green[i] = Float(newborn.color.green)
            p.blue[i] = Float(newborn.color.blue)
            p.alpha[i] = Float(newborn.color.alpha)
            p.redSpeed[i] = Float(newborn.colorSpeed.red)
            p.greenSpeed[i] = Float(newborn.colorSpeed.green)
            p.blueSpeed[i] = Float(newborn.colorSpeed.blue)
            p.alphaSpeed[i] = Float(newborn.colorSpeed.alpha)
            if lead > 0 {
                p.advance(i, by: lead, ax: ax, ay: ay, dampingFactor: 1 / (1 + damping * lead))
            }
        }
        count += 1
    }
}
