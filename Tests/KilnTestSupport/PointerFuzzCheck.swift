import Foundation
import PropertyBased

/// A property check over random pointer scripts that can always be replayed.
///
/// Scripts come from a seed: `KILN_FUZZ_SEED` when set (a number), a fixed one when `CI`
/// is set, so that a landing run tests exactly what the developer's last CI run did, and
/// a fresh one otherwise, so that every local run explores new input. A failure names
/// its seed and how to replay it, and is shrunk by dropping steps within a fixed number of
/// tries, so that a failing run stays as quick as a passing one.
public struct PointerFuzzCheck {
    /// The seed all of this process's checks derive their own from.
    public static let baseSeed: UInt64 = {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["KILN_FUZZ_SEED"], let seed = UInt64(given) { return seed }
        if environment["CI"] != nil { return 0x4B49_4C4E_F022 }
        return UInt64.random(in: 0...UInt64.max)
    }()

    /// Names the check in its report and, with the base seed, picks its scripts.
    public var label: String
    /// How many scripts to try before passing.
    public var count: Int
    /// How many more runs a failure may take to find a shorter script that fails too.
    public var shrinkTries = 60

    public init(_ label: String, count: Int) {
        self.label = label
        self.count = count
    }

    /// Runs `problems` on `count` scripts from `scripts`, stopping at the first that
    /// reports any; returns that failure, shrunk, or `nil` when every script passed.
    public func run<S>(_ scripts: Generator<PointerFuzzScript, S>,
                       problems: (PointerFuzzScript) -> [String]) -> PointerFuzzFailure? {
        var rng = Xoshiro(seed: Self.seed(Self.baseSeed, label))
        for index in 0..<count {
            let script = scripts.run(using: &rng)
            let found = problems(script)
            guard !found.isEmpty else { continue }
            let (shrunk, shrunkProblems, tries) = shrink(script, found, problems)
            return PointerFuzzFailure(label: label, seed: Self.baseSeed, index: index, original: script.steps.count,
                                      script: shrunk, problems: shrunkProblems, tries: tries)
        }
        return nil
    }

    /// Drops runs of steps, halving their length, while the script still fails.
    private func shrink(_ script: PointerFuzzScript, _ found: [String],
                        _ problems: (PointerFuzzScript) -> [String]) -> (PointerFuzzScript, [String], Int) {
        var best = script, bestProblems = found, tries = 0
        var chunk = max(1, best.steps.count / 2)
        while tries < shrinkTries {
            var start = 0
            while start < best.steps.count, tries < shrinkTries {
                var candidate = best
                candidate.steps.removeSubrange(start..<min(best.steps.count, start + chunk))
                tries += 1
                let again = problems(candidate)
                if again.isEmpty {
                    start += chunk
                } else {
                    best = candidate
                    bestProblems = again
                }
            }
            guard chunk > 1 else { break }
            chunk /= 2
        }
        return (best, bestProblems, tries)
    }

    /// The four words of a check's generator: the base seed and the label mixed by
    /// SplitMix64, stable across processes (unlike `Hasher`).
    static func seed(_ base: UInt64, _ label: String) -> (UInt64, UInt64, UInt64, UInt64) {
        var state = label.utf8.reduce(base ^ 0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return (next(), next(), next(), next())
    }
}

/// A script that broke a property: what went wrong, the script (shrunk) and how to replay it.
public struct PointerFuzzFailure: CustomStringConvertible, Sendable {
    public var label: String
    public var seed: UInt64
    /// Which of the check's scripts failed first, from 0.
    public var index: Int
    /// The failing script's length before shrinking.
    public var original: Int
    public var script: PointerFuzzScript
    public var problems: [String]
    /// The runs spent shrinking.
    public var tries: Int

    public var description: String {
        """
        \(label): script \(index) failed (replay: KILN_FUZZ_SEED=\(seed) swift test --filter …)
        \(problems.joined(separator: "\n"))
        shrunk from \(original) steps in \(tries) tries to \(script)
        """
    }
}
