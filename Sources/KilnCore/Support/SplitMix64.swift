/// A small, fast, seedable random generator (SplitMix64). Every random choice in Kiln comes
/// from one of these, passed in, so that a seed reproduces a run exactly.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in 0..<1.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// A uniform value in `-1...1` scaled by `range`: CAEmitterCell's `xRange` convention.
    public mutating func spread(_ range: Double) -> Double {
        range == 0 ? 0 : (nextUnit() * 2 - 1) * range
    }
}
