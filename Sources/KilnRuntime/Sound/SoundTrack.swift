import Foundation
import KilnCore

/// A stretch of mixed sound: signed 16-bit stereo samples, left and right interleaved, as a
/// video's sound track or a WAV file holds them.
package struct SoundTrack: Equatable, Sendable {
    /// Frames per second.
    package let sampleRate: Int
    /// Left and right samples, interleaved.
    package let samples: [Int16]

    /// A track of `samples` (interleaved stereo) at `sampleRate`.
    package init(sampleRate: Int, samples: [Int16]) {
        precondition(samples.count % 2 == 0, "a stereo track has two samples a frame")
        self.sampleRate = sampleRate
        self.samples = samples
    }

    /// How many frames (pairs of samples) the track holds.
    package var frameCount: Int { samples.count / 2 }

    /// The length in seconds.
    package var duration: Double { Double(frameCount) / Double(sampleRate) }

    /// The track as a WAV file: a RIFF header and 16-bit little-endian PCM.
    package func wavData() -> Data {
        let dataBytes = samples.count * 2
        var data = Data(capacity: 44 + dataBytes)
        func append(_ text: String) { data.append(contentsOf: Array(text.utf8)) }
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
        append("RIFF"); append32(36 + dataBytes); append("WAVE")
        append("fmt "); append32(16); append16(1); append16(2)
        append32(sampleRate); append32(sampleRate * 4); append16(4); append16(16)
        append("data"); append32(dataBytes)
        #if _endian(little)
        samples.withUnsafeBytes { data.append(contentsOf: $0) }
        #else
        for sample in samples { withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) } }
        #endif
        return data
    }

    /// The samples of a WAV file as `wavData` writes it (16-bit stereo PCM); `nil` for any
    /// other file.
    package init?(wav data: Data) {
        let bytes = [UInt8](data)
        guard bytes.count >= 44, bytes[0..<4] == Array("RIFF".utf8)[...], bytes[8..<12] == Array("WAVE".utf8)[...]
        else { return nil }
        func read32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func read16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        var offset = 12
        var rate: Int?
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self), size = read32(offset + 4)
            let body = offset + 8
            if id == "fmt " {
                guard size >= 16, read16(body) == 1, read16(body + 2) == 2, read16(body + 14) == 16 else { return nil }
                rate = read32(body + 4)
            } else if id == "data", let rate {
                let end = min(bytes.count, body + size) & ~1
                let samples = stride(from: body, to: end - 1, by: 2).map { Int16(bitPattern: UInt16(read16($0))) }
                self.init(sampleRate: rate, samples: Array(samples.prefix(samples.count & ~1)))
                return
            }
            offset = body + size + (size & 1)
        }
        return nil
    }
}
