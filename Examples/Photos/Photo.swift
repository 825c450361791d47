import Kiln

/// A photo of the library: its file in `Assets/`. The pictures are drawings of places.
struct Photo: Sendable {
    var file: String

    /// The library, in the grid's order.
    static let all = [
        "photo-dunes.jpg", "photo-harbour.jpg", "photo-pines.jpg", "photo-meadow.jpg",
        "photo-dusk.jpg", "photo-blossom.jpg", "photo-bloom.jpg", "photo-dunes-night.jpg",
        "photo-pines-autumn.jpg", "photo-harbour-dawn.jpg", "photo-meadow-dusk.jpg", "photo-bloom-teal.jpg",
    ].map { Photo(file: $0) }
}

/// How a photo sits in the viewer: zoomed about its middle, turned, and moved from its place.
struct Pose: Equatable {
    var scale = 1.0
    /// Radians, clockwise.
    var angle = 0.0
    /// From the photo's place at 1×, in points.
    var offset = Point.zero

    /// 1×, upright, in its place.
    static let identity = Pose()

    init(scale: Double = 1, angle: Double = 0, offset: Point = .zero) {
        (self.scale, self.angle, self.offset) = (scale, angle, offset)
    }

    /// Where a point of the photo (from its middle, at 1×, upright) is drawn for a photo whose middle at rest is `home`.
    func place(_ point: Point, home: Point) -> Point {
        home + offset + Transform(rotationAngle: angle).apply(to: point * scale)
    }

    /// The point of the photo (from its middle, at 1×, upright) drawn at `location`: the inverse of `place`.
    func point(at location: Point, home: Point) -> Point {
        Transform(rotationAngle: -angle).apply(to: location - home - offset) / scale
    }
}

extension Rect {
    /// The centre and size.
    var components: [Double] { [midX, midY, width, height] }

    init(components c: [Double]) {
        self.init(c[0] - c[2] / 2, c[1] - c[3] / 2, c[2], c[3])
    }

    /// The largest rect of `aspect` (width over height) inside this one, centred.
    func fitting(aspect: Double) -> Rect {
        let width = min(self.width, height * aspect)
        let height = width / aspect
        return Rect(midX - width / 2, midY - height / 2, width, height)
    }

    /// This rect scaled by `factor` about its centre and moved by `offset`.
    func scaled(by factor: Double, movedBy offset: Point) -> Rect {
        Rect(components: [midX + offset.x, midY + offset.y, width * factor, height * factor])
    }
}
