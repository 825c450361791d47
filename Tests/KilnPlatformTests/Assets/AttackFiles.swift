import Foundation

/// Small image and Lottie files that claim more than they hold, written by the tests that
/// check Kiln's limits.
enum AttackFiles {
    /// A fresh folder under the temporary folder; the caller removes it.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-attack-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    // MARK: PNG

    /// A PNG of `width` × `height` RGBA pixels: its header, and pixel data for `rows` rows
    /// (all of them, and the end chunk, by default) of one colour, stored uncompressed.
    static func png(width: Int, height: Int, rows: Int? = nil, rgba: [UInt8] = [0, 255, 0, 255]) -> Data {
        var header = Data()
        for value in [UInt32(width), UInt32(height)] { header.append(contentsOf: bigEndian(value)) }
        header.append(contentsOf: [8, 6, 0, 0, 0])
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png.append(chunk("IHDR", header))
        var raw = [UInt8]()
        for _ in 0..<(rows ?? height) {
            raw.append(0)
            for _ in 0..<width { raw.append(contentsOf: rgba) }
        }
        png.append(chunk("IDAT", zlibStored(raw)))
        if rows == nil { png.append(chunk("IEND", Data())) }
        return png
    }

    private static func chunk(_ type: String, _ body: Data) -> Data {
        var typed = Data(type.utf8)
        typed.append(body)
        var chunk = Data(bigEndian(UInt32(body.count)))
        chunk.append(typed)
        chunk.append(contentsOf: bigEndian(crc32(typed)))
        return chunk
    }

    /// `bytes` as a zlib stream of stored (uncompressed) blocks.
    private static func zlibStored(_ bytes: [UInt8]) -> Data {
        var out = Data([0x78, 0x01])
        var start = 0
        repeat {
            let length = min(65535, bytes.count - start)
            let isLast = start + length == bytes.count
            out.append(isLast ? 1 : 0)
            out.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)])
            out.append(contentsOf: bytes[start..<start + length])
            start += length
        } while start < bytes.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        out.append(contentsOf: bigEndian(b << 16 | a))
        return out
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    // MARK: GIF

    /// One 1 × 1 frame: its image descriptor and LZW data (clear, index 0, end), with a local
    /// colour table of two colours (`rgb` first) when `rgb` is given.
    static func gifFrame(rgb: [UInt8]? = nil) -> [UInt8] {
        var frame: [UInt8] = [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, rgb == nil ? 0x00 : 0x80]
        if let rgb { frame += rgb + [0, 0, 0] }
        return frame + [0x02, 0x02, 0x44, 0x01, 0x00]
    }

    /// A GIF with a `width` × `height` canvas and `frames` after its header, with a global
    /// colour table of two colours (`rgb` first) unless `rgb` is nil.
    static func gif(width: Int, height: Int, rgb: [UInt8]? = [0, 255, 0], frames: [[UInt8]]) -> Data {
        var gif = Array("GIF89a".utf8)
        gif += [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), rgb == nil ? 0 : 0x80, 0, 0]
        if let rgb { gif += rgb + [0, 0, 0] }
        var data = Data(gif)
        for frame in frames { data.append(contentsOf: frame) }
        data.append(0x3B)
        return data
    }

    // MARK: Lottie

    /// A 16 × 16 Lottie showing the image asset "img" whole, with `assets` written as given
    /// (the text between the size and the layers, a trailing comma included).
    static func lottie(assets: String, size: Int = 16) -> Data {
        let layer = #"{"ddd":0,"ind":1,"ty":2,"nm":"img","refId":"img","ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"# +
            #""p":{"a":0,"k":[8,8,0]},"a":{"a":0,"k":[8,8,0]},"s":{"a":0,"k":[100,100,100]}},"ip":0,"op":30,"st":0,"sr":1}"#
        return Data(#"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":\#(size),"h":\#(size),\#(assets)"layers":[\#(layer)]}"#.utf8)
    }

    /// An image asset "img" of 16 × 16 with `fields` (`"u":…,"p":…,"e":…`).
    static func imageAsset(_ fields: String) -> String {
        #"{"id":"img","w":16,"h":16,\#(fields)}"#
    }
}
