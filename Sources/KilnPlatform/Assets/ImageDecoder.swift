// Decodes image files with gdk-pixbuf: PNG, JPEG, WebP (with its pixbuf loader), GIF's
// first frame, and whatever else the installed loaders read.
import CGdkPixbuf
import Foundation
import KilnCore

/// Reads image files into premultiplied bitmaps.
enum ImageDecoder {
    /// The pixel size in the file's header, refusing a side over `AssetError.maximumSide`
    /// before any pixels are allocated.
    static func size(of url: URL) throws(AssetError) -> (width: Int, height: Int) {
        let name = url.lastPathComponent
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw AssetError.unopenable(url)
        }
        var width: Int32 = 0, height: Int32 = 0
        guard kiln_image_size(url.path, &width, &height) != 0, width > 0, height > 0 else {
            throw AssetError(file: name, reason: "not an image gdk-pixbuf can read (PNG, JPEG, WebP or GIF)")
        }
        let limit = AssetError.maximumSide
        guard width <= limit, height <= limit else {
            throw AssetError.oversized(name, Double(width), Double(height), unit: "px")
        }
        return (Int(width), Int(height))
    }

    /// The decoded pixels, premultiplied RGBA.
    static func decode(_ url: URL) throws(AssetError) -> Bitmap {
        let header = try size(of: url)
        var message: UnsafeMutablePointer<CChar>?
        guard let pixbuf = kiln_image_load(url.path, &message) else {
            let reason = LibraryMessage.take(message)
            throw AssetError(file: url.lastPathComponent, reason: "corrupt or truncated image (\(reason))")
        }
        defer { kiln_image_free(pixbuf) }
        try refuseCutJPEG(url)
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let limit = AssetError.maximumSide
        guard width > 0, height > 0, width <= limit, height <= limit,
              gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == 3 || channels == 4,
              let source = gdk_pixbuf_read_pixels(pixbuf)
        else {
            throw AssetError(file: url.lastPathComponent,
                             reason: "decoded to an unusable image (\(header.width)×\(header.height) px in the header)")
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

    /// gdk-pixbuf decodes a JPEG cut short without an error, filling the missing rows with
    /// grey (libjpeg only warns). A whole JPEG ends its last scan with an end-of-image marker
    /// (FF D9); the scan's coded bytes never hold one, nor the start of a scan (FF DA), since
    /// a coded FF is followed by 00. So a JPEG with no FF D9 after its last FF DA was cut.
    /// (An embedded thumbnail's markers come before the main image's scans.) This reads only
    /// the markers, not the image.
    private static func refuseCutJPEG(_ url: URL) throws(AssetError) {
        guard let data = try? Data(contentsOf: url, options: .mappedIfSafe), data.count >= 4,
              data[data.startIndex] == 0xFF, data[data.startIndex + 1] == 0xD8 else { return }
        let isWhole = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            var lastScan = -1, lastEnd = -1
            for i in 0..<(bytes.count - 1) where bytes[i] == 0xFF {
                if bytes[i + 1] == 0xDA { lastScan = i } else if bytes[i + 1] == 0xD9 { lastEnd = i }
            }
            return lastScan >= 0 && lastEnd > lastScan
        }
        guard isWhole else {
            throw AssetError(file: url.lastPathComponent, reason: "corrupt or truncated image (the JPEG data ends before its end marker)")
        }
    }
}
