// Pictures read through ImageMagick and compared region by region.
// Limits: 8-bit RGB; alpha is laid over white.
import Foundation
import KilnTestSupport

/// An 8-bit RGB picture read through ImageMagick.
public struct RGBImage: Sendable {
    /// The size in pixels.
    public var width: Int, height: Int
    /// Red, green, blue bytes, row by row.
    public var pixels: [UInt8]

    /// Reads any picture ImageMagick reads, its alpha laid over white.
    public init(contentsOf path: String, timeout: Double = 10) throws {
        let convert = try ExternalCommand.require("convert", package: "imagemagick")
        let size = try ExternalCommand.run(convert, [path, "-format", "%w %h", "info:"], timeout: timeout).text
            .split(separator: " ").compactMap { Int($0) }
        guard size.count == 2 else { throw EndToEndError("cannot read the size of \(path)") }
        let raw = try ExternalCommand.run(convert, [path, "-background", "white", "-alpha", "remove",
                                                    "-depth", "8", "rgb:-"], timeout: timeout).stdout
        guard raw.count == size[0] * size[1] * 3 else {
            throw EndToEndError("\(path): expected \(size[0] * size[1] * 3) bytes of RGB, got \(raw.count)")
        }
        width = size[0]
        height = size[1]
        pixels = [UInt8](raw)
    }

    /// How `region` of this picture (all of it when `nil`), less `excluding`, differs from the
    /// same pixels of `other`, which must be as large. `tolerance` is per channel, 0…255.
    public func difference(from other: RGBImage, region: PixelRect? = nil, excluding: [PixelRect] = [],
                           tolerance: Int = 24) -> RegionDifference {
        let area = region ?? PixelRect(x: 0, y: 0, width: width, height: height)
        var total = 0, within = 0, largest = 0, count = 0
        for row in area.y..<(area.y + area.height) {
            for column in area.x..<(area.x + area.width) where !excluding.contains(where: { $0.contains(column, row) }) {
                let i = (row * width + column) * 3
                var worst = 0
                for channel in 0..<3 {
                    let d = abs(Int(pixels[i + channel]) - Int(other.pixels[i + channel]))
                    total += d
                    worst = max(worst, d)
                }
                if worst <= tolerance { within += 1 }
                largest = max(largest, worst)
                count += 1
            }
        }
        return RegionDifference(meanAbsolute: Double(total) / Double(max(1, count * 3)),
                               fractionWithinTolerance: Double(within) / Double(max(1, count)), largest: largest)
    }
}
