// Finds layers by name: the scene's own layers first, then the elements of its SVG layers,
// which a qualified name `svgLayerName/elementID` reaches whatever the scene calls its own.

extension Layer {
    /// What `layer(named:)` finds, as its comment says: the scene's own layers, then SVG elements.
    package func findLayer(named name: String) -> Layer? {
        if self.name == name { return self }
        var own: Layer?
        search { layer in
            guard layer.name == name, !layer.isSVGTreePart else { return false }
            own = layer
            return true
        }
        return own ?? svgElement(qualified: name) ?? svgElement(named: name)
    }

    /// The name that reaches this layer whatever else a scene calls its own: `owner/id` for
    /// an element an SVG document's tree made under an SVG layer that code named `owner`;
    /// `nil` for every other layer.
    package var qualifiedName: String? {
        guard let svg = self as? SVGLayer, svg.isTreePart, let id = svg.elementID, let owner = svg.treeOwner?.name else {
            return nil
        }
        return owner + "/" + id
    }

    /// Visits the subtree depth first, self first, until `body` returns true; whether it did.
    @discardableResult
    private func search(_ body: (Layer) -> Bool) -> Bool {
        if body(self) { return true }
        for layer in sublayers where layer.search(body) { return true }
        return false
    }

    /// Whether an SVG document's tree made this layer, rather than code.
    private var isSVGTreePart: Bool {
        (self as? SVGLayer)?.isTreePart == true
    }

    /// The element `id` of the first SVG layer code made and named `owner`, for a `name`
    /// of the form `owner/id`.
    private func svgElement(qualified name: String) -> Layer? {
        guard name.contains("/") else { return nil }
        var found: Layer?
        search { layer in
            guard let svg = layer as? SVGLayer, !svg.isTreePart, let owner = svg.name, name.hasPrefix(owner + "/") else {
                return false
            }
            found = svg.treePart(id: String(name.dropFirst(owner.count + 1)))
            return found != nil
        }
        return found
    }

    /// The first layer an SVG document's tree made that is called `name`; when another SVG
    /// layer's tree has one too, one line says which is used.
    private func svgElement(named name: String) -> Layer? {
        var first: (layer: SVGLayer, owner: SVGLayer?)?
        var other: SVGLayer??
        search { layer in
            guard let part = layer as? SVGLayer, part.isTreePart, part.name == name else { return false }
            guard let found = first else {
                first = (part, part.treeOwner)
                return false
            }
            if part.treeOwner !== found.owner { other = .some(part.treeOwner) }
            return other != nil
        }
        if let first, let other { Self.sayAmbiguous(name, first: first.owner, other: other) }
        return first?.layer
    }

    /// Says, once, that the elements of two SVG layers are called `name` and the first is used.
    private static func sayAmbiguous(_ name: String, first: SVGLayer?, other: SVGLayer?) {
        func described(_ svg: SVGLayer?) -> String {
            let file = svg?.image?.url.lastPathComponent ?? "an SVG"
            return svg?.name.map { "\"\($0)\" (\(file))" } ?? "an unnamed layer of \(file)"
        }
        let qualified = first?.name.map { "write \"\($0)/\(name)\" to be sure" }
            ?? "name the SVG layers and write \"layerName/\(name)\" to choose"
        AssetProblems.report(AssetError(
            file: first?.image?.url.lastPathComponent ?? "SVG",
            reason: "\"\(name)\" is an element of two SVG layers, \(described(first)) and \(described(other)); "
                + "the first in the tree is used: \(qualified)"))
    }
}

extension SVGLayer {
    /// The layer the document's tree made for the element `id` under this layer, depth first.
    fileprivate func treePart(id: String) -> SVGLayer? {
        for case let layer as SVGLayer in sublayers where layer.isTreePart {
            if layer.elementID == id { return layer }
            if let found = layer.treePart(id: id) { return found }
        }
        return nil
    }

    /// The layer code made whose tree made this one.
    fileprivate var treeOwner: SVGLayer? {
        var above = superlayer
        while let svg = above as? SVGLayer, svg.isTreePart { above = svg.superlayer }
        return above as? SVGLayer
    }
}
