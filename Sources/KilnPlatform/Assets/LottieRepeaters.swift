// Bounds the copies a Lottie's repeaters ask rlottie for. rlottie makes every copy of a
// repeated shape up front, a few bytes to a few kilobytes each, so a 400-byte file asking for
// a hundred million copies takes gigabytes before a frame is drawn. A repeater (`"ty": "rp"`)
// copies the shapes before it in its list, so repeaters in one list and in the groups around
// it multiply; the count that matters is the largest product along any nesting, with each
// repeater at the largest copy count its keyframes reach.
import KilnCore

enum LottieRepeaters {
    /// The most copies of one shape a Lottie's repeaters may make, nested ones multiplied:
    /// ten times the busiest repeaters exported in practice (a ring of a hundred dots inside a
    /// row of ten takes a thousand).
    static let maximumCopies = 10_000.0

    /// The largest number of copies of any shape the repeaters of `document` make: of its
    /// layers' shapes and of the layers of its precompositions.
    static func largestCopies(in document: JSONNode) -> Double {
        var largest = 1.0
        for layers in layerLists(of: document) {
            for layer in layers { largest = max(largest, copies(in: layer["shapes"], around: 1)) }
        }
        return largest
    }

    /// The document's list of layers and each precomposition's.
    private static func layerLists(of document: JSONNode) -> [[JSONNode]] {
        var lists: [[JSONNode]] = []
        if case .array(let layers) = document["layers"]?.value { lists.append(layers) }
        if case .array(let assets) = document["assets"]?.value {
            for asset in assets {
                if case .array(let layers) = asset["layers"]?.value { lists.append(layers) }
            }
        }
        return lists
    }

    /// The largest product of copies inside the shape list `shapes`, already repeated
    /// `around` times by the groups around it.
    private static func copies(in shapes: JSONNode?, around: Double) -> Double {
        guard case .array(let items) = shapes?.value else { return around }
        // Every repeater of the list repeats what comes before it, and later repeaters repeat
        // earlier repeaters' copies: the list's own factor is their product.
        let own = items.filter { $0["ty"]?.string == "rp" }.reduce(around) { product, repeater in
            product * largestCount(in: repeater["c"])
        }
        var largest = own
        for item in items where item["ty"]?.string == "gr" {
            largest = max(largest, copies(in: item["it"], around: own))
        }
        return largest
    }

    /// The most copies the repeater property `c` asks for: its static value, or the largest
    /// start or end value of its keyframes; at least 1, and infinity for one not finite.
    private static func largestCount(in property: JSONNode?) -> Double {
        guard let value = property?["k"] else { return 1 }
        if case .array(let keyframes) = value.value, keyframes.contains(where: { $0["s"] != nil || $0["e"] != nil }) {
            return keyframes.flatMap { [largestNumber(in: $0["s"]), largestNumber(in: $0["e"])] }.max() ?? 1
        }
        return largestNumber(in: value)
    }

    /// The largest of a number or an array of numbers, at least 1; infinity for a number that
    /// is not finite.
    private static func largestNumber(in node: JSONNode?) -> Double {
        switch node?.value {
        case .number(let value): value.isFinite ? max(1, value) : .infinity
        case .array(let items): items.map { largestNumber(in: $0) }.max() ?? 1
        default: 1
        }
    }
}
