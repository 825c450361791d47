import Foundation
import Kiln

extension SoundSynthesizer {
    /// About 0.18 s: two round notes, C6 and then G6 55 ms later, each gliding up into its
    /// pitch from a few percent below (the chirp) with a faint octave, and gone quickly.
    func confirm() -> SoundBuffer {
        let count = frames(0.18)
        let notes: [(frequency: Double, start: Double, decay: Double, level: Double)] = [
            (1046.5, 0, 0.035, 0.8), (1568, 0.055, 0.045, 1),
        ]
        var samples = [Float](repeating: 0, count: count)
        for note in notes {
            var phase = 0.0
            for i in frames(note.start)..<count {
                let t = time(i) - note.start
                // Six percent below the note, settling within about 15 ms.
                let frequency = note.frequency * (1 - 0.06 * exp(-t / 0.006))
                phase += 2 * Double.pi * frequency / Double(sampleRate)
                // A raised-cosine onset over 4 ms: soft, no click.
                let attack = t < 0.004 ? 0.5 - 0.5 * cos(Double.pi * t / 0.004) : 1
                let tone = sin(phase) + 0.15 * sin(2 * phase)
                samples[i] += Float(note.level * attack * tone * exp(-t / note.decay))
            }
        }
        Self.fadeEdges(&samples, fadeIn: 0, fadeOut: frames(0.04))
        return Self.normalized(SoundBuffer(sampleRate: sampleRate, mono: samples), peak: 0.5)
    }
}
