import ArgumentParser
import Foundation
import Kiln

/// `kiln new NAME`: a new prototype folder, ready for `kiln dev`.
struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make a prototype folder: a Swift scene with a card to drag, its tuning file, a demo script and a README.")

    @Argument(help: "The prototype's name, which is also its folder and its scene: a letter, then letters, digits, - or _.")
    var name: String

    func run() throws {
        guard let template = PrototypeTemplate(name: name) else {
            warn("'\(name)' cannot name a prototype: start with a letter, then use letters, digits, - or _ (up to 40)")
            throw ExitCode(1)
        }
        let parent = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        guard !FileManager.default.fileExists(atPath: parent.appendingPathComponent(name).path) else {
            warn("\(name) already exists; choose another name, or open it with `kiln dev \(name)`")
            throw ExitCode(1)
        }
        do { _ = try template.write(into: parent) } catch {
            warn("cannot write \(name)/: \(error.localizedDescription)")
            throw ExitCode(1)
        }
        print("""
            Made \(name)/ with \(template.files.map(\.path).joined(separator: ", ")).
              kiln dev \(name)       opens it; saving \(template.swiftFileName) shows the new code in the window
            """)
    }
}
