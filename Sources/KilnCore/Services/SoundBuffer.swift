import Foundation

/// Synthesized stereo audio: one Float sample per channel per frame, nominally in `-1...1`.
public struct SoundBuffer: Equatable, Sendable {
    /// Frames per second.
    public let sampleRate: Int
    /// The left channel's samples.
    public var left: [Float]
    /// The right channel's samples, as many as the left's.
    public var right: [Float]

    /// Makes a buffer from two channels of equal length.
    public init(sampleRate: Int, left: [Float], right: [Float]) {
        precondition(left.count == right.count, "channels differ in length")
        self.sampleRate = sampleRate
        self.left = left
        self.right = right
    }

    /// Makes a buffer whose two channels are both `mono`.
    public init(sampleRate: Int, mono: [Float]) {
        self.init(sampleRate: sampleRate, left: mono, right: mono)
    }

    /// How many frames the buffer holds.
    public var frameCount: Int { left.count }

    /// The length in seconds.
    public var duration: Double { Double(frameCount) / Double(sampleRate) }

    /// Signed 16-bit samples, left and right interleaved, in the machine's byte order:
    /// SDL's `AUDIO_S16SYS` stereo. Samples beyond `-1...1` are clamped.
    public func interleavedPCM16() -> [Int16] {
        var pcm = [Int16](repeating: 0, count: frameCount * 2)
        for i in 0..<frameCount {
            pcm[2 * i] = Self.pcm16(left[i])
            pcm[2 * i + 1] = Self.pcm16(right[i])
        }
        return pcm
    }

    private static func pcm16(_ sample: Float) -> Int16 {
        Int16((max(-1, min(1, sample)) * 32767).rounded())
    }
}
