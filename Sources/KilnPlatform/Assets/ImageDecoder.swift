// Decodes image files with gdk-pixbuf: PNG, JPEG, WebP (with its pixbuf loader), and the first
// frame of a GIF or an animated WebP. Other formats gdk-pixbuf's loaders read (BMP, TIFF, an
// SVG through librsvg's) are refused: not every loader stops at a refused header.
import CGdkPixbuf
import Foundation
import KilnCore

/// Reads image files into premultiplied bitmaps. Each file is read once, from one descriptor
/// (`AssetFile.read`), and decoded from memory by a loader that is stopped at its header when
/// the image is larger than `AssetError.maximumSide` a side or `AssetError.maximumPixels` in
/// all; an animation's first frame alone is decoded.
enum ImageDecoder {
    /// The pixel size in the file's header, refusing a side over `AssetError.maximumSide` or
    /// more than `AssetError.maximumPixels` in all, before any pixels are allocated.
    static func size(of url: URL) throws(AssetError) -> (width: Int, height: Int) {
        try size(of: AssetFile.read(url), name: url.lastPathComponent)
    }

    /// The pixel size in the header of the image `data`, from the file `name`, refused past
    /// the limits as `size(of:)` refuses it.
    static func size(of data: Data, name: String) throws(AssetError) -> (width: Int, height: Int) {
        let container = try ImageContainer(data, name: name)
        var header = KilnImageHeader(limit: AssetError.maximumPixels, width: 0, height: 0, refused: 0)
        // WebP's loader decodes an animation when it is closed, whatever it was given: closed on
        // the header alone it fails loudly (GLib criticals), so it is given the first frame.
        if let pixbuf = try load(container, name: name, header: &header, headerOnly: container.type != "webp") {
            kiln_image_free(pixbuf)
        }
        guard header.width > 0, header.height > 0 else {
            throw AssetError(file: name, reason: "not an image gdk-pixbuf can read (PNG, JPEG, WebP or GIF)")
        }
        return (Int(header.width), Int(header.height))
    }

    /// The decoded pixels of the image at `url` (an animation's first frame), premultiplied RGBA.
    static func decode(_ url: URL) throws(AssetError) -> Bitmap {
        let name = url.lastPathComponent
        let data = try AssetFile.read(url)
        let container = try ImageContainer(data, name: name)
        var header = KilnImageHeader(limit: AssetError.maximumPixels, width: 0, height: 0, refused: 0)
        guard let pixbuf = try load(container, name: name, header: &header, headerOnly: false) else {
            throw AssetError(file: name, reason: "corrupt or truncated image (no image in the data)")
        }
        defer { kiln_image_free(pixbuf) }
        if container.type == "jpeg" { try refuseCutJPEG(data, name: name) }
        if container.type == "png" { try refuseCutPNG(data, name: name) }
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let limit = AssetError.maximumSide
        guard width > 0, height > 0, width <= limit, height <= limit, width * height <= AssetError.maximumPixels,
              gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == 3 || channels == 4,
              let source = gdk_pixbuf_read_pixels(pixbuf)
        else {
            throw AssetError(file: name, reason: "decoded to an unusable image (\(header.width)×\(header.height) px in the header)")
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = source + y * stride
                for x in 0..<width {
                    let s = row + x * channels, d = (y * width + x) * 4
                    let a = channels == 4 ? UInt32(s[3]) : 255
                    out[d] = UInt8((UInt32(s[0]) * a + 127) / 255)
                    out[d + 1] = UInt8((UInt32(s[1]) * a + 127) / 255)
                    out[d + 2] = UInt8((UInt32(s[2]) * a + 127) / 255)
                    out[d + 3] = UInt8(a)
                }
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Runs the loader on `container`, refusing its header past the limits; nil when only the
    /// header was asked for.
    private static func load(_ container: ImageContainer, name: String, header: inout KilnImageHeader,
                             headerOnly: Bool) throws(AssetError) -> OpaquePointer? {
        var message: UnsafeMutablePointer<CChar>?
        let pixbuf = container.bytes.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            kiln_image_load(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, container.type, container.header,
                            headerOnly ? 1 : 0, &header, &message)
        }
        let width = Int(header.width), height = Int(header.height)
        if header.refused != 0 {
            if let pixbuf { kiln_image_free(pixbuf) }
            guard width > 0, height > 0 else { throw AssetError(file: name, reason: "an image with no size") }
            guard width <= AssetError.maximumSide, height <= AssetError.maximumSide else {
                throw AssetError.oversized(name, Double(width), Double(height), unit: "px")
            }
            throw AssetError.overPixelLimit(name, width, height)
        }
        if header.width > 0, width > AssetError.maximumSide || height > AssetError.maximumSide {
            if let pixbuf { kiln_image_free(pixbuf) }
            throw AssetError.oversized(name, Double(width), Double(height), unit: "px")
        }
        guard pixbuf != nil || headerOnly else {
            let reason = LibraryMessage.take(message)
            throw AssetError(file: name, reason: "corrupt or truncated image (\(reason))")
        }
        _ = LibraryMessage.take(message)
        return pixbuf
    }

    /// gdk-pixbuf's PNG loader, fed from memory, ends a PNG cut short without an error (the
    /// rows it lacks are left blank). A whole PNG's chunks, each its length, type, data and
    /// check, run on to an IEND chunk; this walks their lengths only.
    private static func refuseCutPNG(_ data: Data, name: String) throws(AssetError) {
        let png = [UInt8](data)
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            if png[offset + 4..<offset + 8].elementsEqual("IEND".utf8) { return }
            offset += 12 + length
        }
        throw AssetError(file: name, reason: "corrupt or truncated image (the PNG data ends before its IEND chunk)")
    }

    /// gdk-pixbuf decodes a JPEG cut short without an error, filling the missing rows with
    /// grey (libjpeg only warns). A whole JPEG ends its last scan with an end-of-image marker
    /// (FF D9); the scan's coded bytes never hold one, nor the start of a scan (FF DA), since
    /// a coded FF is followed by 00. So a JPEG with no FF D9 after its last FF DA was cut.
    /// (An embedded thumbnail's markers come before the main image's scans.) This reads only
    /// the markers of the bytes already read, not the image.
    private static func refuseCutJPEG(_ data: Data, name: String) throws(AssetError) {
        guard data.count >= 4 else { return }
        let isWhole = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            var lastScan = -1, lastEnd = -1
            for i in 0..<(bytes.count - 1) where bytes[i] == 0xFF {
                if bytes[i + 1] == 0xDA { lastScan = i } else if bytes[i + 1] == 0xD9 { lastEnd = i }
            }
            return lastScan >= 0 && lastEnd > lastScan
        }
        guard isWhole else {
            throw AssetError(file: name, reason: "corrupt or truncated image (the JPEG data ends before its end marker)")
        }
    }
}
