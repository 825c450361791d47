import Foundation
import KilnCore
import KilnEndToEndSupport
import LaserDemo
import MailboxDemo
import PressureDemo
import Testing

/// Every sound the shipped scenes declare.
private let allSounds: [Sound] = [.ignition, .hum, .sizzle, .tick, .chime, .whoosh, .confirm, .pop]

@Suite("The scenes' sounds")
struct SceneSoundTests {
    let synthesizer = SoundSynthesizer()

    @Test("The app prepares every sound a scene declares, each once")
    func catalogueHoldsEverySceneSound() {
        let names = DemoCatalog.sounds.map(\.name)

        #expect(Set(names).count == names.count)
        #expect(Set(names) == Set(allSounds.map(\.name)))
        for sound in LaserScene.sounds + MailboxScene.sounds + PressureScene.sounds {
            #expect(names.contains(sound.name), "\(sound)")
        }
    }

    @Test("Under random input a scene plays only the sounds it declares, so none waits to be synthesized",
          arguments: DemoCatalog.names)
    func scenesPlayOnlyDeclaredSounds(scene name: String) {
        let scripts = PointerFuzz.scripts(canvas: SceneFuzz.canvas, length: 1...40, keys: SceneFuzz.keys)

        let failure = PointerFuzzCheck("\(name) sounds", count: 20).run(scripts) { script in
            let fuzz = SceneFuzz(name)
            fuzz.driver.play(script)
            fuzz.driver.settle(for: 2)
            let declared = Set(type(of: fuzz.scene).sounds)
            return fuzz.audio.heardSounds.filter { !declared.contains($0) }.map { "played \($0), not declared" }
        }

        #expect(failure == nil, "\(failure?.description ?? "")")
    }

    @Test("The same seed gives the same samples, in any order; another seed gives others")
    func determinism() {
        let sizzleFirst = synthesizer.render(.sizzle)
        let humAfterSizzle = synthesizer.render(.hum)

        let again = SoundSynthesizer()
        let reseeded = SoundSynthesizer(seed: 7)

        #expect(again.render(.hum) == humAfterSizzle)
        #expect(again.render(.sizzle) == sizzleFirst)
        #expect(reseeded.render(.sizzle) != sizzleFirst)
    }

    @Test("Each sound lasts as long as it should; loops last whole seconds")
    func durations() {
        let expected: [Sound: Double] = [
            .ignition: 0.6, .hum: 1, .sizzle: 2, .tick: 0.02, .chime: 0.5, .whoosh: 0.35, .confirm: 0.18,
            .pop: 0.07,
        ]

        for sound in allSounds {
            let buffer = synthesizer.render(sound)

            #expect(abs(buffer.duration - expected[sound]!) < 0.001, "\(sound)")
            if sound.isLoop {
                #expect(buffer.frameCount % buffer.sampleRate == 0, "\(sound)")
            }
        }
    }

    @Test("Every sound is clearly audible, never clips and has no constant offset")
    func levels() {
        for sound in allSounds {
            let buffer = synthesizer.render(sound)

            for channel in [buffer.left, buffer.right] {
                #expect(channel.map(abs).max()! <= 0.9, "\(sound) clips")
                #expect(abs(channel.reduce(0, +) / Float(channel.count)) < 0.001, "\(sound) has DC")
                #expect(rms(channel) > 0.05, "\(sound) is too quiet")
            }
        }
    }

    @Test("One-shots start and end at silence, so they do not click")
    func oneShotEdges() {
        for sound in allSounds where !sound.isLoop {
            let buffer = synthesizer.render(sound)

            for channel in [buffer.left, buffer.right] {
                #expect(abs(channel.first!) < 0.01, "\(sound) starts with a click")
                #expect(abs(channel.last!) < 0.01, "\(sound) ends with a click")
            }
        }
    }

    @Test("The hum's loop point continues its waveform and its slope")
    func humLoopIsSeamless() {
        let hum = synthesizer.render(.hum)

        for channel in [hum.left, hum.right] {
            let steps = differences(channel)
            let curvature = differences(steps)
            let wrapStep = channel[0] - channel[channel.count - 1]
            let wrapCurvature = wrapStep - steps[steps.count - 1]

            // An exactly periodic wave steps across the seam as it does anywhere else.
            #expect(abs(wrapStep) <= steps.map(abs).max()!)
            #expect(abs(wrapCurvature) <= curvature.map(abs).max()!)
        }
    }

    @Test("The hum is low: its strongest partial is the 98 Hz fundamental, little is above 2 kHz")
    func humSpectrum() {
        let hum = synthesizer.render(.hum)

        let strongest = stride(from: 40.0, through: 400, by: 2)
            .max { power(hum.left, at: $0) < power(hum.left, at: $1) }

        #expect(strongest == 98)
        #expect(roughFrequency(hum.left) < 1000)
    }

    @Test("The sizzle is much brighter than the hum and loops without a jump")
    func sizzleIsBrightAndSeamless() {
        let sizzle = synthesizer.render(.sizzle)
        let hum = synthesizer.render(.hum)

        let steps = differences(sizzle.left).map(abs).sorted()
        let wrapStep = abs(sizzle.left[0] - sizzle.left[sizzle.left.count - 1])

        #expect(roughFrequency(sizzle.left) > 3 * roughFrequency(hum.left))
        // Noise has no exact continuation; the seam must look like an ordinary step.
        #expect(wrapStep <= steps[steps.count * 99 / 100])
    }

    @Test("The ignition sweeps up to the hum's pitch and starts brighter than it ends")
    func ignitionSweepsUp() {
        let ignition = synthesizer.render(.ignition).left
        let early = Array(ignition[synthesizer.frames(0.03)..<synthesizer.frames(0.13)])
        let late = Array(ignition[synthesizer.frames(0.3)..<synthesizer.frames(0.4)])
        let attack = Array(ignition[0..<synthesizer.frames(0.015)])

        #expect(pitch(early) < 85)
        #expect(abs(pitch(late) - 98) < 12)
        #expect(roughFrequency(attack) > 2 * roughFrequency(late))
    }

    @Test("The tick is over within 10 ms")
    func tickIsShort() {
        let tick = synthesizer.render(.tick).left

        let head = tick[0..<synthesizer.frames(0.01)].map { $0 * $0 }.reduce(0, +)
        let total = tick.map { $0 * $0 }.reduce(0, +)

        #expect(head / total > 0.95)
    }

    @Test("The chime rings at its two notes and dies away")
    func chimeRingsAndDecays() {
        let chime = synthesizer.render(.chime).left
        let ringing = Array(chime[synthesizer.frames(0.1)..<synthesizer.frames(0.2)])
        let tail = Array(chime[synthesizer.frames(0.4)..<synthesizer.frames(0.5)])

        #expect(power(ringing, at: 880) > 20 * power(ringing, at: 1100))
        #expect(power(ringing, at: 1320) > 20 * power(ringing, at: 1100))
        #expect(rms(tail) < 0.35 * rms(ringing))
    }

    @Test("The confirm chirp rises from C6 to G6 and is over in under 0.2 s")
    func confirmRises() {
        let confirm = synthesizer.render(.confirm).left
        let first = Array(confirm[synthesizer.frames(0.01)..<synthesizer.frames(0.05)])
        let second = Array(confirm[synthesizer.frames(0.07)..<synthesizer.frames(0.11)])
        let tail = Array(confirm[synthesizer.frames(0.15)...])

        #expect(power(first, at: 1046.5) > 20 * power(first, at: 1568))
        #expect(power(second, at: 1568) > 5 * power(second, at: 1046.5))
        #expect(rms(tail) < 0.1 * rms(second))
    }

    @Test("The pop is low-mid and round: no step sharper than its own tone, over in 70 ms")
    func popIsRound() {
        let pop = synthesizer.render(.pop).left
        let tick = synthesizer.render(.tick).left
        let peak = pop.map(abs).max()!

        #expect((250...800).contains(roughFrequency(pop)))
        #expect(roughFrequency(pop) < roughFrequency(tick) / 2)
        // A 520 Hz sine at this peak steps at most peak × 2π × 520 / 44 100 ≈ 0.074 × peak.
        #expect(differences(pop).map(abs).max()! < 0.08 * peak)
    }

    @Test("The ring's and the options' sounds at their default volumes peak under -12 dBFS, below the laser's hum")
    func feedbackIsQuiet() {
        let pressure = PressureTuning(), mailbox = MailboxTuning()
        let played: [(Sound, Double)] = [
            (.tick, pressure.selectedVolume), (.confirm, pressure.confirmedVolume), (.pop, mailbox.panelVolume),
        ]
        // The hum loops at 0.55 in the laser scene (L3).
        let hum = synthesizer.render(.hum).left.map(abs).max()! * 0.55

        for (sound, volume) in played {
            let peak = synthesizer.render(sound).left.map(abs).max()! * Float(volume)

            #expect(peak < 0.25, "\(sound)")
            #expect(peak < 0.8 * hum, "\(sound)")
        }
    }
}

// MARK: - Measuring

private func rms(_ samples: [Float]) -> Float {
    (samples.map { $0 * $0 }.reduce(0, +) / Float(samples.count)).squareRoot()
}

private func differences(_ samples: [Float]) -> [Float] {
    zip(samples.dropFirst(), samples).map { $0 - $1 }
}

/// The frequency of a sine with the same ratio of slope to level: a single number for how
/// bright a sound is (sox calls it the rough frequency).
private func roughFrequency(_ samples: [Float]) -> Double {
    Double(rms(differences(samples)) / rms(samples)) * 44_100 / (2 * Double.pi)
}

/// The power of `samples` at one frequency (Goertzel's algorithm).
private func power(_ samples: [Float], at frequency: Double) -> Double {
    let coefficient = 2 * cos(2 * Double.pi * frequency / 44_100)
    var previous = 0.0, beforePrevious = 0.0
    for sample in samples {
        let current = Double(sample) + coefficient * previous - beforePrevious
        beforePrevious = previous
        previous = current
    }
    return previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
}

/// The fundamental of a buzzing tone, from the first peak of its autocorrelation between
/// 25 and 200 Hz.
private func pitch(_ samples: [Float]) -> Double {
    let lags = (44_100 / 200)...(44_100 / 25)
    let best = lags.max { correlation(samples, lag: $0) < correlation(samples, lag: $1) }!
    return 44_100 / Double(best)
}

private func correlation(_ samples: [Float], lag: Int) -> Float {
    var sum: Float = 0
    for i in 0..<(samples.count - lag) {
        sum += samples[i] * samples[i + lag]
    }
    return sum / Float(samples.count - lag)
}
