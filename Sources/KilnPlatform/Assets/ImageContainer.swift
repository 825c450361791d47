// Reads an image file's container (its signature, GIF's blocks, WebP's RIFF chunks) without
// decoding a pixel, to say which gdk-pixbuf loader to use, how many bytes hold its header, and
// which bytes hold its first frame. Kiln shows an animation's first frame only; a loader handed
// the whole of one decodes every frame first (a GIF of a million one-pixel frames never ends,
// an animated WebP keeps each of its frames at the canvas's size).
import Foundation
import KilnCore

/// An image file's format and the bytes a loader is given of it.
struct ImageContainer {
    /// The gdk-pixbuf loader's name: "png", "jpeg", "gif" or "webp".
    let type: String
    /// The bytes to decode: the file, or its first frame when it is an animation.
    let bytes: Data
    /// How many bytes to hand the loader first: enough for its header and no pixel data, for a
    /// loader that goes on decoding the bytes it was given after its header was refused.
    let header: Int

    /// The container of `data`, the file `name`; refuses what is none of the four formats Kiln
    /// reads, and a first frame larger than `AssetError.maximumPixels`.
    init(_ data: Data, name: String) throws(AssetError) {
        let bytes = [UInt8](data.prefix(16))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count && Array(bytes[offset..<offset + signature.count]) == signature
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            (type, self.bytes, header) = ("png", data, 4096)
        } else if starts([0xFF, 0xD8, 0xFF]) {
            (type, self.bytes, header) = ("jpeg", data, 4096)
        } else if starts(Array("GIF8".utf8)) {
            (type, self.bytes, header) = ("gif", try Self.firstGIFFrame(of: data, name: name), 4096)
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
            let (first, header) = Self.firstWebPFrame(of: data)
            (type, self.bytes, self.header) = ("webp", first, header)
        } else {
            throw AssetError(file: name, reason: "not an image gdk-pixbuf can read (PNG, JPEG, WebP or GIF)")
        }
    }

    /// The GIF `data` up to the end of its first image, then a trailer. Reads the blocks'
    /// lengths only; a GIF cut short or malformed is left whole for the loader to refuse.
    private static func firstGIFFrame(of data: Data, name: String) throws(AssetError) -> Data {
        let gif = [UInt8](data)
        func colorTable(_ flags: UInt8) -> Int { flags & 0x80 != 0 ? 3 << (Int(flags & 0x07) + 1) : 0 }
        /// The index past the sub-blocks starting at `start`, or nil when the file ends first.
        func pastSubBlocks(_ start: Int) -> Int? {
            var index = start
            while index < gif.count {
                let length = Int(gif[index])
                index += 1 + length
                if length == 0 { return index }
            }
            return nil
        }
        guard gif.count >= 13 else { return data }
        var index = 13 + colorTable(gif[10])
        while index < gif.count {
            switch gif[index] {
            case 0x21:
                guard let next = pastSubBlocks(index + 2) else { return data }
                index = next
            case 0x2C:
                guard index + 10 < gif.count else { return data }
                let width = Int(gif[index + 5]) | Int(gif[index + 6]) << 8
                let height = Int(gif[index + 7]) | Int(gif[index + 8]) << 8
                guard width * height <= AssetError.maximumPixels else {
                    throw AssetError.overPixelLimit(name, width, height, what: "its first frame, ")
                }
                guard let end = pastSubBlocks(index + 10 + colorTable(gif[index + 9]) + 1) else { return data }
                return data.prefix(end) + Data([0x3B])
            default:
                return data
            }
        }
        return data
    }

    /// The WebP `data` up to the end of its first frame (its RIFF size made to match), and how
    /// many bytes hold its header: the chunks up to the image's frame header, or the extended
    /// header alone for an animation (whose loader keeps every byte until it is closed).
    private static func firstWebPFrame(of data: Data) -> (Data, header: Int) {
        let webp = [UInt8](data)
        var offset = 12, isAnimation = false
        while offset + 8 <= webp.count {
            let fourCC = String(decoding: webp[offset..<offset + 4], as: UTF8.self)
            let size = Int(webp[offset + 4]) | Int(webp[offset + 5]) << 8 | Int(webp[offset + 6]) << 16 | Int(webp[offset + 7]) << 24
            let end = offset + 8 + size + size % 2
            switch fourCC {
            case "VP8X":
                isAnimation = offset + 8 < webp.count && webp[offset + 8] & 0x02 != 0
            case "VP8 ", "VP8L":
                return (data, min(webp.count, offset + 8 + 10))
            case "ANMF" where isAnimation:
                guard end <= webp.count else { return (data, 30) }
                var first = Data(data.prefix(end))
                let riff = UInt32(end - 8)
                first.replaceSubrange(4..<8, with: [UInt8(riff & 0xFF), UInt8(riff >> 8 & 0xFF), UInt8(riff >> 16 & 0xFF), UInt8(riff >> 24)])
                return (first, 30)
            default:
                break
            }
            offset = end
        }
        return (data, min(webp.count, 30))
    }
}
