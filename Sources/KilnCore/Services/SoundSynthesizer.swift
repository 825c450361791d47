import Foundation

/// Synthesizes declared sounds, and holds the pieces they are made from: noise, fades,
/// normalizing, time in frames (with `OnePoleLowpass`, `StateVariableFilter` and `Crackle`
/// beside it). Pure and deterministic: the same seed always gives the same samples.
///
/// A loop (`Sound.isLoop`) repeats without a click when its tones are whole numbers of
/// hertz over a whole number of seconds and its noise is filtered as if it wrapped around
/// (`OnePoleLowpass.circular`).
public struct SoundSynthesizer: Sendable {
    /// CD rate, which SDL_mixer is opened at.
    public static let defaultSampleRate = 44_100

    /// Frames per second of every buffer made.
    public let sampleRate: Int
    /// Where every random choice starts from.
    public let seed: UInt64

    /// Makes a synthesizer at `sampleRate` whose random choices start from `seed`.
    public init(sampleRate: Int = SoundSynthesizer.defaultSampleRate, seed: UInt64 = 0x4B49_4C4E) {
        self.sampleRate = sampleRate
        self.seed = seed
    }

    /// The samples of `sound`. Each sound draws from a generator of its own, started from
    /// the synthesizer's seed and the sound's, so the order in which sounds are rendered
    /// does not change them.
    public func render(_ sound: Sound) -> SoundBuffer {
        var random = SplitMix64(seed: seed ^ (sound.seed &* 0x9E37_79B9_7F4A_7C15))
        return sound.synthesize(with: self, &random)
    }

    // MARK: Building blocks

    /// The frame count of `seconds`.
    public func frames(_ seconds: Double) -> Int {
        Int((seconds * Double(sampleRate)).rounded())
    }

    /// Seconds at frame `index`.
    public func time(_ index: Int) -> Double {
        Double(index) / Double(sampleRate)
    }

    /// `count` samples of uniform white noise in `-1..<1`.
    public static func noise(_ count: Int, _ random: inout SplitMix64) -> [Float] {
        (0..<count).map { _ in Float(random.nextUnit() * 2 - 1) }
    }

    /// Scales both channels so that the loudest sample reaches `peak`, after removing any
    /// constant offset (which would thump when the sound starts and stops).
    public static func normalized(_ buffer: SoundBuffer, peak: Float) -> SoundBuffer {
        let left = withoutOffset(buffer.left), right = withoutOffset(buffer.right)
        let loudest = max(left.map(abs).max() ?? 0, right.map(abs).max() ?? 0)
        guard loudest > 0 else { return buffer }
        let gain = peak / loudest
        return SoundBuffer(
            sampleRate: buffer.sampleRate, left: left.map { $0 * gain }, right: right.map { $0 * gain })
    }

    private static func withoutOffset(_ samples: [Float]) -> [Float] {
        guard !samples.isEmpty else { return samples }
        let mean = samples.reduce(0, +) / Float(samples.count)
        return samples.map { $0 - mean }
    }

    /// Raised-cosine fades over the first `fadeIn` and last `fadeOut` frames, so that a
    /// one-shot starts and ends at exactly zero.
    public static func fadeEdges(_ samples: inout [Float], fadeIn: Int, fadeOut: Int) {
        let count = samples.count
        for i in 0..<min(fadeIn, count) {
            samples[i] *= Float(0.5 - 0.5 * cos(Double.pi * Double(i) / Double(fadeIn)))
        }
        for i in 0..<min(fadeOut, count) {
            samples[count - 1 - i] *= Float(0.5 - 0.5 * cos(Double.pi * Double(i) / Double(fadeOut)))
        }
    }
}
