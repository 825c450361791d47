import Foundation
import Kiln

extension Sound {
    /// About 260 ms: a bright rising pair of bell tones, for a like.
    static let cardLike = Sound(name: "card-like", seed: 7) { synthesizer, _ in
        let count = synthesizer.frames(0.26)
        var samples = (0..<count).map { i -> Float in
            let t = synthesizer.time(i)
            let first = sin(2 * Double.pi * 880 * t) * exp(-t / 0.05)
            let second = t < 0.07 ? 0 : sin(2 * Double.pi * 1320 * (t - 0.07)) * exp(-(t - 0.07) / 0.08)
            let shimmer = 0.2 * sin(2 * Double.pi * 2640 * t) * exp(-t / 0.03)
            return Float((first + second + shimmer) * (1 - exp(-t / 0.002)))
        }
        SoundSynthesizer.fadeEdges(&samples, fadeIn: 0, fadeOut: synthesizer.frames(0.02))
        return SoundSynthesizer.normalized(SoundBuffer(sampleRate: synthesizer.sampleRate, mono: samples), peak: 0.5)
    }

    /// About 180 ms: a soft falling whoosh, for a pass: filtered noise under a dropping tone.
    static let cardNope = Sound(name: "card-nope", seed: 11) { synthesizer, random in
        let count = synthesizer.frames(0.18)
        var smoothed = 0.0
        var samples = (0..<count).map { i -> Float in
            let t = synthesizer.time(i)
            smoothed += 0.18 * (Double.random(in: -1...1, using: &random) - smoothed)
            let tone = 0.6 * sin(2 * Double.pi * (260 - 500 * t) * t)
            let envelope = (1 - exp(-t / 0.01)) * exp(-t / 0.06)
            return Float((smoothed * 1.6 + tone) * envelope)
        }
        SoundSynthesizer.fadeEdges(&samples, fadeIn: 0, fadeOut: synthesizer.frames(0.02))
        return SoundSynthesizer.normalized(SoundBuffer(sampleRate: synthesizer.sampleRate, mono: samples), peak: 0.4)
    }
}
