import Foundation
import KilnCore

/// The files `kiln new NAME` writes: a Swift scene that already does something (a card to
/// drag, which springs home), its commented tuning file, a demo script, an `Assets/` folder
/// with the icon the card shows (an SVG, reloaded in the window when it is saved) and a README.
package struct PrototypeTemplate: Sendable {
    /// The prototype's name: its folder, its scene on the command line, its scripts' scene.
    package let name: String
    /// The checkout of Kiln whose sources the folder's `Package.swift` names by path; without
    /// one the folder is for `kiln dev` alone, with no `Package.swift` and no `Tests/`.
    package var kilnSources: URL?

    /// The template for `name`; `nil` unless `name` is a letter followed by letters, digits,
    /// `-` or `_` (at most 40), as a scene name on the command line must be.
    package init?(name: String) {
        guard let first = name.unicodeScalars.first, name.count <= 40,
              CharacterSet.letters.contains(first),
              name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") })
        else { return nil }
        self.name = name
    }

    /// The Swift file's name: the name in upper camel case, `Card.swift` for `card`.
    package var swiftFileName: String {
        let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" })
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + ".swift"
    }

    /// The file the scene's Swift file would take the place of, whatever the case of its
    /// letters: another file the template writes (`Package.swift` for `package`), or
    /// `Package.swift` also when none is written, since `kiln dev` leaves that name out;
    /// `nil` when the name clashes with nothing.
    package var clashingFile: String? {
        let others = ["Package.swift"] + files.filter { $0.path != swiftFileName }.map(\.path)
        return others.first { $0.lowercased() == swiftFileName.lowercased() }
    }

    /// Every file, by its path inside the folder.
    package var files: [(path: String, text: String)] {
        [(swiftFileName, swiftSource), ("tuning.toml", tuningText), ("Scripts/demo.json", demoScript),
         ("Assets/\(Self.iconName)", iconSVG), ("README.md", readme)] + packageFiles
    }

    /// Writes the folder `name` under `parent`; an existing folder is left alone and refused.
    package func write(into parent: URL) throws -> URL {
        let folder = parent.appendingPathComponent(name)
        guard !FileManager.default.fileExists(atPath: folder.path) else {
            throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: folder.path])
        }
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// The tuning file: the starter scene's defaults, as `kiln tuning --defaults` writes them.
    package var tuningText: String {
        StarterTuning.fileText(StarterTuning(), ofPrototype: true).replacingOccurrences(of: StarterTuning.title, with: "\(name): a card you drag, which springs home")
    }

    /// The icon's file name in `Assets/`.
    package static let iconName = "move.svg"

    /// The icon the card shows: four arrows, white, as an SVG a design tool would export.
    package var iconSVG: String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 24 24" fill="none"
             stroke="#FFFFFF" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
          <path id="cross" d="m3 12h18m-9-9v18"/>
          <path id="arrows" d="m9 6 3-3 3 3m-6 12 3 3 3-3m-9-9-3 3 3 3m12-6 3 3-3 3"/>
        </svg>

        """
    }

    /// A script that drags the card away twice and lets it spring home. It presses the
    /// card where it starts, the middle of the canvas, rather than naming its layer, so
    /// that it still plays once the layer is renamed.
    package var demoScript: String {
        """
        {
          "scene": "\(name)",
          "device": "iphone-14",
          "seed": 1,
          "steps": [
            {"wait": 0.4},
            {"down": {"at": [195, 422]}},
            {"move": {"to": {"by": [-30, 170]}, "duration": 0.5, "curve": "easeInOut"}},
            {"move": {"to": {"by": [-15, 90]}, "duration": 0.1, "curve": "linear"}},
            {"up": {}},
            {"wait": 1.2},
            {"drag": {"from": [195, 422], "to": [320, 160], "duration": 0.35, "curve": "easeIn"}},
            {"wait": 1.2}
          ]
        }

        """
    }

    /// A few lines on what to do next.
    package var readme: String {
        """
        # \(name)

        A Kiln prototype: a card you drag, which springs home.

        ```sh
        kiln dev \(name)                                 # the window; save \(swiftFileName) and see it within a second
        kiln render \(name) --script \(name)/Scripts/demo.json --out demo.gif
        kiln play \(name)/Scripts/demo.json               # the demo, live, then the card is yours
        ```

        - `\(swiftFileName)`: the scene (layers, a pan recognizer, a spring) and the global
          `prototype` that names it. Every `.swift` file at the top of this folder is compiled.
        - `tuning.toml`: the values the scene reads; saving it while `kiln dev` runs applies them.
        - `Scripts/`: input scripts naming the scene `\(name)`; record one with R or `--capture`.
        - `Assets/`: the images, SVG and Lottie files the scene shows (`ImageLayer(named: "\(Self.iconName)")`);
          save one while `kiln dev` runs and the window shows the new version at once.\(kilnSources == nil ? "" : "\n- `Package.swift`, `Tests/`: `swift test` runs the scene's tests, written with KilnTesting.")

        """
    }
}

/// The starter scene's tuning, declared here as the template declares it, so that its file
/// is written the way every tuning file is.
struct StarterTuning: SceneTuning {
    var spring = Spring(dampingRatio: 0.62, response: 0.42)
    var liftScale = 1.06
    var color = Color(hex: 0x0A84FF)

    static let title = "starter"
    static let fields: [TuningField<StarterTuning>] = [
        .spring("card.spring", \.spring, "How the card springs home when let go, with the speed it was let go at."),
        .number("card.lift_scale", \.liftScale, "How much the card grows while it is held.", in: 1...1.5),
        .color("card.color", \.color, "The card's colour."),
    ]
}
