import Foundation
import Kiln

// The laser's voices. The hum's pitch (98 Hz with a 100 Hz companion) is where the
// ignition sweep lands, so that ignition hands over to the hum without a jump.

extension SoundSynthesizer {
    /// The hum's fundamental, in hertz.
    static let humFundamental = 98

    /// One second of two buzzing harmonic series, 98 Hz and 100 Hz, beating at 2 Hz per
    /// harmonic, with a slight 4 Hz tremolo. Every partial is a whole number of hertz, so
    /// one second holds whole periods of all of them and the loop point is seamless.
    func hum(_ random: inout SplitMix64) -> SoundBuffer {
        let count = sampleRate
        let sine = (0..<count).map { Float(sin(2 * Double.pi * Double($0) / Double(count))) }
        var left = [Float](repeating: 0, count: count), right = left
        for (base, level) in [(Self.humFundamental, 1.0), (Self.humFundamental + 2, 0.45)] {
            for n in 1...14 {
                // Odd harmonics stronger: the hollow buzz of a mains transformer.
                let weight = Float(level * (n % 2 == 1 ? 1 : 0.55) / pow(Double(n), 1.05))
                let step = base * n
                let leftPhase = Int(random.nextUnit() * Double(count))
                // The companion series sits at another phase on the right: the beating
                // swells at different moments in each ear, a slow stereo movement.
                let rightPhase = base == Self.humFundamental
                    ? leftPhase : Int(random.nextUnit() * Double(count))
                for i in 0..<count {
                    left[i] += weight * sine[(step * i + leftPhase) % count]
                    right[i] += weight * sine[(step * i + rightPhase) % count]
                }
            }
        }
        for i in 0..<count {
            let tremolo = 1 + 0.07 * sine[(4 * i) % count]
            left[i] *= tremolo
            right[i] *= tremolo
        }
        return Self.normalized(SoundBuffer(sampleRate: sampleRate, left: left, right: right), peak: 0.55)
    }

    /// About 0.6 s: a bright snap and hiss, a buzzing tone sweeping up from 30 Hz to the
    /// hum's pitch (with a small overshoot, the lightsaber "vwom"), and crackle that dies
    /// away. It fades out over its last quarter, under the hum that starts with it.
    func ignition(_ random: inout SplitMix64) -> SoundBuffer {
        let count = frames(0.6)
        var tone = ignitionSweep(count)
        let hiss = ignitionHiss(count, &random)
        for i in 0..<count {
            tone[i] = tone[i] * 0.6 + hiss[i]
        }
        var left = tone, right = tone
        let crackle = Crackle(
            rate: { 260 * exp(-$0 / 0.14) }, amplitude: 0.15...0.9, length: 0.001...0.004, wraps: false)
        add(crackle, left: &left, right: &right, &random)
        Self.fadeEdges(&left, fadeIn: frames(0.002), fadeOut: frames(0.16))
        Self.fadeEdges(&right, fadeIn: frames(0.002), fadeOut: frames(0.16))
        return Self.normalized(SoundBuffer(sampleRate: sampleRate, left: left, right: right), peak: 0.8)
    }

    /// A band-limited sawtooth whose pitch rises to the hum's and whose brightness falls
    /// from a keen attack to the hum's mellower spectrum.
    private func ignitionSweep(_ count: Int) -> [Float] {
        let target = Double(Self.humFundamental)
        var phase = 0.0
        return (0..<count).map { i in
            let t = time(i)
            let overshoot = 1 + 0.14 * (t / 0.2) * exp(1 - t / 0.2)
            let frequency = target * (1 - 0.7 * exp(-t / 0.09)) * overshoot
            phase += 2 * Double.pi * frequency / Double(sampleRate)
            let rolloff = 0.55 + 0.6 * min(1, t / 0.3)
            let partials = min(40, Int(0.4 * Double(sampleRate) / frequency))
            var sample = 0.0
            for n in 1...partials {
                sample += sin(Double(n) * phase) * exp(-rolloff * log(Double(n)))
            }
            return Float(sample)
        }
    }

    /// Bright noise: a burst at the very start, then a hiss whose band sweeps up with
    /// the tone and fades.
    private func ignitionHiss(_ count: Int, _ random: inout SplitMix64) -> [Float] {
        let noise = Self.noise(count, &random)
        var band = StateVariableFilter(sampleRate: sampleRate, damping: 0.9)
        var previous: Float = 0
        return (0..<count).map { i in
            let t = time(i)
            let bright = (noise[i] - previous) * Float(0.9 * exp(-t / 0.012))
            previous = noise[i]
            let centre = 500 * pow(8, min(1, t / 0.25))
            let swell = Float(0.35 * sin(Double.pi * min(1, t / 0.45)))
            return bright + swell * band.bandpass(noise[i], centre: centre)
        }
    }

    /// Two seconds of frying: noise in a 1.8–7 kHz band with a ragged 25 Hz flutter and random pops.
    /// The noise is filtered circularly and the pops wrap around, so the loop is seamless.
    func sizzle(_ random: inout SplitMix64) -> SoundBuffer {
        let count = 2 * sampleRate
        let shared = Self.noise(count, &random)
        let flutter = sizzleFlutter(count, &random)
        var channels: [[Float]] = []
        for _ in 0..<2 {
            let own = Self.noise(count, &random)
            let mixed = (0..<count).map { 0.8 * shared[$0] + 0.6 * own[$0] }
            let bright = OnePoleLowpass.circularHighpass(mixed, cutoff: 1800, sampleRate: sampleRate)
            // Two poles above the band keep it a sizzle rather than a hiss.
            let softened = OnePoleLowpass.circular(bright, cutoff: 7000, sampleRate: sampleRate)
            let band = OnePoleLowpass.circular(softened, cutoff: 7000, sampleRate: sampleRate)
            channels.append((0..<count).map { band[$0] * flutter[$0] })
        }
        let crackle = Crackle(
            rate: { _ in 70 }, amplitude: 0.15...0.9, length: 0.0005...0.003, wraps: true)
        var left = channels[0], right = channels[1]
        add(crackle, left: &left, right: &right, &random)
        let buffer = SoundBuffer(sampleRate: sampleRate, left: left, right: right)
        return Self.normalized(buffer, peak: 0.85)
    }

    /// A loudness between 0.3 and 1 wandering about 25 times a second, seamless at the
    /// loop point.
    private func sizzleFlutter(_ count: Int, _ random: inout SplitMix64) -> [Float] {
        let smooth = OnePoleLowpass.circular(Self.noise(count, &random), cutoff: 25, sampleRate: sampleRate)
        let spread = max(smooth.map(abs).max() ?? 1, 1e-6)
        return smooth.map { 0.65 + 0.35 * $0 / spread }
    }
}
