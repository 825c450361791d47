// Offline compositing of any layer tree: the bytes become a tree of up to 12 layers of every
// kind (rotated, scaled, at fractional places, masked with rounded corners, translucent,
// additive, with borders and shadows) on a canvas of up to 526 × 781 pt, drawn by
// `OffscreenHost` at 1× to 3×. Beside "no crash" (AddressSanitizer watches every pixel loop),
// the target checks what any correct frame has: the size asked for, the background untouched
// wherever no layer reaches (a smear or a stray triangle shows there), and the same pixels
// when the unchanged tree is drawn again from the host's cached textures. Then up to seven
// changes, read from the input's end (move, fade, hide, turn, recolour, remove, bring to
// front), each drawn only where it changed the frame (damage tracking) and byte for byte the
// frame a host without damage tracking draws whole.

import FuzzSupport
@_spi(Fuzzing) import KilnCore
import KilnPlatform

/// One input as a layer tree. libFuzzer calls it for every input it tries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayerTree(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = TreeBytes(bytes(data, size))
    let tree = input.tree()
    guard let host = try? OffscreenHost(canvas: tree.canvas, scale: tree.scale) else {
        violated("no host for a \(tree.canvas) pt canvas at \(tree.scale)×")
    }
    let frame = host.render(root: tree.root, background: background)
    let expected = (width: Int((tree.canvas.width * tree.scale).rounded()),
                    height: Int((tree.canvas.height * tree.scale).rounded()))
    require(frame.width == expected.width && frame.height == expected.height,
            "a \(frame.width)×\(frame.height) frame for \(expected.width)×\(expected.height) pixels")
    checkBackground(frame, tree: tree)
    let again = host.render(root: tree.root, background: background)
    require(again.pixels == frame.pixels, "the unchanged tree drawn again gives another frame")
    guard tree.changes > 0, let tracked = try? OffscreenHost(canvas: tree.canvas, scale: tree.scale, damageTracking: true),
          let whole = try? OffscreenHost(canvas: tree.canvas, scale: tree.scale, damageTracking: false) else { return 0 }
    _ = tracked.render(root: tree.root, background: background)
    var changes = TreeBytes(bytes(data, size).reversed())
    for index in 0..<tree.changes {
        let change = changes.change(of: tree.root)
        let drawn = tracked.render(root: tree.root, background: background)
        let expected = whole.render(root: tree.root, background: background)
        guard drawn.pixels != expected.pixels else { continue }
        let first = (0..<drawn.pixels.count).first { drawn.pixels[$0] != expected.pixels[$0] } ?? 0
        violated("after change \(index + 1) (\(change)) the frame drawn where it changed differs from the whole "
                 + "frame at pixel \((first / 4) % drawn.width), \((first / 4) / drawn.width)")
    }
    return 0
}

/// Opaque, and unlike any layer colour of the target's palette.
private let background = Color(red: 0.16, green: 0.18, blue: 0.22)

/// Every pixel that no layer's content, outset included, comes near shows the background.
private func checkBackground(_ frame: Bitmap, tree: (root: Layer, canvas: Size, scale: Double, changes: Int)) {
    var reached = [Bool](repeating: false, count: frame.width * frame.height)
    for item in RenderList(root: tree.root).items {
        let points = item.hairlines.map { $0.polylines.flatMap { $0 } } ?? item.contentRect.corners
        guard !points.isEmpty else { continue }
        let box = Rect(enclosing: points.map { item.transform.apply(to: $0) })
        // Two pixels of slack: filtering reaches one pixel past the quad, a line one more.
        let minX = max(0, Int((box.minX * tree.scale).rounded(.down)) - 2)
        let minY = max(0, Int((box.minY * tree.scale).rounded(.down)) - 2)
        let maxX = min(frame.width - 1, Int((box.maxX * tree.scale).rounded(.up)) + 2)
        let maxY = min(frame.height - 1, Int((box.maxY * tree.scale).rounded(.up)) + 2)
        guard minX <= maxX, minY <= maxY else { continue }
        for y in minY...maxY { for x in minX...maxX { reached[y * frame.width + x] = true } }
    }
    let expected = [background.red, background.green, background.blue].map { UInt8(($0 * 255).rounded()) } + [255]
    for y in 0..<frame.height {
        for x in 0..<frame.width where !reached[y * frame.width + x] {
            let i = (y * frame.width + x) * 4
            guard Array(frame.pixels[i..<(i + 4)]) != expected else { continue }
            violated("pixel \(x), \(y) is \(Array(frame.pixels[i..<(i + 4)])) where no layer reaches, "
                     + "not the background \(expected)")
        }
    }
}

/// Reads a layer tree from bytes; once they run out every further byte reads as 0.
private struct TreeBytes {
    private let bytes: [UInt8]
    private var next = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func byte() -> UInt8 {
        defer { next += 1 }
        return next < bytes.count ? bytes[next] : 0
    }

    mutating func signed() -> Double { Double(Int8(bitPattern: byte())) }

    /// Four bytes of canvas (scale, width, height, how many changes follow), then 16 bytes a layer.
    mutating func tree() -> (root: Layer, canvas: Size, scale: Double, changes: Int) {
        let scale = [1, 1.5, 2, 2.5, 3][Int(byte()) % 5]
        let canvas = Size(width: 16 + Double(byte()) * 2, height: 16 + Double(byte()) * 3)
        let changes = Int(byte()) % 8
        let root = Layer()
        root.frame = Rect(origin: .zero, size: canvas)
        var built: [(layer: Layer, depth: Int)] = []
        let count = min(12, max(0, bytes.count - 4) / 16)
        for _ in 0..<count {
            let kind = byte(), superlayer = Int(byte())
            // The deepest a layer sits is four below the root, as in the differential tests.
            let holders = built.filter { $0.depth < 4 }
            let holder = superlayer == 0 || holders.isEmpty
                ? (layer: root, depth: 0) : holders[(superlayer - 1) % holders.count]
            let layer = self.layer(kind: kind, in: holder.layer.bounds)
            holder.layer.addSublayer(layer)
            built.append((layer, holder.depth + 1))
        }
        return (root, canvas, scale, changes)
    }

    /// Three bytes: which layer under `root` (in the order of a walk), what changes, by how
    /// much. Says what it did.
    mutating func change(of root: Layer) -> String {
        var layers: [Layer] = []
        func walk(_ layer: Layer) { for sublayer in layer.sublayers { layers.append(sublayer); walk(sublayer) } }
        walk(root)
        let which = Int(byte()), what = byte(), amount = byte()
        guard !layers.isEmpty else { return "nothing to change" }
        let layer = layers[which % layers.count]
        let delta = Double(Int8(bitPattern: amount)) / 4
        switch what % 7 {
        case 0:
            layer.position = Point(x: layer.position.x + delta, y: layer.position.y - delta / 2)
            return "move layer \(which % layers.count) by \(delta)"
        case 1:
            layer.opacity = Double(amount) / 255
            return "fade layer \(which % layers.count) to \(Double(amount) / 255)"
        case 2:
            layer.isHidden.toggle()
            return "hide or show layer \(which % layers.count)"
        case 3:
            layer.transform = layer.transform.rotated(by: delta / 40)
            return "turn layer \(which % layers.count) by \(delta / 40)"
        case 4:
            layer.backgroundColor = palette[Int(amount) % palette.count]
            return "recolour layer \(which % layers.count)"
        case 5:
            layer.removeFromSuperlayer()
            return "remove layer \(which % layers.count)"
        default:
            let holder = layer.superlayer
            layer.removeFromSuperlayer()
            holder?.addSublayer(layer)
            return "bring layer \(which % layers.count) to front"
        }
    }

    /// 14 bytes after the kind and the superlayer: place, size, rotation, scale across and
    /// down, opacity, flags, corner radius, colour and variant, shadow.
    private mutating func layer(kind: UInt8, in container: Rect) -> Layer {
        let fractions = byte()
        let x = signed() * 2 + Double(fractions & 0x0F) / 16
        let y = signed() * 2 + Double(fractions >> 4) / 16
        let sizeFractions = byte()
        let width = max(1, Double(byte()) * 2 + Double(sizeFractions & 0x0F) / 16)
        let height = max(1, Double(byte()) * 2 + Double(sizeFractions >> 4) / 16)
        let rotation = signed() * 0.025
        let scaleByte = byte(), scaleDownByte = byte()
        let opacityByte = byte()
        let flags = byte()
        let corner = Double(byte()) / 2
        let look = byte()
        let shadowByte = byte()
        let color = palette[Int(look) % palette.count]
        let variant = Int(look >> 3)

        let layer = makeLayer(kind: kind % 7, size: Size(width: width, height: height), color: color, variant: variant)
        layer.anchorPoint = flags & 0x40 != 0 ? Point(x: 0, y: 0) : Point(x: 0.5, y: 0.5)
        layer.position = Point(x: container.minX + x + layer.anchorPoint.x * width,
                               y: container.minY + y + layer.anchorPoint.y * height)
        let scale = scaleByte == 0 ? 1 : 0.25 + Double(scaleByte) / 128
        let scaleDown = scaleDownByte == 0 ? scale : 0.25 + Double(scaleDownByte) / 128
        layer.transform = Transform(scaleX: scale, y: scaleDown).rotated(by: rotation)
        layer.opacity = opacityByte == 0 ? 1 : Double(opacityByte) / 255
        layer.masksToBounds = flags & 0x01 != 0
        layer.isAdditive = flags & 0x02 != 0
        layer.cornerRadius = corner
        if flags & 0x04 != 0 {
            layer.borderWidth = 1 + Double(variant % 4)
            layer.borderColor = palette[(Int(look) + 3) % palette.count]
        }
        if flags & 0x08 != 0 {
            layer.shadowOpacity = 0.8
            layer.shadowRadius = Double(shadowByte & 0x0F)
            layer.shadowOffset = Point(x: Double(Int(shadowByte >> 4) - 8), y: 3)
        }
        if flags & 0x20 == 0, kind % 7 == 0 || flags & 0x10 != 0 {
            layer.backgroundColor = flags & 0x10 != 0 ? color.withAlpha(0.5) : color
        }
        layer.isHidden = flags & 0x80 != 0 && variant % 2 == 1
        return layer
    }

    private func makeLayer(kind: UInt8, size: Size, color: Color, variant: Int) -> Layer {
        let bounds = Rect(origin: .zero, size: size)
        let second = palette[(variant + 2) % palette.count]
        let layer: Layer
        switch kind {
        case 1:
            let shape = ShapeLayer()
            shape.path = variant % 2 == 0 ? Path(ellipseIn: bounds.insetBy(dx: 2, dy: 2))
                : Path(polygon: [Point(x: size.width / 2, y: 0), Point(x: size.width, y: size.height),
                                 Point(x: 0, y: size.height)])
            shape.fillColor = color
            shape.strokeColor = second
            shape.lineWidth = Double(variant % 5)
            layer = shape
        case 2:
            let text = TextLayer()
            text.string = ["Kiln", "Ag 12:34", "Hello, layers", "—Wq"][variant % 4]
            text.fontSize = 6 + Double(variant)
            text.foregroundColor = color
            layer = text
        case 3:
            let gradient = GradientLayer()
            gradient.type = [.axial, .radial, .conic][variant % 3]
            gradient.colors = [color, second.withAlpha(0.5), palette[(variant + 5) % palette.count]]
            layer = gradient
        case 4:
            let image = Layer()
            var bitmap = Bitmap(width: 5, height: 3)
            for i in 0..<15 { bitmap.setPixel(x: i % 5, y: i / 5, i % 2 == 0 ? color : second.withAlpha(0.4)) }
            image.contents = bitmap
            layer = image
        case 5:
            let lines = HairlineLayer()
            lines.lineColor = color
            lines.polylines = [[Point(x: 0, y: 0), Point(x: size.width, y: size.height / 2), Point(x: 0, y: size.height)]]
            layer = lines
        case 6:
            let emitter = EmitterLayer()
            emitter.backgroundColor = color.withAlpha(0.7)
            layer = emitter
        default:
            layer = Layer()
        }
        layer.bounds = bounds
        return layer
    }
}

private let palette: [Color] = [
    Color(red: 0.95, green: 0.35, blue: 0.25), Color(red: 0.98, green: 0.80, blue: 0.20),
    Color(red: 0.30, green: 0.80, blue: 0.40), Color(red: 0.25, green: 0.55, blue: 0.95),
    Color(red: 0.75, green: 0.35, blue: 0.90), Color(red: 0.95, green: 0.95, blue: 0.92),
    Color(red: 0.10, green: 0.85, blue: 0.85), Color(red: 0.55, green: 0.30, blue: 0.15),
]
