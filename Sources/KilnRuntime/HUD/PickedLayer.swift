/// The layer the HUD plots, remembered so that it can be found again in a scene made anew
/// (a step or scrub back, a reload that keeps its place): by its place in the tree, its
/// name and its class.
import KilnCore

struct PickedLayer {
    /// The layer as picked.
    weak var layer: Layer?
    /// Sublayer indices from the root down to the layer.
    let path: [Int]
    /// The layer's name, or its class and number.
    let title: String
    let name: String?
    let kind: ObjectIdentifier

    /// `layer`, a layer below `root`.
    init(_ layer: Layer, in root: Layer) {
        self.layer = layer
        var path: [Int] = []
        var child = layer
        while let parent = child.superlayer, child !== root {
            path.append(parent.sublayers.firstIndex { $0 === child } ?? 0)
            child = parent
        }
        self.path = path.reversed()
        name = layer.name
        kind = ObjectIdentifier(type(of: layer))
        title = layer.name ?? "\(type(of: layer)) \(layer.id)"
    }

    /// The picked layer if it is still under `root`; else the layer at the same place in
    /// `root`'s tree when it has the same name and class; else `nil`.
    mutating func resolve(in root: Layer) -> Layer? {
        if let layer, layer.isDescendant(of: root) { return layer }
        var found = root
        for index in path {
            guard found.sublayers.indices.contains(index) else { return nil }
            found = found.sublayers[index]
        }
        guard found !== root, found.name == name, ObjectIdentifier(type(of: found)) == kind else { return nil }
        layer = found
        return found
    }
}
