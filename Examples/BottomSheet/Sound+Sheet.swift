import Foundation
import Kiln

extension Sound {
    /// About 60 ms: a soft, low knock as the sheet settles on a detent, a falling sine
    /// under a faint wooden partial, nothing sharp.
    static let sheetDetent = Sound(name: "sheet-detent", seed: 41) { synthesizer, _ in
        let count = synthesizer.frames(0.06)
        var samples = (0..<count).map { i -> Float in
            let t = synthesizer.time(i)
            let pitch = 170 + 70 * exp(-t / 0.012)
            let body = sin(2 * Double.pi * pitch * t)
            let wood = 0.25 * sin(2 * Double.pi * 640 * t) * exp(-t / 0.005)
            let envelope = (1 - exp(-t / 0.0015)) * exp(-t / 0.016)
            return Float((body + wood) * envelope)
        }
        SoundSynthesizer.fadeEdges(&samples, fadeIn: 0, fadeOut: synthesizer.frames(0.01))
        return SoundSynthesizer.normalized(SoundBuffer(sampleRate: synthesizer.sampleRate, mono: samples), peak: 0.4)
    }
}
