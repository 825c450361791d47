import Foundation
import KilnCore
@testable import KilnPlatform
import KilnTestSupport
import Testing

/// The frames' way into ffmpeg: a video's converted to 4:2:0 YUV in BT.601 limited range, a
/// GIF's kept as the renderer's B G R A.
@Suite("Frame packing")
struct FramePackingTests {
    /// A frame of `width`×`height` pixels of one colour, rows of `pitch` bytes (padding 0xEE).
    static func frame(width: Int, height: Int, pitch: Int? = nil,
                      colour: (Int, Int) -> (r: UInt8, g: UInt8, b: UInt8)) -> (bytes: [UInt8], pitch: Int) {
        let pitch = pitch ?? width * 4
        var bytes = [UInt8](repeating: 0xEE, count: pitch * height)
        for y in 0..<height {
            for x in 0..<width {
                let c = colour(x, y), i = y * pitch + x * 4
                bytes[i] = c.b; bytes[i + 1] = c.g; bytes[i + 2] = c.r; bytes[i + 3] = 255
            }
        }
        return (bytes, pitch)
    }

    /// The packed planes of a frame: Y, U and V.
    static func pack(_ packing: YUV420Packing, _ frame: (bytes: [UInt8], pitch: Int)) -> (y: [UInt8], u: [UInt8], v: [UInt8]) {
        var out = [UInt8](repeating: 0, count: packing.byteCount)
        frame.bytes.withUnsafeBytes { pixels in
            out.withUnsafeMutableBytes { packing.pack(pixels.baseAddress!, pitch: frame.pitch, into: $0.baseAddress!) }
        }
        let lumaCount = packing.packedWidth * packing.packedHeight, chromaCount = lumaCount / 4
        return (Array(out[..<lumaCount]), Array(out[lumaCount..<(lumaCount + chromaCount)]),
                Array(out[(lumaCount + chromaCount)...]))
    }

    /// BT.601 in limited range, in floating point, rounded: the definition the packing follows.
    static func reference(r: Double, g: Double, b: Double) -> (y: Int, u: Int, v: Int) {
        let y = 16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255
        let u = 128 + (-37.797 * r - 74.203 * g + 112 * b) / 255
        let v = 128 + (112 * r - 93.786 * g - 18.214 * b) / 255
        return (Int(y.rounded()), Int(u.rounded()), Int(v.rounded()))
    }

    @Test("Known colours give the Y, U and V of BT.601 in limited range, within a step; black, white and grey exactly",
          arguments: [
              (UInt8(0), UInt8(0), UInt8(0), 16, 128, 128),
              (255, 255, 255, 235, 128, 128),
              (128, 128, 128, 126, 128, 128),
              (255, 0, 0, 81, 90, 240),
              (0, 255, 0, 145, 54, 34),
              (0, 0, 255, 41, 240, 110),
              (255, 255, 0, 210, 16, 146),
          ])
    func knownColours(r: UInt8, g: UInt8, b: UInt8, y: Int, u: Int, v: Int) {
        let packing = YUV420Packing(width: 4, height: 2)

        let planes = Self.pack(packing, Self.frame(width: 4, height: 2) { _, _ in (r, g, b) })

        let grey = r == g && g == b
        #expect(Set(planes.y).count == 1 && Set(planes.u).count == 1 && Set(planes.v).count == 1)
        #expect(planes.y.count == 8 && planes.u.count == 2 && planes.v.count == 2)
        #expect(abs(Int(planes.y[0]) - y) <= (grey ? 0 : 1), "Y \(planes.y[0]) for \(y)")
        #expect(abs(Int(planes.u[0]) - u) <= (grey ? 0 : 1), "U \(planes.u[0]) for \(u)")
        #expect(abs(Int(planes.v[0]) - v) <= (grey ? 0 : 1), "V \(planes.v[0]) for \(v)")
    }

    @Test("Every sample of a noisy frame is within one step of the formula, chroma from each 2×2 block's mean, without a bias")
    func noisyFrameFollowsTheFormula() {
        var random = SplitMix64(seed: 17)
        let width = 38, height = 26
        let colours = (0..<(width * height)).map { _ in
            (r: UInt8.random(in: 0...255, using: &random), g: UInt8.random(in: 0...255, using: &random),
             b: UInt8.random(in: 0...255, using: &random))
        }
        let packing = YUV420Packing(width: width, height: height)

        let planes = Self.pack(packing, Self.frame(width: width, height: height) { x, y in colours[y * width + x] })

        var lumaBias = 0
        for y in 0..<height {
            for x in 0..<width {
                let c = colours[y * width + x]
                let expected = Self.reference(r: Double(c.r), g: Double(c.g), b: Double(c.b)).y
                #expect(abs(Int(planes.y[y * width + x]) - expected) <= 1)
                lumaBias += Int(planes.y[y * width + x]) - expected
            }
        }
        for by in 0..<(height / 2) {
            for bx in 0..<(width / 2) {
                let block = [(0, 0), (1, 0), (0, 1), (1, 1)].map { colours[(2 * by + $0.1) * width + 2 * bx + $0.0] }
                let mean = { (channel: KeyPath<(r: UInt8, g: UInt8, b: UInt8), UInt8>) in
                    Double(block.map { Int($0[keyPath: channel]) }.reduce(0, +)) / 4
                }
                let expected = Self.reference(r: mean(\.r), g: mean(\.g), b: mean(\.b))
                #expect(abs(Int(planes.u[by * width / 2 + bx]) - expected.u) <= 1)
                #expect(abs(Int(planes.v[by * width / 2 + bx]) - expected.v) <= 1)
            }
        }
        // Rounding, not a shifted matrix: the steps off either way about cancel out.
        #expect(abs(Double(lumaBias) / Double(width * height)) < 0.25, "mean luma error \(lumaBias)/\(width * height)")
    }

    @Test("Each chroma sample lands in its own block: four quadrants of four colours")
    func planesInOrder() {
        let packing = YUV420Packing(width: 4, height: 4)
        let quadrants: [(r: UInt8, g: UInt8, b: UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]

        let planes = Self.pack(packing, Self.frame(width: 4, height: 4) { x, y in quadrants[(x < 2 ? 0 : 1) + (y < 2 ? 0 : 2)] })

        for y in 0..<4 {
            for x in 0..<4 {
                let c = quadrants[(x < 2 ? 0 : 1) + (y < 2 ? 0 : 2)]
                let expected = Self.reference(r: Double(c.r), g: Double(c.g), b: Double(c.b))
                #expect(abs(Int(planes.y[y * 4 + x]) - expected.y) <= 1, "Y at \(x), \(y)")
            }
        }
        for (index, c) in quadrants.enumerated() {
            let expected = Self.reference(r: Double(c.r), g: Double(c.g), b: Double(c.b))
            #expect(abs(Int(planes.u[index]) - expected.u) <= 1 && abs(Int(planes.v[index]) - expected.v) <= 1,
                    "block \(index): U \(planes.u[index]) V \(planes.v[index]) for \(expected)")
        }
    }

    @Test("A frame packed from only the boxes that changed is byte for byte the frame packed whole, boxes at odd places too")
    func changedBoxesPackAsTheWhole() {
        var random = SplitMix64(seed: 5)
        let width = 61, height = 43, pitch = 61 * 4 + 20
        var colours = (0..<(width * height)).map { _ in
            (r: UInt8.random(in: 0...255, using: &random), g: UInt8.random(in: 0...255, using: &random),
             b: UInt8.random(in: 0...255, using: &random))
        }
        let tracked = YUV420Packing(width: width, height: height)
        _ = Self.pack(tracked, Self.frame(width: width, height: height, pitch: pitch) { x, y in colours[y * width + x] })

        for round in 0..<60 {
            var boxes: [Compositor.PixelBox] = []
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let x0 = Int.random(in: 0..<width, using: &random), y0 = Int.random(in: 0..<height, using: &random)
                let box = Compositor.PixelBox(minX: x0, minY: y0, maxX: Int.random(in: (x0 + 1)...width, using: &random),
                                              maxY: Int.random(in: (y0 + 1)...height, using: &random))
                for y in box.minY..<box.maxY {
                    for x in box.minX..<box.maxX {
                        colours[y * width + x] = (UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                                                  UInt8.random(in: 0...255, using: &random))
                    }
                }
                boxes.append(box)
            }
            let frame = Self.frame(width: width, height: height, pitch: pitch) { x, y in colours[y * width + x] }
            var changed = [UInt8](repeating: 0, count: tracked.byteCount)
            frame.bytes.withUnsafeBytes { pixels in
                changed.withUnsafeMutableBytes {
                    tracked.pack(pixels.baseAddress!, pitch: pitch, changed: boxes, into: $0.baseAddress!)
                }
            }
            let whole = Self.pack(YUV420Packing(width: width, height: height), frame)

            #expect(changed == whole.y + whole.u + whole.v, "round \(round), boxes \(boxes)")
        }
    }

    @Test("An odd frame is packed at the even size within it; its last column and row, and row padding, are never read")
    func oddSizes() {
        let packing = YUV420Packing(width: 7, height: 5)
        #expect(packing.packedWidth == 6 && packing.packedHeight == 4)
        #expect(packing.byteCount == 6 * 4 + 2 * 3 * 2)

        let planes = Self.pack(packing, Self.frame(width: 7, height: 5, pitch: 7 * 4 + 12) { x, y in
            x == 6 || y == 4 ? (255, 0, 0) : (0, 0, 0)
        })

        #expect(planes.y.allSatisfy { $0 == 16 })
        #expect(planes.u.allSatisfy { $0 == 128 } && planes.u.count == 6)
        #expect(planes.v.allSatisfy { $0 == 128 } && planes.v.count == 6)
    }

    @Test("A GIF's frames go as the renderer's pixels, rows without their padding")
    func gifKeepsTheRenderersPixels() {
        let packing = VideoWriter.packing(for: .video(.gif, palette: nil), width: 3, height: 2)
        let frame = Self.frame(width: 3, height: 2, pitch: 16) { x, y in (UInt8(x), UInt8(y), 9) }
        var out = [UInt8](repeating: 0, count: packing.byteCount)

        frame.bytes.withUnsafeBytes { pixels in
            out.withUnsafeMutableBytes { packing.pack(pixels.baseAddress!, pitch: 16, into: $0.baseAddress!) }
        }

        #expect(packing.pixelFormat == "bgr0")
        #expect(out == [9, 0, 0, 255, 9, 0, 1, 255, 9, 0, 2, 255, 9, 1, 0, 255, 9, 1, 1, 255, 9, 1, 2, 255])
    }

    @Test("ffmpeg is told the packing: yuv420p at the even size for a video, bgr0 for a GIF's palette")
    func ffmpegArguments() {
        let mp4 = VideoWriter.packing(for: .video(.mp4, palette: nil), width: 391, height: 845)
        let palette = VideoWriter.packing(for: .palette, width: 391, height: 845)

        let video = VideoWriter.arguments(output: .video(.mp4, palette: nil), packing: mp4, fps: 60, to: "x.mp4")
        let gif = VideoWriter.arguments(output: .palette, packing: palette, fps: 30, to: "p.png")

        #expect(video.joined(separator: " ").contains("-pix_fmt yuv420p -video_size 390x844"))
        #expect(video.joined(separator: " ").contains("-colorspace smpte170m -color_range tv"))
        #expect(!video.contains("-vf"))
        #expect(gif.joined(separator: " ").contains("-pix_fmt bgr0 -video_size 391x845"))
    }
}

/// A video through the real ffmpeg, decoded again: the packing's colours are the ones players show.
@Suite("Frame packing through ffmpeg")
struct FramePackingRoundTripTests {
    @Test("An MP4 of a smooth gradient decodes to within a few steps of the pixels it was written from")
    func mp4DecodesToTheRenderedColours() throws {
        let ffmpeg = try ExternalCommand.require("ffmpeg", package: "ffmpeg")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-packing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("gradient.mp4").path
        let width = 96, height = 64
        let frame = FramePackingTests.frame(width: width, height: height) { x, y in
            (UInt8(40 + x * 2), UInt8(200 - y * 2), UInt8(90 + (x + y)))
        }

        let writer = try VideoWriter(ffmpeg: ffmpeg, path: out, output: .video(.mp4, palette: nil),
                                     width: width, height: height, fps: 30)
        for _ in 0..<3 { try frame.bytes.withUnsafeBytes { try writer.write($0, pitch: frame.pitch) } }
        try writer.finish()
        // Decoded by Kiln's own ffmpeg process rather than Foundation's Process, whose
        // objects LeakSanitizer reports as leaked in the sanitized unit tests.
        let raw = folder.appendingPathComponent("frame.rgb").path
        let decoder = try FFmpegProcess(executable: ffmpeg, arguments: ["-v", "error", "-nostdin", "-y", "-i", out, "-frames:v", "1",
                                                                         "-f", "rawvideo", "-pix_fmt", "rgb24", raw])
        let result = decoder.finish()
        #expect(result.status == 0, "\(result.message)")
        let decoded = try Data(contentsOf: URL(fileURLWithPath: raw))

        #expect(decoded.count == width * height * 3)
        var worst = 0, squares = 0.0
        for i in 0..<min(decoded.count / 3, width * height) {
            let source = [frame.bytes[i * 4 + 2], frame.bytes[i * 4 + 1], frame.bytes[i * 4]]
            for c in 0..<3 {
                let difference = abs(Int(decoded[i * 3 + c]) - Int(source[c]))
                worst = max(worst, difference)
                squares += Double(difference * difference)
            }
        }
        let psnr = 10 * log10(255 * 255 / max(squares / Double(width * height * 3), 1e-9))
        // CRF 18, 4:2:0 (this gradient's colour changes from pixel to pixel) and the round trip
        // through limited range lose a little: ffmpeg's own conversion of the same frame gave
        // 7 at worst and 42.9 dB. The wrong matrix (BT.709) or full range would be off by 10
        // and more, and far below 40 dB.
        #expect(worst <= 8)
        #expect(psnr >= 40)
    }
}
