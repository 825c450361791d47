extension Layer {
    /// Converts a displacement (not a location) from canvas points into this layer's coordinates.
    func convertVector(fromCanvas vector: Point) -> Point {
        convert(vector, from: nil) - convert(.zero, from: nil)
    }

    /// Converts a displacement (not a location) from this layer's coordinates into canvas points.
    func convertVector(toCanvas vector: Point) -> Point {
        convert(vector, to: nil) - convert(.zero, to: nil)
    }
}
