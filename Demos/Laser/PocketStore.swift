/// A savings pot the user can delete: what the laser destroys.
public struct Pocket: Hashable, Sendable {
    /// Names the pocket in events: "holiday".
    public var id: String
    /// The name on the card.
    public var name: String
    /// The balance in minor units (pence).
    public var balance: Int

    /// A pocket with its id, name and balance in minor units.
    public init(id: String, name: String, balance: Int) {
        self.id = id
        self.name = name
        self.balance = balance
    }

    /// "£1,240.00".
    public var formattedBalance: String {
        let pounds = balance / 100, pence = balance % 100
        var digits = String(pounds)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits = String(digits.dropLast(3))
        }
        return "£" + digits + grouped + "." + (pence < 10 ? "0" : "") + String(pence)
    }
}

/// The user's pockets, with delete and restore: the scene deletes through it, as the
/// original app called its API, and Undo restores through it.
public final class PocketStore {
    /// The pockets left, in the order shown.
    public private(set) var pockets: [Pocket]
    private var deleted: [(pocket: Pocket, index: Int)] = []

    /// A store holding `pockets`; by default the samples the scene shows.
    public init(pockets: [Pocket] = PocketStore.samples) {
        self.pockets = pockets
    }

    /// A few pockets to play with.
    public static let samples = [
        Pocket(id: "micronesia", name: "Trip to Micronesia", balance: 124_000),
        Pocket(id: "bike", name: "New bike", balance: 38_550),
        Pocket(id: "rainy-day", name: "Rainy day", balance: 210_075),
    ]

    /// Deletes a pocket; `false` when there is no such pocket.
    @discardableResult
    public func delete(id: String) -> Bool {
        guard let index = pockets.firstIndex(where: { $0.id == id }) else { return false }
        deleted.append((pockets.remove(at: index), index))
        return true
    }

    /// Restores the last deleted pocket where it was; returns it, or `nil` when none.
    @discardableResult
    public func restoreLast() -> Pocket? {
        guard let last = deleted.popLast() else { return nil }
        pockets.insert(last.pocket, at: min(last.index, pockets.count))
        return last.pocket
    }

    /// Whether there is a delete to undo.
    public var canRestore: Bool { !deleted.isEmpty }
}
