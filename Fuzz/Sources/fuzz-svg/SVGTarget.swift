// SVG documents read through librsvg into a tree of layers: any bytes as a file that
// `Image(contentsOf:)` and `SVGLayer(image:)` open (libxml2 reads it within Kiln's limits and
// finds the elements with ids and the files it names; librsvg draws what libxml2 writes
// back), then the tree drawn offscreen, shrunk to fit. The target
// checks that a document it takes has a canvas within `AssetError.maximumSide`, that each
// layer of the tree is named by a non-empty id (or is an unnamed run of drawing between two)
// and has a finite frame, that the frame drawn is the size asked for, and that a refusal is
// one line naming the file.

import FuzzSupport
import KilnCore
import KilnPlatform

private let file = AssetFile(named: "input.svg")
private let canvas = Size(width: 64, height: 64)
/// Made once: it installs the asset reader, and draws every input's tree.
// libFuzzer calls the target from one thread only.
nonisolated(unsafe) private let host: OffscreenHost = {
    guard let host = try? OffscreenHost(canvas: canvas, scale: 1) else { violated("no offscreen host") }
    return host
}()

/// One input as an SVG file. libFuzzer calls it for every input it tries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = host
    file.write(bytes(data, size))
    let tree: SVGLayer
    do {
        tree = try SVGLayer(image: Image(contentsOf: file.url))
    } catch {
        requireOneLine(error.description, "the refusal")
        require(error.description.hasPrefix("input.svg: "), "the refusal names no file: \(error.description)")
        return 0
    }
    let limit = Double(AssetError.maximumSide)
    let whole = tree.bounds.size
    require(whole.width > 0 && whole.height > 0 && whole.width <= limit && whole.height <= limit,
            "a document of \(whole) points")
    for layer in tree.allLayers.dropFirst() {
        // A layer is an element with an id, named by it, or an unnamed run of drawing between two.
        let id = (layer as? SVGLayer)?.elementID
        require(id == nil ? layer.name == nil : !(layer.name ?? "").isEmpty, "a layer of the tree misnamed: \(layer.name ?? "nil")")
        let f = layer.frame
        require([f.minX, f.minY, f.width, f.height].allSatisfy(\.isFinite) && f.width >= 0 && f.height >= 0,
                "the layer \(layer.name ?? "") has the frame \(f)")
    }
    // Shrunk to fit the canvas, as a thumbnail: the tree's layers still each draw their part.
    let fit = min(canvas.width / whole.width, canvas.height / whole.height)
    tree.anchorPoint = .zero
    tree.position = .zero
    tree.transform = Transform(scaleX: fit, y: fit)
    let root = Layer()
    root.frame = Rect(origin: .zero, size: canvas)
    root.addSublayer(tree)
    let frame = host.render(root: root, background: .white)
    require(frame.width == 64 && frame.height == 64, "a \(frame.width)×\(frame.height) frame for 64×64")
    return 0
}
