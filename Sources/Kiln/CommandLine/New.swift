import ArgumentParser
import Foundation
import KilnPlatform

/// `kiln new NAME`: a new prototype folder, ready for `kiln dev`.
struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make a prototype folder: a Swift scene with a card to drag, its tuning file, a demo script and a README.")

    @Argument(help: "The prototype's name, which is also its folder and its scene: a letter, then letters, digits, - or _ (or a path ending in one: the folder is made there).")
    var path: String

    func run() throws {
        // As written, without the slashes that may end a folder's name.
        var path = self.path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        guard !path.trimmingCharacters(in: .whitespaces).isEmpty else {
            warn("give the prototype a name: kiln new NAME (a letter, then letters, digits, - or _)")
            throw ExitCode(1)
        }
        let location = URL(fileURLWithPath: path).standardizedFileURL
        let name = location.lastPathComponent
        guard var template = PrototypeTemplate(name: name) else {
            warn("'\(name)' cannot name a prototype: start with a letter, then use letters, digits, - or _ (up to 40)")
            throw ExitCode(1)
        }
        // `kiln render NAME` would show Kiln's own scene or run its command, not the prototype.
        if KilnApp.reservedNames.contains(name.lowercased()) {
            warn("'\(name)' is the name of one of Kiln's scenes or commands; choose another name for the prototype")
            throw ExitCode(1)
        }
        // A package needs Kiln's sources: those of the checkout this kiln was built in.
        template.kilnSources = RunningBinary.url.flatMap(PrototypeToolchain.checkout(above:))
        // The scene's file would be written over by another of the folder's, or left out of the build.
        if let clash = template.clashingFile {
            warn("'\(name)' cannot name a prototype: its scene's file, \(template.swiftFileName), would clash with the folder's \(clash); choose another name")
            throw ExitCode(1)
        }
        let parent = location.deletingLastPathComponent()
        guard !FileManager.default.fileExists(atPath: location.path) else {
            warn("\(path) already exists; choose another name, or open it with `kiln dev \(path)`")
            throw ExitCode(1)
        }
        do { _ = try template.write(into: parent) } catch {
            warn("cannot write \(path)/: \(error.localizedDescription)")
            throw ExitCode(1)
        }
        print("""
            Made \(path)/ with \(template.files.map(\.path).joined(separator: ", ")).
              kiln dev \(path)       opens it; saving \(template.swiftFileName) shows the new code in the window
            """)
    }
}
