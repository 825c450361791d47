import Foundation

/// Sparse, bright grains of decaying noise at random times: electrical crackle and the pops
/// of something burning.
public struct Crackle: Sendable {
    /// Grains per second at a time in seconds.
    public var rate: @Sendable (Double) -> Double
    /// Peak amplitudes; most grains are near the lower end, a few pop at the upper.
    public var amplitude: ClosedRange<Double>
    /// Grain lengths in seconds.
    public var length: ClosedRange<Double>
    /// Whether grains running past the end continue at the start (for loops).
    public var wraps: Bool

    /// Grains at `rate` per second (a function of time in seconds), of peak `amplitude`
    /// and `length` seconds, continuing at the start when `wraps`.
    public init(rate: @escaping @Sendable (Double) -> Double, amplitude: ClosedRange<Double>,
                length: ClosedRange<Double>, wraps: Bool) {
        self.rate = rate
        self.amplitude = amplitude
        self.length = length
        self.wraps = wraps
    }
}

extension SoundSynthesizer {
    /// Adds the grains of `crackle` to both channels, each grain at a random pan.
    public func add(_ crackle: Crackle, left: inout [Float], right: inout [Float], _ random: inout SplitMix64) {
        let count = left.count
        let duration = time(count)
        var t = 0.0
        while true {
            let rate = crackle.rate(t)
            guard rate > 1e-3 else { break }
            t += -log(1 - random.nextUnit()) / rate
            guard t < duration else { break }
            let grain = makeGrain(crackle, &random)
            let pan = random.nextUnit() * Double.pi / 2
            let gains = (Float(cos(pan) * 1.414), Float(sin(pan) * 1.414))
            let start = frames(t)
            for (k, value) in grain.enumerated() {
                var index = start + k
                if index >= count {
                    guard crackle.wraps else { break }
                    index -= count
                }
                left[index] += value * gains.0
                right[index] += value * gains.1
            }
        }
    }

    /// One grain: differenced noise (bright) under a fast exponential decay.
    private func makeGrain(_ crackle: Crackle, _ random: inout SplitMix64) -> [Float] {
        let span = crackle.amplitude.upperBound - crackle.amplitude.lowerBound
        let amplitude = Float(crackle.amplitude.lowerBound + span * pow(random.nextUnit(), 3))
        let lengthSpan = crackle.length.upperBound - crackle.length.lowerBound
        let length = max(2, frames(crackle.length.lowerBound + lengthSpan * random.nextUnit()))
        let decay = Double(length) * 0.3
        var previous: Float = 0
        return (0..<length).map { k in
            let n = Float(random.nextUnit() * 2 - 1)
            defer { previous = n }
            return (n - previous) * 0.5 * amplitude * Float(exp(-Double(k) / decay))
        }
    }
}
