import Foundation

/// A one-pole low-pass filter: 6 dB per octave above `cutoff`.
public struct OnePoleLowpass: Sendable {
    private let coefficient: Float
    private var state: Float = 0

    /// A filter at rest whose response falls off above `cutoff` hertz.
    public init(cutoff: Double, sampleRate: Int) {
        coefficient = Float(1 - exp(-2 * Double.pi * cutoff / Double(sampleRate)))
    }

    /// The next output for input sample `x`.
    public mutating func process(_ x: Float) -> Float {
        state += coefficient * (x - state)
        return state
    }

    /// Filters `signal` as if it repeated forever, so that a loop made of it stays
    /// seamless: a first pass settles the state at the loop's end, a second pass
    /// continues from there.
    public static func circular(_ signal: [Float], cutoff: Double, sampleRate: Int) -> [Float] {
        var filter = OnePoleLowpass(cutoff: cutoff, sampleRate: sampleRate)
        for x in signal { _ = filter.process(x) }
        return signal.map { filter.process($0) }
    }

    /// The part of `signal` above `cutoff`, filtered circularly like `circular`.
    public static func circularHighpass(_ signal: [Float], cutoff: Double, sampleRate: Int) -> [Float] {
        let low = circular(signal, cutoff: cutoff, sampleRate: sampleRate)
        return zip(signal, low).map { $0 - $1 }
    }
}

/// A state-variable filter (Chamberlin's form) giving a band-pass output whose centre may
/// move every sample. Stable for centres below about a sixth of the sample rate.
public struct StateVariableFilter: Sendable {
    private let sampleRate: Double
    /// Damping, 2 for a broad band down to near 0 for a sharp resonance.
    private let damping: Float
    private var low: Float = 0
    private var band: Float = 0

    /// A filter at rest; `damping` runs from 2 (a broad band) down to near 0 (a sharp resonance).
    public init(sampleRate: Int, damping: Double) {
        self.sampleRate = Double(sampleRate)
        self.damping = Float(damping)
    }

    /// The next band-pass output for input sample `x`, with the band centred on `centre` hertz.
    public mutating func bandpass(_ x: Float, centre: Double) -> Float {
        let f = Float(2 * sin(Double.pi * min(centre, sampleRate / 6) / sampleRate))
        low += f * band
        let high = x - low - damping * band
        band += f * high
        return band
    }
}
