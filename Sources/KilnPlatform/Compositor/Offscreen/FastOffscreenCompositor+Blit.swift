// Draws the pieces that map texture pixels one to one onto device pixels, and
// layers that are a plain rectangle of colour, by hand. SDL's software renderer blends such a
// blit at about 2.5 ns a pixel, at about 9 ns once the layer's opacity is under 1 (a fading
// glow, a beam firing up), and fills a translucent rectangle at 4.5 ns; these loops skip
// transparent pixels, copy opaque runs and blend the rest in two multiplies (0.4–1 ns).
import CSDL2
@_spi(Fuzzing) import KilnCore

extension FastOffscreenCompositor {
    /// Draws `polygon` (in the layer's coordinates) of the item by hand when it is a rectangle
    /// whose texture pixels land on device pixels one to one (see `placement`); `false`
    /// leaves it to the other paths.
    func blitUpright(_ polygon: [Point], of item: RenderItem, entry: Entry, pixels: TexturePixels,
                     viewport: Viewport) -> Bool {
        guard !item.isAdditive, let origin = Self.placement(of: item, entry: entry, viewport: viewport).pixelOrigin,
              let piece = Self.snappedRectangle(polygon) else { return false }
        blitAligned(Rect(enclosing: piece), of: item, entry: entry, pixels: pixels, at: origin, viewport: viewport)
        return true
    }

    /// Copies and blends the texture pixels under `box` one to one, the texture's top-left
    /// pixel at the device pixel `textureOrigin`.
    private func blitAligned(_ box: Rect, of item: RenderItem, entry: Entry, pixels texture: TexturePixels,
                             at textureOrigin: Point, viewport: Viewport) {
        let t = item.transform
        let origin = viewport.devicePoint(t.apply(to: box.origin))
        let end = viewport.devicePoint(t.apply(to: Point(box.maxX, box.maxY)))
        // Device pixel = texture pixel + shift: the placement every renderer gives such a layer.
        let shiftX = Int(textureOrigin.x), shiftY = Int(textureOrigin.y)
        let drawn = Rect(x: origin.x, y: origin.y, width: end.x - origin.x, height: end.y - origin.y)
        let covered = Rect(x: Double(shiftX), y: Double(shiftY), width: Double(entry.width), height: Double(entry.height))
        let opacity = Self.fixedPoint(item.opacity)
        guard opacity > 0, let overlap = drawn.intersection(covered), let span = pixelSpan(of: overlap) else { return }
        let (frame, pitch) = framePixels()
        let (x0, y0, x1, y1) = (span.minX, span.minY, span.maxX, span.maxY)
        texture.pixels.withUnsafeBufferPointer { pixels in
            for y in y0..<y1 {
                let row = pixels.baseAddress! + (y - shiftY) * entry.width - shiftX
                let target = frame + y * pitch
                // Only the visible part of the row is drawn; its opaque run is copied.
                let runs = texture.rowRuns[y - shiftY]
                let start = min(max(runs.visible.lowerBound + shiftX, x0), x1)
                let end = min(max(runs.visible.upperBound + shiftX, start), x1)
                var copy = opacity == 256 ? runs.opaque : 0..<0
                copy = min(max(copy.lowerBound + shiftX, start), end)..<min(max(copy.upperBound + shiftX, start), end)
                if copy.isEmpty { copy = end..<end }
                Self.blend(row + start, over: target + start, count: copy.lowerBound - start, opacity: opacity)
                (target + copy.lowerBound).update(from: row + copy.lowerBound, count: copy.count)
                Self.blend(row + copy.upperBound, over: target + copy.upperBound, count: end - copy.upperBound,
                           opacity: opacity)
            }
        }
    }

    /// Fills a layer that is only a rectangle of colour, its corners maybe rounded (no
    /// content, border or shadow), drawn upright, without rasterizing it: a list whose height
    /// animates would otherwise be rasterized every frame. `false` leaves it to the texture path.
    func fillSolid(_ item: RenderItem, viewport: Viewport) -> Bool {
        let layer = item.layer, t = item.transform
        guard type(of: layer) == Layer.self, layer.contents == nil,
              let color = layer.backgroundColor, layer.borderWidth == 0,
              layer.shadowOpacity == 0 || layer.shadowColor.alpha == 0, !item.isAdditive,
              t.b == 0, t.c == 0, t.a > 0, t.d > 0, layer.cornerRadius <= 0 || t.a == t.d else { return false }
        let shape = Rect(enclosing: layer.bounds.corners.map { viewport.devicePoint(t.apply(to: $0)) })
        let radius = max(0, min(layer.cornerRadius * t.a * viewport.scale, shape.width / 2, shape.height / 2))
        // Rounded, the pixels an edge passes through are drawn too, by how much they are covered.
        var box = radius > 0 ? shape.insetBy(dx: -0.5, dy: -0.5) : shape
        if let polygon = item.clip {
            guard let clip = Self.rectangularClip(polygon, viewport: viewport) else { return false }
            guard let inside = box.intersection(clip) else { return true }
            box = inside
        }
        let alpha = Self.fixedPoint(color.alpha * item.opacity)
        guard alpha > 0, let span = pixelSpan(of: box) else { return true }
        let (frame, pitch) = framePixels()
        let (x0, y0, x1, y1) = (span.minX, span.minY, span.maxX, span.maxY)
        let argb = 0xFF00_0000 | UInt32(byte(color.red)) << 16 | UInt32(byte(color.green)) << 8 | UInt32(byte(color.blue))
        let corners = Rect(x: shape.minX + radius, y: shape.minY + radius,
                           width: shape.width - 2 * radius, height: shape.height - 2 * radius)
        // Each pixel is covered by how far its centre lies inside the outline: the distance
        // to the rectangle of the corners' centres, outside it or (negative) inside, less the
        // radius. Columns whose centres lie between the corners' centres and half a pixel
        // inside both sides are covered like the row's middle.
        let middle: Range<Int>
        if radius > 0 {
            let first = min(max(Int(max(corners.minX - 0.5, shape.minX).rounded(.up)), x0), x1)
            let end = min(max(Int(min(corners.maxX - 0.5, shape.maxX - 1).rounded(.down)) + 1, x0), x1)
            middle = first..<max(first, end)
        } else {
            middle = x0..<x1
        }
        for y in y0..<y1 {
            let target = frame + y * pitch
            let dy = max(corners.minY - (Double(y) + 0.5), Double(y) + 0.5 - corners.maxY)
            let rowAlpha = radius > 0 ? Self.covered(alpha, radius + 0.5 - dy) : alpha
            if rowAlpha == 256 {
                (target + middle.lowerBound).update(repeating: argb, count: middle.count)
            } else if rowAlpha > 0 {
                Self.fill(target + middle.lowerBound, count: middle.count, color: argb, alpha: rowAlpha)
            }
            // Left and right of the middle, each pixel by its distance to the corner's arc or
            // the nearer side.
            func edgePixel(_ x: Int) {
                let dx = max(corners.minX - (Double(x) + 0.5), Double(x) + 0.5 - corners.maxX)
                let outside = (max(dx, 0) * max(dx, 0) + max(dy, 0) * max(dy, 0)).squareRoot()
                let pixelAlpha = Self.covered(alpha, radius + 0.5 - outside - min(max(dx, dy), 0))
                if pixelAlpha > 0 { Self.fill(target + x, count: 1, color: argb, alpha: pixelAlpha) }
            }
            for x in x0..<middle.lowerBound { edgePixel(x) }
            for x in middle.upperBound..<x1 { edgePixel(x) }
        }
        return true
    }

    /// An alpha (0…256) times a pixel's coverage, clamped to 0…1.
    private static func covered(_ alpha: UInt32, _ coverage: Double) -> UInt32 {
        coverage >= 1 ? alpha : coverage <= 0 ? 0 : UInt32((Double(alpha) * coverage).rounded())
    }

    /// An opacity as a multiplier from 0 to 256.
    static func fixedPoint(_ opacity: Double) -> UInt32 {
        UInt32((min(max(opacity, 0), 1) * 256).rounded())
    }

    /// Where each row of an image shows, and where it is opaque.
    static func rowRuns(of pixels: [UInt32], width: Int, height: Int) -> [RowRuns] {
        pixels.withUnsafeBufferPointer { image in
            (0..<height).map { y in
                let row = image.baseAddress! + y * width
                var first = 0, last = width
                while first < last && row[first] >> 24 == 0 { first += 1 }
                while last > first && row[last - 1] >> 24 == 0 { last -= 1 }
                var start = first
                while start < last && row[start] >> 24 != 255 { start += 1 }
                var end = start
                while end < last && row[end] >> 24 == 255 { end += 1 }
                return RowRuns(visible: first..<last, opaque: start..<end)
            }
        }
    }

    /// A constant colour over opaque pixels at `alpha` (0…256).
    @inline(__always)
    private static func fill(_ target: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32, alpha: UInt32) {
        let rest = 256 &- alpha
        let redBlue = (color & 0xFF00FF) &* alpha, green = (color & 0x00FF00) &* alpha
        for x in 0..<count {
            let d = target[x]
            let rb = (((d & 0xFF00FF) &* rest) &+ redBlue) >> 8
            let g = (((d & 0x00FF00) &* rest) &+ green) >> 8
            target[x] = 0xFF00_0000 | (rb & 0xFF00FF) | (g & 0x00FF00)
        }
    }

    /// Straight-alpha ARGB pixels over opaque ones, the source's alpha scaled by `opacity`
    /// (0…256). Without branches the compiler vectorizes it: about 1 ns a pixel.
    @inline(__always)
    private static func blend(_ source: UnsafePointer<UInt32>, over target: UnsafeMutablePointer<UInt32>,
                              count: Int, opacity: UInt32) {
        guard count > 0 else { return }
        for x in 0..<count { blend(source[x], over: target + x, opacity: opacity) }
    }

    /// One straight-alpha pixel over an opaque one.
    @inline(__always)
    static func blend(_ s: UInt32, over target: UnsafeMutablePointer<UInt32>, opacity: UInt32) {
        let d = target.pointee
        let alpha = ((s >> 24) &* opacity) >> 8
        // 0…255 onto 0…256, so that full alpha gives the source exactly.
        let a = alpha &+ (alpha >> 7), rest = 256 &- a
        let redBlue = (((s & 0xFF00FF) &* a) &+ ((d & 0xFF00FF) &* rest)) >> 8
        let green = (((s & 0x00FF00) &* a) &+ ((d & 0x00FF00) &* rest)) >> 8
        target.pointee = 0xFF00_0000 | (redBlue & 0xFF00FF) | (green & 0x00FF00)
    }
}

/// Where a texture row shows (its first to last pixel with some alpha) and its first run of
/// opaque pixels, as columns.
struct RowRuns {
    var visible: Range<Int>
    var opaque: Range<Int>
}
