import Foundation
import KilnCore
import KilnEndToEndSupport
import LaserDemo
import MailboxDemo
import PressureDemo
import Testing

/// docs/behaviour.md says what the behaviour numbers in comments and test names mean, and
/// which tuning keys change them; these tests keep it in step with the code.
@Suite("Behaviour numbers and docs/behaviour.md")
struct BehaviourDocTests {
    let doc: String

    init() throws {
        doc = try String(contentsOf: ProjectFiles.root.appendingPathComponent("docs/behaviour.md"), encoding: .utf8)
    }

    /// The numbers the doc explains, from its entries' "**L8 · Outcome.**" openings.
    var explained: Set<String> {
        Set(doc.matches(of: /\*\*([LMPX][0-9]+) ·/).map { String($0.output.1) })
    }

    /// Every Swift file under `folder`, as (path inside the package, text).
    static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let root = ProjectFiles.root.appendingPathComponent(folder)
        let walker = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        return try walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.map { url in
            (folder + url.path.dropFirst(root.path.count), try String(contentsOf: url, encoding: .utf8))
        }
    }

    /// The behaviour numbers a text cites: "L8", both ends of "M1–M8". X11 is the window
    /// system, not a number of ours.
    static func citedNumbers(in text: String) -> Set<String> {
        Set(text.matches(of: /\b([LMPX][0-9]{1,2})\b/)
            .map { String($0.output.1) }
            .filter { $0 != "X11" })
    }

    @Test("The doc explains every behaviour number cited in Sources, Demos and Tests, and no other")
    func everyCitedNumberIsExplained() throws {
        var citedBy: [String: String] = [:]
        for folder in ["Sources", "Demos", "Tests"] {
            for file in try Self.swiftFiles(under: folder) {
                for number in Self.citedNumbers(in: file.text) { citedBy[number] = citedBy[number] ?? file.path }
            }
        }

        let unexplained = citedBy.filter { !explained.contains($0.key) }.map { "\($0.key) (in \($0.value))" }
        #expect(unexplained.isEmpty, "cited but not in docs/behaviour.md: \(unexplained.sorted())")
        #expect(explained.subtracting(citedBy.keys).isEmpty,
                "in docs/behaviour.md but cited nowhere: \(explained.subtracting(citedBy.keys).sorted())")
        #expect(citedBy.keys.contains("L8") && citedBy.keys.contains("M10") && citedBy.keys.contains("X7"))
    }

    @Test("The doc names every tuning key of every scene")
    func everyTuningKeyIsNamed() {
        let keys = LaserTuning.fields.map(\.key) + MailboxTuning.fields.map(\.key) + PressureTuning.fields.map(\.key)

        let missing = keys.filter { !doc.contains("`\($0)`") }

        #expect(keys.count > 50)
        #expect(missing.isEmpty, "tuning keys docs/behaviour.md does not name: \(missing)")
    }

    @Test("Every test file the doc names is in Tests/")
    func namedTestFilesExist() {
        let paths = Set(doc.matches(of: /`(Tests\/[A-Za-z]+\/[A-Za-z+]+\.swift)`/).map { String($0.output.1) })

        let missing = paths.filter { !FileManager.default.fileExists(atPath: ProjectFiles.root.appendingPathComponent($0).path) }

        #expect(paths.count > 20)
        #expect(missing.isEmpty, "\(missing.sorted())")
    }

    @Test("Resources/Tuning holds one file for each scene with tuning and nothing else")
    func tuningFolderMatchesCatalogue() throws {
        let shipped = try FileManager.default.contentsOfDirectory(
            atPath: ProjectFiles.root.appendingPathComponent("Resources/Tuning").path)

        let expected = DemoCatalog.entries.filter { $0.tuning != nil }.map { "\($0.name).toml" }

        #expect(shipped.sorted() == expected.sorted())
    }
}
