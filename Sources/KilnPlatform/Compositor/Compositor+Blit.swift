// Offscreen, draws the pieces that map texture pixels one to one onto device pixels by hand.
// SDL's software renderer blends such a blit at about 2.5 ns a pixel, and at about 9 ns once
// the layer's opacity is under 1 (a fading glow, a beam firing up); this loop skips
// transparent pixels, copies opaque ones and blends the rest in two multiplies.
import CSDL2
import KilnCore

extension Compositor {
    /// Draws `polygon` (in the layer's coordinates) of the item by hand when it is a rectangle
    /// whose texture pixels land exactly on device pixels; `false` leaves it to SDL.
    func blitAligned(_ polygon: [Point], of item: RenderItem, entry: Entry, viewport: Viewport) -> Bool {
        let t = item.transform
        guard let surface = renderer.surface, let pixels = entry.pixels, !item.isAdditive,
              t.a == 1, t.d == 1, t.b == 0, t.c == 0,
              let piece = Self.snappedRectangle(polygon) else { return false }
        let local = entry.localRect
        let texelsPerPoint = Double(entry.width) / local.width
        guard abs(texelsPerPoint - viewport.scale) <= 1e-6 * viewport.scale,
              abs(Double(entry.height) / local.height - viewport.scale) <= 1e-6 * viewport.scale else { return false }
        let box = Rect(enclosing: piece)
        let origin = viewport.devicePoint(t.apply(to: box.origin))
        let end = viewport.devicePoint(t.apply(to: Point(box.maxX, box.maxY)))
        // Device pixel = texture pixel + shift, as SDL's own blit would place it.
        let shiftX = Int((origin.x - (box.minX - local.minX) * texelsPerPoint).rounded())
        let shiftY = Int((origin.y - (box.minY - local.minY) * texelsPerPoint).rounded())
        let clip = canvasClip
        let x0 = max(Int(origin.x.rounded()), shiftX, clip.minX, 0)
        let y0 = max(Int(origin.y.rounded()), shiftY, clip.minY, 0)
        let x1 = min(Int(end.x.rounded()), shiftX + entry.width, clip.maxX, Int(surface.pointee.w))
        let y1 = min(Int(end.y.rounded()), shiftY + entry.height, clip.maxY, Int(surface.pointee.h))
        let opacity = UInt32((min(max(item.opacity, 0), 1) * 256).rounded())
        guard x1 > x0, y1 > y0, opacity > 0 else { return true }
        // Commands SDL has queued must land first.
        SDL_RenderFlush(renderer.handle)
        let pitch = Int(surface.pointee.pitch) / 4
        let frame = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        pixels.withUnsafeBufferPointer { texture in
            for y in y0..<y1 {
                let source = texture.baseAddress! + (y - shiftY) * entry.width + (x0 - shiftX)
                let target = frame + y * pitch + x0
                if entry.isOpaque && opacity == 256 {
                    target.update(from: source, count: x1 - x0)
                } else {
                    Self.blend(source, over: target, count: x1 - x0, opacity: opacity)
                }
            }
        }
        return true
    }

    /// Straight-alpha ARGB pixels over opaque ones, the source's alpha scaled by `opacity`
    /// (0…256).
    @inline(__always)
    private static func blend(_ source: UnsafePointer<UInt32>, over target: UnsafeMutablePointer<UInt32>,
                              count: Int, opacity: UInt32) {
        for x in 0..<count {
            let s = source[x]
            let alpha = ((s >> 24) &* opacity) >> 8
            if alpha == 0 { continue }
            if alpha == 255 && opacity == 256 {
                target[x] = s
                continue
            }
            // 0…255 onto 0…256, so that full alpha gives the source exactly.
            let a = alpha &+ (alpha >> 7), rest = 256 &- a
            let d = target[x]
            let redBlue = (((s & 0xFF00FF) &* a) &+ ((d & 0xFF00FF) &* rest)) >> 8
            let green = (((s & 0x00FF00) &* a) &+ ((d & 0x00FF00) &* rest)) >> 8
            target[x] = 0xFF00_0000 | (redBlue & 0xFF00FF) | (green & 0x00FF00)
        }
    }
}
