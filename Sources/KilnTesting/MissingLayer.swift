import Kiln

/// A layer a test asked a ``SceneHarness`` for by a name the scene does not give any layer.
///
/// It names the layer asked for and the scene's names nearest to it, so a mistyped name
/// fails its own test in one line rather than stopping the whole run:
/// `the scene has no layer named "crad"; its nearest names are "card", "card.icon", "cards"`.
public struct MissingLayer: Error, CustomStringConvertible, Sendable {
    /// The name asked for.
    public let name: String
    /// The scene's layer names nearest to it, nearest first (at most three).
    public let nearestNames: [String]

    /// How many of the nearest names the message gives.
    static let nearestCount = 3

    /// The missing `name`, with the nearest of the names the layers under `root` have.
    public init(name: String, in root: Layer) {
        self.name = name
        let names = Set(root.allLayers.compactMap(\.name)).sorted()
        let wanted = Array(name.lowercased())
        nearestNames = names
            .map { (name: $0, distance: Self.editDistance(wanted, Array($0.lowercased()))) }
            .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
            .prefix(Self.nearestCount)
            .map(\.name)
    }

    /// One line: the name asked for and the nearest names the scene has.
    public var description: String {
        let asked = "the scene has no layer named \(Self.quoted(name))"
        guard !nearestNames.isEmpty else { return asked + ", and none of its layers has a name" }
        let nearest = nearestNames.map(Self.quoted).joined(separator: ", ")
        return asked + (nearestNames.count == 1 ? "; its only name is " : "; its nearest names are ") + nearest
    }

    /// A name in quotes, on one line whatever it holds.
    static func quoted(_ name: String) -> String {
        "\"" + name.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }
            .joined() + "\""
    }

    /// How many characters must be inserted, deleted or replaced to turn `a` into `b`.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
