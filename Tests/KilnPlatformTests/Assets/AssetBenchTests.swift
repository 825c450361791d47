import Foundation
import KilnCore
@testable import KilnPlatform
import Testing

@Suite("kiln bench assets")
struct AssetBenchTests {
    @Test("Its files are what it says: images of the sizes asked for, an SVG and a Lottie that load")
    func filesItMakes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-bench-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = AssetBenchFiles(folder: folder)

        let png = try ImageDecoder.decode(files.png(side: 64))
        let jpeg = try ImageDecoder.decode(files.jpeg(side: 48))
        let svg = try VectorDocument(url: files.svg(side: 320))
        let lottie = try LottieDocument(url: files.lottie())

        #expect(png.width == 64 && png.height == 64 && jpeg.width == 48 && jpeg.height == 48)
        #expect(svg.size == Size(width: 320, height: 320) && svg.elements.map(\.id).contains("Avatar"))
        #expect(lottie.info.frameCount == 60 && lottie.info.frameRate == 60)
        let canvas = CairoCanvas(width: 400, height: 400)
        let inked = canvas.withPixels { data, stride in
            lottie.render(frame: 30, into: data, width: 400, height: 400, stride: stride)
            return (0..<400).reduce(0) { sum, y in sum + (0..<400).filter { data[y * stride + $0 * 4 + 3] > 0 }.count }
        }
        #expect(inked > 10_000, "the Lottie draws its shapes: \(inked) pixels")
    }

    @Test("A measurement prints as one JSON line in the style of the other benchmarks")
    func jsonLine() throws {
        var result = AssetBenchResult(measure: "scene", subject: "lottie-and-images", pixels: (780, 1688), scale: 2,
                                      bytes: nil, times: [4, 5, 6, 30])
        result.renderP99 = 20
        result.rasterizationsPerFrame = 1

        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.jsonLine.utf8)) as? [String: Any])

        #expect(object["bench"] as? String == "assets" && object["measure"] as? String == "scene")
        #expect(object["pixels"] as? String == "780x1688")
        #expect((object["frame_p99_ms"] as? NSNumber)?.doubleValue == 30)
        #expect((object["median_ms"] as? NSNumber)?.doubleValue == 5)
        #expect(!result.jsonLine.contains("\n"))
    }
}
