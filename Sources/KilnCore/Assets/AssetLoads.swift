import Foundation

/// Reads the new versions of asset files for an `AssetWatcher` on threads of their own, so
/// that the window goes on drawing while a file loads: a pass that starts a read waits a
/// moment for it (a quick read shows in that very frame), then goes on and takes the
/// result at a later pass. A read still running `budget` seconds after it started is
/// refused, and what it brings when it ends is dropped.
///
/// A read that never ends (a file system that does not answer) keeps its thread; it holds
/// nothing of the window's.
package final class AssetLoads: @unchecked Sendable {
    /// A version of a file, or of what a name stands for.
    struct Key: Hashable {
        var name: String
        var version: String
    }

    /// Seconds a read may take before its file is refused.
    package let budget: Double
    /// Seconds a pass waits for a read it starts.
    package let patience: Double
    private let now: @Sendable () -> Double
    private let condition = NSCondition()
    private var started: [Key: Double] = [:]
    private var finished: [Key: Any] = [:]
    private var abandoned = Set<Key>()

    /// Reads refused past `budget` seconds of `now` (a monotonic clock by default), each
    /// waited for `patience` seconds by the pass that starts it.
    package init(budget: Double = 2, patience: Double = 0.05,
                 now: @escaping @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }) {
        self.budget = budget
        self.patience = patience
        self.now = now
    }

    /// What reading `version` of `name` (with `load`) gave, once it has; `nil` while it runs.
    /// The first call starts it. Past the budget, a refusal naming `name`.
    package func result<Asset>(of name: String, version: Any, load: @escaping @Sendable () throws(AssetError) -> Asset)
        -> Result<Asset, AssetError>? {
        let key = Key(name: name, version: "\(version)")
        condition.lock()
        defer { condition.unlock() }
        if let done = take(key, as: Asset.self) { return done }
        if let start = started[key] {
            guard now() - start > budget else { return nil }
            started[key] = nil
            abandoned.insert(key)
            return .failure(AssetError(file: name, reason: String(format: "took more than %g s to read; refused, "
                                                                  + "and not read again until it changes", budget)))
        }
        // A newer version: what an older one brought is of no use.
        finished = finished.filter { $0.key.name != name }
        started[key] = now()
        let thread = Thread { [self] in
            let result = Result { () throws(AssetError) -> Asset in try load() }
            condition.lock()
            if abandoned.remove(key) == nil {
                finished[key] = result
                started[key] = nil
            }
            condition.broadcast()
            condition.unlock()
        }
        thread.name = "kiln-asset-load"
        thread.start()
        let deadline = Date().addingTimeInterval(patience)
        while finished[key] == nil && condition.wait(until: deadline) {}
        return take(key, as: Asset.self)
    }

    /// Whether no read is running.
    package var isIdle: Bool {
        condition.lock()
        defer { condition.unlock() }
        return started.isEmpty
    }

    private func take<Asset>(_ key: Key, as type: Asset.Type) -> Result<Asset, AssetError>? {
        guard let done = finished.removeValue(forKey: key) else { return nil }
        return done as? Result<Asset, AssetError>
    }
}
