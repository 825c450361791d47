/// Where a script's pointer comes down when it is aimed at a named layer that other layers
/// cover there.
///
/// A tap, press, `down` or drag aimed at a point of a layer goes, as a finger would, to the
/// layer the point hits. When that is another layer drawn over it (not the layer itself,
/// one inside it, or one it lies in), the pointer is aimed instead at the point of the
/// layer that shows most clearly (the one farthest from anything covering it and from its
/// edges, the nearest to the aimed point among equals); when nothing of it shows, the
/// step cannot be played.
import KilnCore

enum ScriptAim: Equatable {
    /// Nothing covers the layer at the aimed point, or the point is not on the layer.
    case clear
    /// `cover` covers the aimed point; `point` is where the layer shows.
    case moved(to: Point, cover: String)
    /// `cover` covers the aimed point, and nothing of the layer shows.
    case covered(by: String)

    /// How many samples a side the layer's bounds are searched with for a point that shows.
    static let samplesPerSide = 16

    /// Where a pointer aimed at canvas point `point` of `layer` comes down, in `root`'s tree.
    static func aim(at point: Point, on layer: Layer, in root: Layer) -> ScriptAim {
        guard layer.containsPoint(layer.convert(point, from: nil)),
              let cover = coveringLayer(at: point, of: layer, in: root) else { return .clear }
        let name = coverName(cover, over: layer)
        guard let shown = shownPoint(of: layer, in: root, near: point) else { return .covered(by: name) }
        return .moved(to: shown, cover: name)
    }

    /// The layer a point hits when it is drawn over `layer` rather than being it, inside it,
    /// or one it lies in.
    private static func coveringLayer(at point: Point, of layer: Layer, in root: Layer) -> Layer? {
        guard let hit = root.hitTest(canvasPoint: point) else { return nil }
        return hit.isDescendant(of: layer) || layer.isDescendant(of: hit) ? nil : hit
    }

    /// Whether a pointer at canvas point `point` reaches `layer` (or a layer inside it or one
    /// it lies in), nothing drawn over it there.
    private static func shows(_ layer: Layer, at point: Point, in root: Layer) -> Bool {
        guard let hit = root.hitTest(canvasPoint: point) else { return false }
        return hit.isDescendant(of: layer) || layer.isDescendant(of: hit)
    }

    /// The covering layer as a script names layers: its own name or the nearest named layer
    /// it lies in, short of those `layer` lies in too.
    private static func coverName(_ cover: Layer, over layer: Layer) -> String {
        var current: Layer? = cover
        while let candidate = current, !layer.isDescendant(of: candidate) {
            if let name = candidate.name, !name.isEmpty { return "\"\(name)\"" }
            current = candidate.superlayer
        }
        return "an unnamed layer"
    }

    /// The canvas point of `layer` that shows most clearly, or `nil` when none of it shows.
    private static func shownPoint(of layer: Layer, in root: Layer, near aimed: Point) -> Point? {
        let bounds = layer.bounds, n = samplesPerSide
        let cell = Size(bounds.width / Double(n), bounds.height / Double(n))
        guard cell.width > 0, cell.height > 0 else { return nil }
        let samples = (0..<n * n).map { index in
            Point(bounds.minX + (Double(index % n) + 0.5) * cell.width, bounds.minY + (Double(index / n) + 0.5) * cell.height)
        }
        let showing = samples.map { shows(layer, at: layer.convert($0, to: nil), in: root) }
        let hidden = zip(samples, showing).filter { !$0.1 }.map(\.0)
        let aimedLocal = layer.convert(aimed, from: nil)
        // How far a sample is from the nearest hidden sample, or from the bounds as if the
        // samples went on past them hidden.
        func clearance(_ p: Point) -> Double {
            let edge = min(p.x - bounds.minX + cell.width / 2, bounds.maxX - p.x + cell.width / 2,
                           p.y - bounds.minY + cell.height / 2, bounds.maxY - p.y + cell.height / 2)
            return hidden.reduce(edge) { min($0, $1.distance(to: p)) }
        }
        let best = zip(samples, showing).filter(\.1).map(\.0).min { a, b in
            let (ca, cb) = (clearance(a), clearance(b))
            return ca != cb ? ca > cb : a.distance(to: aimedLocal) < b.distance(to: aimedLocal)
        }
        return best.map { layer.convert($0, to: nil) }
    }
}
