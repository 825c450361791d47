import KilnCore

/// A rectangle of device pixels that line segments are cut to, in floating point: what is
/// left of a segment lies inside it, on whole pixels' left and top edges at most, never on
/// the right or bottom edge (the pixel past it).
struct LineClipBox: Equatable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    /// How far inside the right and bottom edges a cut end is put, so that it truncates to
    /// the last pixel inside.
    static let inset = 1.0 / 1024

    /// The part of the segment from `a` to `b` inside the box (Liang–Barsky), or nil when
    /// none of it is, or the segment is not finite.
    func clip(_ a: Point, _ b: Point) -> (Point, Point)? {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, maxX > minX, maxY > minY else { return nil }
        let dx = b.x - a.x, dy = b.y - a.y
        let right = maxX - Self.inset, bottom = maxY - Self.inset
        var enter = 0.0, leave = 1.0
        // Each edge as (p, q): the segment is inside where p·t ≤ q.
        for (p, q) in [(-dx, a.x - minX), (dx, right - a.x), (-dy, a.y - minY), (dy, bottom - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let t = q / p
            if p < 0 { enter = max(enter, t) } else { leave = min(leave, t) }
            if enter > leave { return nil }
        }
        func at(_ t: Double) -> Point {
            Point(min(max(a.x + dx * t, minX), right), min(max(a.y + dy * t, minY), bottom))
        }
        return (enter == 0 ? a : at(enter), leave == 1 ? b : at(leave))
    }
}
