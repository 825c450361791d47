import KilnCore
@testable import KilnPlatform
import Testing

/// Clipped quads split into blit-friendly rectangles and small corner pieces.
@Suite("Compositor pieces")
struct CompositorPiecesTests {
    func area(_ polygon: [Point]) -> Double {
        var twice = 0.0
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            twice += p.x * q.y - q.x * p.y
        }
        return abs(twice) / 2
    }

    func isRectangle(_ piece: [Point]) -> Bool {
        piece.count == 4 && Compositor.snappedRectangle(piece) == piece
    }

    @Test("A card clipped to rounded corners becomes rectangles plus corners, covering it exactly once")
    func roundedCard() {
        let clip = ConvexPolygon(roundedRect: Rect(0, 0, 300, 120), cornerRadius: 20)
        let polygon = clip.clip(Rect(-10, -10, 320, 140).corners)

        // Two device pixels per point, offset by a fraction, as a dragged card is.
        let pieces = Compositor.pieces(of: polygon, deviceX: { $0 * 2 + 0.3 }, deviceY: { $0 * 2 + 0.7 })

        #expect(abs(pieces.map(area).reduce(0, +) - area(polygon)) < 1e-6)
        let blitted = pieces.filter(isRectangle).map(area).reduce(0, +)
        #expect(blitted / area(polygon) > 0.95)
        #expect(pieces.filter { !isRectangle($0) }.count == 4)
    }

    @Test("Cuts between pieces fall on whole device pixels")
    func pixelAligned() {
        let polygon = ConvexPolygon(roundedRect: Rect(10, 10, 100, 50), cornerRadius: 8).vertices

        let pieces = Compositor.pieces(of: polygon, deviceX: { $0 * 2 + 0.3 }, deviceY: { $0 * 2 + 0.7 })

        for piece in pieces.filter(isRectangle) {
            for corner in piece where corner.y > 10 && corner.y < 60 {
                let device = corner.y * 2 + 0.7
                #expect(abs(device - device.rounded()) < 1e-9)
            }
        }
    }

    @Test("A rectangle stays one piece and a triangle is never taken for a rectangle")
    func simpleShapes() {
        let rectangle = [Point(0, 0), Point(5, 0), Point(5, 1e-9 + 3), Point(0, 3)]
        let triangle = [Point(0, 0), Point(5, 0), Point(5, 3)]

        let pieces = Compositor.pieces(of: rectangle, deviceX: { $0 }, deviceY: { $0 })

        // One piece whose corners share their coordinates exactly, as SDL's blit test needs.
        #expect(pieces.count == 1)
        #expect(pieces.first.map { Set($0.map(\.y)).count == 2 && Set($0.map(\.x)).count == 2 } == true)
        #expect(Compositor.snappedRectangle(triangle) == nil)
    }
}
