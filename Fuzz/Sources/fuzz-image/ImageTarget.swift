// Image files read through gdk-pixbuf: any bytes as a file `Image(contentsOf:)` opens, then
// drawn in an `ImageLayer` offscreen. Beside "no crash" (AddressSanitizer watches the pixel
// loop that premultiplies what gdk-pixbuf decodes), the target checks that an image it takes
// has a size within `AssetError.maximumSide` and `AssetError.maximumPixels` and draws a frame
// of the size asked for, and that a refusal is one line naming the file.

import FuzzSupport
import KilnCore
import KilnPlatform

private let file = AssetFile(named: "input.png")
private let canvas = Size(width: 48, height: 48)
/// Made once: it installs the asset reader, and draws every input's layer.
// libFuzzer calls the target from one thread only.
nonisolated(unsafe) private let host: OffscreenHost = {
    guard let host = try? OffscreenHost(canvas: canvas, scale: 1) else { violated("no offscreen host") }
    return host
}()

/// One input as an image file. libFuzzer calls it for every input it tries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = host
    file.write(bytes(data, size))
    let image: Image
    do {
        image = try Image(contentsOf: file.url)
    } catch {
        requireOneLine(error.description, "the refusal")
        require(error.description.hasPrefix("input.png: "), "the refusal names no file: \(error.description)")
        return 0
    }
    let limit = Double(AssetError.maximumSide)
    require(image.kind == .bitmap, "a .png read as \(image.kind)")
    require(image.size.width > 0 && image.size.height > 0 && image.size.width <= limit && image.size.height <= limit,
            "an image of \(image.size) points")
    require(image.size.width * image.size.height <= Double(AssetError.maximumPixels), "an image of \(image.size) points, past the pixel limit")
    let layer = ImageLayer(image: image)
    layer.frame = Rect(x: 4, y: 4, width: 40, height: 40)
    layer.contentsGravity = .resizeAspectFill
    layer.masksToBounds = true
    let root = Layer()
    root.frame = Rect(origin: .zero, size: canvas)
    root.addSublayer(layer)
    let frame = host.render(root: root, background: .white)
    require(frame.width == 48 && frame.height == 48, "a \(frame.width)×\(frame.height) frame for 48×48")
    require(layer.problem == nil, "an image that opened could not be drawn: \(layer.problem!)")
    return 0
}
