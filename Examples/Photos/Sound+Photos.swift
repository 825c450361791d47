import Foundation
import Kiln

extension Sound {
    /// About 240 ms: a soft airy swell rising in pitch, as a photo opens.
    static let photoOpen = Sound(name: "photo-open", seed: 5) { synthesizer, random in
        swell(synthesizer, &random, from: 380, to: 620, duration: 0.24)
    }

    /// About 240 ms: the same swell falling, as a photo closes into its thumbnail.
    static let photoClose = Sound(name: "photo-close", seed: 9) { synthesizer, random in
        swell(synthesizer, &random, from: 560, to: 320, duration: 0.24)
    }

    /// About 40 ms: a short dry tick, as a page turns.
    static let photoTick = Sound(name: "photo-tick", seed: 3) { synthesizer, random in
        let count = synthesizer.frames(0.04)
        var samples = (0..<count).map { i -> Float in
            let t = synthesizer.time(i)
            let click = sin(2 * Double.pi * 2100 * t) * exp(-t / 0.006)
            let body = 0.5 * sin(2 * Double.pi * 900 * t) * exp(-t / 0.012)
            let grit = 0.15 * Double.random(in: -1...1, using: &random) * exp(-t / 0.003)
            return Float(click + body + grit)
        }
        SoundSynthesizer.fadeEdges(&samples, fadeIn: 0, fadeOut: synthesizer.frames(0.008))
        return SoundSynthesizer.normalized(SoundBuffer(sampleRate: synthesizer.sampleRate, mono: samples), peak: 0.35)
    }

    /// Breathy noise over a sine gliding from `from` to `to` hertz, rising and falling softly.
    private static func swell(_ synthesizer: SoundSynthesizer, _ random: inout SplitMix64,
                              from: Double, to: Double, duration: Double) -> SoundBuffer {
        let count = synthesizer.frames(duration)
        var smoothed = 0.0
        var phase = 0.0
        var samples = (0..<count).map { i -> Float in
            let t = synthesizer.time(i)
            let progress = t / duration
            phase += 2 * Double.pi * (from + (to - from) * progress) / Double(synthesizer.sampleRate)
            smoothed += 0.08 * (Double.random(in: -1...1, using: &random) - smoothed)
            let envelope = sin(Double.pi * min(1, progress)) * (1 - exp(-t / 0.02))
            return Float((0.55 * sin(phase) + 2.2 * smoothed) * envelope)
        }
        SoundSynthesizer.fadeEdges(&samples, fadeIn: 0, fadeOut: synthesizer.frames(0.02))
        return SoundSynthesizer.normalized(SoundBuffer(sampleRate: synthesizer.sampleRate, mono: samples), peak: 0.3)
    }
}
