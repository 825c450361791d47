import Foundation

// Interface sounds: short, soft and pitched above the laser so they read through it.

extension SoundSynthesizer {
    /// 20 ms: a soft wooden tick, two damped partials (1.5 and 3.3 kHz) over a breath of
    /// bright noise, gone within a few milliseconds.
    func tick(_ random: inout SplitMix64) -> SoundBuffer {
        let count = frames(0.02)
        let noise = Self.noise(count, &random)
        var samples = (0..<count).map { i -> Float in
            let t = time(i)
            let body = 0.7 * sin(2 * Double.pi * 1500 * t) + 0.3 * sin(2 * Double.pi * 3300 * t + 1)
            let breath = Double(noise[i]) * 0.25 * exp(-t / 0.0008)
            return Float((body + breath) * exp(-t / 0.0035))
        }
        Self.fadeEdges(&samples, fadeIn: frames(0.0005), fadeOut: frames(0.004))
        return Self.normalized(SoundBuffer(sampleRate: sampleRate, mono: samples), peak: 0.45)
    }

    /// About 0.5 s: two bell-like notes a fifth apart (A5, then E6 70 ms later), each with
    /// a faint octave, ringing out exponentially.
    func chime() -> SoundBuffer {
        let count = frames(0.5)
        let notes: [(frequency: Double, start: Double, decay: Double, level: Double)] = [
            (880, 0, 0.13, 0.8), (1318.5, 0.07, 0.16, 1),
        ]
        var samples = [Float](repeating: 0, count: count)
        for note in notes {
            for i in frames(note.start)..<count {
                let t = time(i) - note.start
                let attack = min(1, t / 0.003)
                let tone = sin(2 * Double.pi * note.frequency * t)
                    + 0.2 * sin(2 * Double.pi * 2 * note.frequency * t) * exp(-t / 0.05)
                samples[i] += Float(note.level * attack * tone * exp(-t / note.decay))
            }
        }
        Self.fadeEdges(&samples, fadeIn: 0, fadeOut: frames(0.05))
        return Self.normalized(SoundBuffer(sampleRate: sampleRate, mono: samples), peak: 0.55)
    }

    /// About 0.35 s: air rushing past, a noise band swept up from 300 Hz to 2.4 kHz and
    /// back down under a swelling and fading envelope.
    func whoosh(_ random: inout SplitMix64) -> SoundBuffer {
        let count = frames(0.35)
        var channels: [[Float]] = []
        for _ in 0..<2 {
            let noise = Self.noise(count, &random)
            var band = StateVariableFilter(sampleRate: sampleRate, damping: 0.7)
            // The band-pass's skirts are gentle; this keeps the top from hissing.
            var air = OnePoleLowpass(cutoff: 5000, sampleRate: sampleRate)
            channels.append((0..<count).map { i in
                let progress = Double(i) / Double(count)
                let centre = 300 * pow(8, sin(Double.pi * pow(progress, 0.8)))
                let swell = pow(sin(Double.pi * progress), 2)
                return Float(swell) * air.process(band.bandpass(noise[i], centre: centre))
            })
        }
        let buffer = SoundBuffer(sampleRate: sampleRate, left: channels[0], right: channels[1])
        return Self.normalized(buffer, peak: 0.6)
    }
}
