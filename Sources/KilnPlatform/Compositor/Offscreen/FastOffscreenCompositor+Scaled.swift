// Draws upright pieces whose texture is scaled on the way to the device (a panel
// popping in, a card pressed down) by hand, sampling bilinearly as SDL's linear scale mode
// does. SDL's software renderer takes 10–12 ns a pixel for such a stretch once it is also
// faded; this loop takes three or four, and skips rows' transparent ends.
@_spi(Fuzzing) import KilnCore

extension FastOffscreenCompositor {
    /// Draws `polygon` (in the layer's coordinates) of the item by hand when it is a rectangle
    /// drawn upright at any positive scale; `false` leaves it to SDL.
    func blitScaled(_ polygon: [Point], of item: RenderItem, entry: Entry, pixels: TexturePixels,
                    viewport: Viewport) -> Bool {
        let t = item.transform
        guard !item.isAdditive, t.b == 0, t.c == 0, t.a > 0, t.d > 0, entry.width > 0, entry.height > 0,
              let piece = Self.snappedRectangle(polygon) else { return false }
        let box = Rect(enclosing: piece)
        let origin = viewport.devicePoint(t.apply(to: box.origin))
        let end = viewport.devicePoint(t.apply(to: Point(box.maxX, box.maxY)))
        let opacity = Self.fixedPoint(item.opacity)
        let drawn = Rect(x: origin.x, y: origin.y, width: end.x - origin.x, height: end.y - origin.y)
        guard opacity > 0, let span = pixelSpan(of: drawn) else { return true }
        let (frame, pitch) = framePixels()
        let columns = Self.samples(device: span.minX..<span.maxX, texels: entry.width, axis: .x,
                                   item: item, entry: entry, viewport: viewport)
        let rows = Self.samples(device: span.minY..<span.maxY, texels: entry.height, axis: .y,
                                item: item, entry: entry, viewport: viewport)
        let width = columns.count
        let rowRuns = pixels.rowRuns
        pixels.pixels.withUnsafeBufferPointer { texture in
            columns.withUnsafeBufferPointer { columns in
                // Each texture row is resampled across once, into one of two buffers, and
                // every device row mixes the two rows it falls between.
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * width) { buffers in
                    var held = (first: -1, second: -1)
                    let texel = { (row: Int) in texture.baseAddress! + row * entry.width }
                    func resampled(_ row: Int) -> UnsafeMutablePointer<UInt32> {
                        if held.first == row { return buffers.baseAddress! }
                        if held.second == row { return buffers.baseAddress! + width }
                        // Replace the row not asked for last.
                        let slot = held.first < held.second ? 0 : 1
                        let buffer = buffers.baseAddress! + slot * width
                        Self.resample(texel(row), visible: rowRuns[row].visible, columns: columns, into: buffer)
                        if slot == 0 { held.first = row } else { held.second = row }
                        return buffer
                    }
                    for (y, row) in zip(span.minY..<span.maxY, rows) {
                        let a = rowRuns[row.near].visible, b = rowRuns[row.far].visible
                        guard !a.isEmpty || !b.isEmpty else { continue }
                        let upper = resampled(row.near), lower = resampled(row.far)
                        Self.blendRows(upper, lower, weight: row.weight, count: width,
                                       over: frame + y * pitch + span.minX, opacity: opacity)
                    }
                }
            }
        }
        return true
    }

    /// Where a device pixel's centre falls in the texture along one axis: the texel on each
    /// side and the far one's weight (0…256); clamped to the texture's edge.
    struct Sample {
        var near: Int
        var far: Int
        var weight: UInt32
    }

    enum Axis { case x, y }

    /// The samples of a run of device pixels along `axis`.
    static func samples(device: Range<Int>, texels: Int, axis: Axis, item: RenderItem, entry: Entry,
                        viewport: Viewport) -> [Sample] {
        let t = item.transform, local = entry.localRect
        let (scale, translation, offset, start, length) = axis == .x
            ? (t.a, t.tx, viewport.offset.x, local.minX, local.width)
            : (t.d, t.ty, viewport.offset.y, local.minY, local.height)
        // Device coordinate → canvas point → layer point → texel, whose centres are at +0.5.
        let texelsPerPoint = Double(texels) / length
        let step = texelsPerPoint / (scale * viewport.scale)
        let base = ((-offset / viewport.scale - translation) / scale - start) * texelsPerPoint - 0.5
        return device.map { pixel in
            let u = base + (Double(pixel) + 0.5) * step
            let near = u.rounded(.down)
            guard near >= 0 else { return Sample(near: 0, far: 0, weight: 0) }
            guard near < Double(texels - 1) else { return Sample(near: texels - 1, far: texels - 1, weight: 0) }
            return Sample(near: Int(near), far: Int(near) + 1, weight: UInt32((u - near) * 256))
        }
    }

    /// One texture row sampled at each column; transparent where the row shows nothing.
    static func resample(_ row: UnsafePointer<UInt32>, visible: Range<Int>, columns: UnsafeBufferPointer<Sample>,
                         into buffer: UnsafeMutablePointer<UInt32>) {
        var first = 0, last = columns.count
        while first < last && columns[first].far < visible.lowerBound { first += 1 }
        while last > first && columns[last - 1].near >= visible.upperBound { last -= 1 }
        buffer.update(repeating: 0, count: first)
        for x in first..<last {
            let c = columns[x]
            buffer[x] = mix(row[c.near], row[c.far], c.weight)
        }
        (buffer + last).update(repeating: 0, count: columns.count - last)
    }

    /// Two resampled rows mixed and blended over a device row; branchless, so vectorized.
    static func blendRows(_ upper: UnsafePointer<UInt32>, _ lower: UnsafePointer<UInt32>, weight: UInt32, count: Int,
                          over target: UnsafeMutablePointer<UInt32>, opacity: UInt32) {
        for x in 0..<count {
            blend(mix(upper[x], lower[x], weight), over: target + x, opacity: opacity)
        }
    }

    /// Two straight-alpha ARGB pixels mixed channel by channel, `weight` (0…256) of the
    /// second. A fully transparent pixel has no colour of its own: it takes the other's, so
    /// that an edge fades out in its own colour, as premultiplied sampling would, rather than
    /// towards the black of the transparent rows and columns outside the visible runs.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ weight: UInt32) -> UInt32 {
        let aIsClear = 0 &- UInt32(a >> 24 == 0 ? 1 : 0), bIsClear = 0 &- UInt32(b >> 24 == 0 ? 1 : 0)
        let a = a & ~aIsClear | b & 0x00FF_FFFF & aIsClear
        let b = b & ~bIsClear | a & 0x00FF_FFFF & bIsClear
        let rest = 256 &- weight
        let redBlue = ((((a & 0xFF00FF) &* rest) &+ ((b & 0xFF00FF) &* weight)) >> 8) & 0xFF00FF
        let alphaGreen = ((((a >> 8) & 0xFF00FF) &* rest) &+ (((b >> 8) & 0xFF00FF) &* weight)) & 0xFF00_FF00
        return redBlue | alphaGreen
    }
}
