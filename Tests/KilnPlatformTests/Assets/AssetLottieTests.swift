import CRlottie
import Foundation
import KilnCore
import KilnPlatform
import Testing

/// A Lottie layer's frames against rlottie's own rendering of the same frames, made here with
/// rlottie's C API alone (no Kiln code between the file and the pixels).
@Suite("Lottie frames as rlottie draws them")
struct AssetLottieTests {
    /// The frame of the Lottie file at `url` that `position` (0…1) falls on, as
    /// `LottieAnimation` documents it: the nearest of its frames, from 0 to the last. (rlottie's
    /// own `lottie_animation_get_frame_at_pos` rounds down instead.) Then that frame at `scale`
    /// pixels a point, as rlottie renders it: premultiplied, laid over white.
    static func rlottieFrame(_ url: URL, position: Double, scale: Double) throws -> (Bitmap, Int) {
        var text = Array(try Data(contentsOf: url))
        text.append(0)
        let key = "reference:\(url.path):\(UUID().uuidString)"
        let made: OpaquePointer? = text.withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                lottie_animation_from_data($0, key, url.deletingLastPathComponent().path)
            }
        }
        let animation = try #require(made, "rlottie refused \(url.lastPathComponent)")
        defer { lottie_animation_destroy(animation) }
        var width = 0, height = 0
        lottie_animation_get_size(animation, &width, &height)
        let w = Int((Double(width) * scale).rounded()), h = Int((Double(height) * scale).rounded())
        let last = Double(lottie_animation_get_totalframe(animation) - 1)
        let frame = Int((position * last).rounded())
        var argb = [UInt32](repeating: 0, count: w * h)
        argb.withUnsafeMutableBufferPointer { lottie_animation_render(animation, frame, $0.baseAddress!, w, h, w * 4) }
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        for (i, pixel) in argb.enumerated() {
            rgba[i * 4] = UInt8((pixel >> 16) & 0xFF)
            rgba[i * 4 + 1] = UInt8((pixel >> 8) & 0xFF)
            rgba[i * 4 + 2] = UInt8(pixel & 0xFF)
            rgba[i * 4 + 3] = UInt8(pixel >> 24)
        }
        return (AssetFixtures.overWhite(Bitmap(width: w, height: h, pixels: rgba)), frame)
    }

    @Test("A Lottie layer at 0, 25, 50, 75 and 100 % shows rlottie's own frames, at 1× and 2×",
          arguments: ["pulse.json", "burst.json"], [1.0, 2.0])
    func framesMatchRlottie(file: String, scale: Double) throws {
        PlatformAssetReader.install()
        let url = AssetFixtures.sample(file)
        let animation = try LottieAnimation(contentsOf: url)
        for position in [0, 0.25, 0.5, 0.75, 1] {
            let layer = LottieLayer(animation: animation)
            layer.progress = position
            layer.frame = Rect(origin: .zero, size: animation.size)

            let shown = try AssetFixtures.render(layer, canvas: animation.size, scale: scale)
            let (reference, frame) = try Self.rlottieFrame(url, position: position, scale: scale)

            #expect(layer.shownFrame == frame, "\(file) at \(position): Kiln shows frame \(layer.shownFrame), rlottie \(frame)")
            let difference = AssetFixtures.difference(shown, reference, tolerance: 2)
            #expect(difference.over == 0,
                    "\(file) at \(position), \(scale)×: \(difference.over) pixels differ by more than 2/255 (worst \(difference.worst))")
        }
    }

    @Test("Frames the layer shows differ from each other, so the comparison above can fail")
    func framesDiffer() throws {
        let url = AssetFixtures.sample("pulse.json")

        let (start, _) = try Self.rlottieFrame(url, position: 0, scale: 1)
        let (middle, _) = try Self.rlottieFrame(url, position: 0.5, scale: 1)

        #expect(AssetFixtures.difference(start, middle, tolerance: 2).over > 50)
    }
}
