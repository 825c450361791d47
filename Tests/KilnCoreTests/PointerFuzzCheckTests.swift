import KilnCore
import KilnTestSupport
import Testing

@Suite("Replayable random-script checks")
struct PointerFuzzCheckTests {
    static let canvas = Size(200, 200)

    /// Whether a script presses a pointer down anywhere.
    static func begins(_ script: PointerFuzzScript) -> [String] {
        script.steps.contains {
            if case .pointer(_, .began, _, _, _) = $0.action { true } else { false }
        } ? ["a pointer began"] : []
    }

    @Test("A failing property is reported with its seed and shrunk to the one step that breaks it")
    func shrinksToTheCause() throws {
        let scripts = PointerFuzz.scripts(canvas: Self.canvas, length: 10...40)
        let failure = try #require(PointerFuzzCheck("begins", count: 50).run(scripts, problems: Self.begins))
        #expect(failure.script.steps.count == 1)
        #expect(Self.begins(failure.script) == ["a pointer began"])
        #expect(failure.problems == ["a pointer began"])
        #expect(failure.original >= 10)
        #expect(failure.seed == PointerFuzzCheck.baseSeed)
        #expect(failure.description.contains("KILN_FUZZ_SEED=\(PointerFuzzCheck.baseSeed)"))
    }

    @Test("The same seed and label give the same scripts; another label gives others")
    func replayable() {
        let scripts = PointerFuzz.scripts(canvas: Self.canvas, length: 5...5)
        func firstScript(_ label: String) -> String {
            var seen = ""
            _ = PointerFuzzCheck(label, count: 1).run(scripts) { seen = $0.description; return [] }
            return seen
        }
        #expect(firstScript("a") == firstScript("a"))
        #expect(firstScript("a") != firstScript("b"))
    }

    @Test("A property that holds runs every script and reports nothing")
    func passing() {
        var runs = 0
        let failure = PointerFuzzCheck("holds", count: 30).run(PointerFuzz.scripts(canvas: Self.canvas)) { _ in
            runs += 1
            return []
        }
        #expect(failure == nil)
        #expect(runs == 30)
    }
}
