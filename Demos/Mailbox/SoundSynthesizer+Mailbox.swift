import Foundation
import Kiln

extension SoundSynthesizer {
    /// About 70 ms: a bubble's pop, a sine rising quickly from 330 to 520 Hz with a touch of
    /// its octave, fading in over 3 ms and dying away, so it is round rather than clicky.
    func pop() -> SoundBuffer {
        let count = frames(0.07)
        var phase = 0.0
        var samples = (0..<count).map { i -> Float in
            let t = time(i)
            let frequency = 330 + 190 * (1 - exp(-t / 0.012))
            phase += 2 * Double.pi * frequency / Double(sampleRate)
            let tone = sin(phase) + 0.12 * sin(2 * phase)
            return Float(tone * exp(-t / 0.016))
        }
        Self.fadeEdges(&samples, fadeIn: frames(0.003), fadeOut: frames(0.02))
        return Self.normalized(SoundBuffer(sampleRate: sampleRate, mono: samples), peak: 0.5)
    }
}
