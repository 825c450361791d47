import Foundation
import KilnCore
@testable import KilnPlatform
import KilnTestSupport
import Testing

/// PNG frames written fast: every pixel read back as it was, by another decoder (Cairo's libpng).
@Suite("Fast PNG frames")
struct FastPNGTests {
    @Test("An opaque frame written by libspng reads back pixel for pixel through libpng, rows' padding left out",
          arguments: [(1, 1), (7, 5), (64, 48), (390, 17)])
    func losslessRoundTrip(width: Int, height: Int) throws {
        var random = SplitMix64(seed: UInt64(width * 1000 + height))
        let pitch = width * 4 + 12
        var bytes = [UInt8](repeating: 0xEE, count: pitch * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * pitch + x * 4
                // Noise on half the rows, a gradient on the rest: both kinds of picture a frame holds.
                let noisy = y % 2 == 0
                bytes[i] = noisy ? UInt8.random(in: 0...255, using: &random) : UInt8(x % 256)
                bytes[i + 1] = noisy ? UInt8.random(in: 0...255, using: &random) : UInt8(y % 256)
                bytes[i + 2] = noisy ? UInt8.random(in: 0...255, using: &random) : UInt8((x + y) % 256)
                bytes[i + 3] = 255
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-fast-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }

        let data = try bytes.withUnsafeBytes { try FastPNG.encode(bgra: $0, pitch: pitch, width: width, height: height) }
        try data.write(to: URL(fileURLWithPath: path))
        let decoded = try Bitmap.readPNG(from: path)

        #expect(decoded.width == width && decoded.height == height)
        var differing = 0
        for y in 0..<height {
            for x in 0..<width {
                let i = y * pitch + x * 4
                let p = decoded.pixel(x: x, y: y)
                if p.r != bytes[i + 2] || p.g != bytes[i + 1] || p.b != bytes[i] || p.a != 255 { differing += 1 }
            }
        }
        #expect(differing == 0, "\(differing) of \(width * height) pixels differ")
    }

    @Test("A frame too small for the size it claims is one line, not a crash")
    func shortBufferIsRefused() {
        let bytes = [UInt8](repeating: 0, count: 10)
        #expect(throws: PlatformError.self) {
            try bytes.withUnsafeBytes { try FastPNG.encode(bgra: $0, pitch: 16, width: 4, height: 4) }
        }
    }
}
