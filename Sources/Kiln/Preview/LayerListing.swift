import KilnCore

/// A layer tree as `kiln layers` prints it: one JSON line a layer, depth first in drawing
/// order, each with its name (and, for an SVG element, the `owner/id` name that reaches it
/// beyond doubt), its kind, its frame on the canvas, its depth, its own opacity
/// and whether it is hidden.
///
/// ```
/// {"name": "likeButton", "qualified": "card.svg/likeButton", "kind": "SVGLayer", "frame": {"x": 24, "y": 140, "width": 128, "height": 40}, "depth": 3, "opacity": 1, "hidden": false}
/// ```
enum LayerListing {
    /// The lines for `root` and every layer under it; `root`'s depth is 0. The unnamed runs
    /// an SVG element's own drawing is cut into, to keep the document's order around its
    /// children, are part of that element and not listed.
    static func lines(of root: Layer) -> [String] {
        var lines: [String] = []
        func visit(_ layer: Layer, depth: Int) {
            lines.append(line(for: layer, depth: depth))
            for sublayer in layer.sublayersInDrawingOrder where (sublayer as? SVGLayer)?.role != .run {
                visit(sublayer, depth: depth + 1)
            }
        }
        visit(root, depth: 0)
        return lines
    }

    /// The line of one layer at `depth`: its frame is the bounding box of its bounds carried
    /// to the root (the canvas) through every transform on the way.
    static func line(for layer: Layer, depth: Int) -> String {
        let frame = layer.transformToRoot.apply(to: layer.bounds)
        let name = layer.name.map(SceneEvent.jsonString) ?? "null"
        let qualified = layer.qualifiedName.map { ", \"qualified\": " + SceneEvent.jsonString($0) } ?? ""
        let box = "{\"x\": \(number(frame.minX)), \"y\": \(number(frame.minY)), "
            + "\"width\": \(number(frame.width)), \"height\": \(number(frame.height))}"
        return "{\"name\": \(name)\(qualified), \"kind\": \(SceneEvent.jsonString(kind(of: layer))), \"frame\": \(box), "
            + "\"depth\": \(depth), \"opacity\": \(number(layer.opacity)), \"hidden\": \(layer.isHidden)}"
    }

    /// The layer's class: `Layer`, `ShapeLayer`, `SVGLayer`, or a scene's own subclass.
    static func kind(of layer: Layer) -> String {
        String(describing: type(of: layer))
    }

    /// `value` as JSON, to a thousandth of a point: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }
}
