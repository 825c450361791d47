// Splits clipped quads so that SDL's software renderer can blit most of their area.
// SDL draws a quad whose two triangles form an exact axis-aligned rectangle as a scaled
// blit; any other polygon is filled pixel by pixel, several times slower. A layer inside a
// card with rounded corners is clipped to a many-sided polygon, so without this the whole
// card (and every char layer on it) takes the slow path in every frame of a recording.
import KilnCore

extension Compositor {
    /// `polygon` (in the layer's coordinates, drawn with an axis-aligned transform) as
    /// pieces that cover it exactly once: axis-aligned rectangles with exact corners for
    /// the bulk, and small convex pieces at rounded corners. `deviceY` and `deviceX` map
    /// a local coordinate to device pixels, so that the cuts fall on pixel boundaries.
    static func pieces(of polygon: [Point], deviceX: (Double) -> Double, deviceY: (Double) -> Double) -> [[Point]] {
        if let rectangle = snappedRectangle(polygon) { return [rectangle] }
        let box = Rect(enclosing: polygon)
        guard let rows = fullSpan(of: polygon, box: box, horizontal: true),
              let (top, bottom) = pixelAligned(rows, device: deviceY), bottom > top else {
            return columnPieces(of: polygon, box: box, deviceX: deviceX)
        }
        var result = [Rect(box.minX, top, box.width, bottom - top).corners]
        for band in [Rect(box.minX, box.minY, box.width, top - box.minY),
                     Rect(box.minX, bottom, box.width, box.maxY - bottom)] where band.height > 0 {
            let piece = snap(ConvexPolygon(rect: band).clip(polygon), to: band)
            guard piece.count >= 3 else { continue }
            result += columnPieces(of: piece, box: Rect(enclosing: piece), deviceX: deviceX)
        }
        return result
    }

    /// A band's middle, where it spans its full height, as a rectangle; its ends as they are.
    private static func columnPieces(of polygon: [Point], box: Rect, deviceX: (Double) -> Double) -> [[Point]] {
        if let rectangle = snappedRectangle(polygon) { return [rectangle] }
        guard let columns = fullSpan(of: polygon, box: box, horizontal: false),
              let (left, right) = pixelAligned(columns, device: deviceX), right > left else { return [polygon] }
        var result = [Rect(left, box.minY, right - left, box.height).corners]
        for band in [Rect(box.minX, box.minY, left - box.minX, box.height),
                     Rect(right, box.minY, box.maxX - right, box.height)] where band.width > 0 {
            let piece = snap(ConvexPolygon(rect: band).clip(polygon), to: band)
            if piece.count >= 3 { result.append(piece) }
        }
        return result
    }

    /// Where a convex polygon spans its whole box: the rows (or columns) between its
    /// vertices on both the left and right (or top and bottom) sides of the box.
    private static func fullSpan(of polygon: [Point], box: Rect, horizontal: Bool) -> (Double, Double)? {
        let tolerance = 1e-6 * max(1, box.width, box.height)
        var low = (Double.infinity, -Double.infinity), high = (Double.infinity, -Double.infinity)
        for p in polygon {
            let across = horizontal ? p.x : p.y, along = horizontal ? p.y : p.x
            if abs(across - (horizontal ? box.minX : box.minY)) <= tolerance { low = (min(low.0, along), max(low.1, along)) }
            if abs(across - (horizontal ? box.maxX : box.maxY)) <= tolerance { high = (min(high.0, along), max(high.1, along)) }
        }
        let span = (max(low.0, high.0), min(low.1, high.1))
        return span.0 < span.1 ? span : nil
    }

    /// The span shrunk to whole device pixels, back in local coordinates.
    private static func pixelAligned(_ span: (Double, Double), device: (Double) -> Double) -> (Double, Double)? {
        let origin = device(0), unit = device(1) - origin
        guard unit != 0 else { return nil }
        let a = device(span.0), b = device(span.1)
        let (first, last) = unit > 0 ? (a.rounded(.up), b.rounded(.down)) : (b.rounded(.up), a.rounded(.down))
        guard last > first else { return nil }
        let x0 = (first - origin) / unit, x1 = (last - origin) / unit
        return (min(x0, x1), max(x0, x1))
    }

    /// Puts vertices that clipping left a rounding error away from the band's edges onto them.
    private static func snap(_ polygon: [Point], to band: Rect) -> [Point] {
        let tolerance = 1e-6 * max(1, band.width, band.height)
        func onto(_ v: Double, _ a: Double, _ b: Double) -> Double {
            abs(v - a) <= tolerance ? a : abs(v - b) <= tolerance ? b : v
        }
        return polygon.map { Point(onto($0.x, band.minX, band.maxX), onto($0.y, band.minY, band.maxY)) }
    }

    /// A clipped polygon that is an axis-aligned rectangle, as its four exact corners, or
    /// `nil`. Clipping leaves the corners off by rounding errors; exact ones let SDL's
    /// software renderer draw the quad as a blit.
    static func snappedRectangle(_ polygon: [Point]) -> [Point]? {
        let box = Rect(enclosing: polygon)
        let tolerance = 1e-6 * max(1, box.width, box.height)
        func near(_ v: Double, _ w: Double) -> Bool { abs(v - w) <= tolerance }
        for p in polygon {
            guard near(p.x, box.minX) || near(p.x, box.maxX), near(p.y, box.minY) || near(p.y, box.maxY) else {
                return nil
            }
        }
        // Corners alone do not make a rectangle (three of them are a triangle): the area must match.
        var twiceArea = 0.0
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            twiceArea += p.x * q.y - q.x * p.y
        }
        guard abs(abs(twiceArea) / 2 - box.width * box.height) <= tolerance * max(box.width, box.height) else { return nil }
        return box.corners
    }
}
