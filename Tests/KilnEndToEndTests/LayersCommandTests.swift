// `kiln layers` as users and tests meet it: one JSON line a layer, read back here, for a
// Figma-like SVG whose frames come from its own geometry, and for a scene played by a script.
import Foundation
import KilnEndToEndSupport
import Testing

@Suite("Listing layers")
struct LayersCommandTests {
    let kiln: URL

    init() throws {
        kiln = try KilnBinary.locate()
    }

    /// One printed line, decoded.
    struct Line {
        var name: String?
        var qualified: String?
        var kind: String
        var frame: (x: Double, y: Double, width: Double, height: Double)
        var depth: Int
        var opacity: Double
        var hidden: Bool
    }

    func layers(_ arguments: [String]) throws -> [Line] {
        let result = try ExternalCommand.run(kiln, ["layers"] + arguments, timeout: 120, allowFailure: true)
        try #require(result.status == 0, "kiln layers \(arguments.joined(separator: " ")): \(result.stderr)")
        return try result.text.split(separator: "\n").map { text in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
            let frame = try #require(object["frame"] as? [String: Double], "\(text)")
            return Line(name: object["name"] as? String, qualified: object["qualified"] as? String, kind: try #require(object["kind"] as? String),
                        frame: (frame["x"] ?? .nan, frame["y"] ?? .nan, frame["width"] ?? .nan, frame["height"] ?? .nan),
                        depth: try #require(object["depth"] as? Int), opacity: try #require(object["opacity"] as? Double),
                        hidden: try #require(object["hidden"] as? Bool))
        }
    }

    static func near(_ a: (x: Double, y: Double, width: Double, height: Double),
                     _ b: (x: Double, y: Double, width: Double, height: Double), within: Double = 0.01) -> Bool {
        abs(a.x - b.x) <= within && abs(a.y - b.y) <= within && abs(a.width - b.width) <= within
            && abs(a.height - b.height) <= within
    }

    @Test("The profile card SVG lists its ids by nesting, each at the frame its shapes cover")
    func profileCard() throws {
        let card = ProjectFiles.root.appendingPathComponent("Resources/Assets/profile-card.svg").path

        let lines = try layers([card])

        #expect(lines.map(\.name) == [nil, "profile-card.svg", "Card", "Background", "Banner", "Avatar", "Name",
                                      "likeButton", "likeHeart", "shareButton"])
        #expect(lines.map(\.depth) == [0, 1, 2, 3, 3, 3, 3, 3, 4, 3])
        // Each element is reached by the file layer's name and its id, whatever else is named so.
        #expect(lines.map(\.qualified) == [nil, nil] + lines.dropFirst(2).map { "profile-card.svg/" + ($0.name ?? "?") })
        #expect(lines.map(\.kind) == ["Layer"] + Array(repeating: "SVGLayer", count: 9))
        #expect(lines.allSatisfy { $0.opacity == 1 && !$0.hidden })
        // From the file: the canvas is 320×200; Avatar is its outer circle (centre 60,80, r 34);
        // Name spans its two bars (108…240 across, 86…118 down); the buttons are their pills.
        let expected: [String?: (Double, Double, Double, Double)] = [
            nil: (0, 0, 320, 200), "profile-card.svg": (0, 0, 320, 200), "Card": (0, 0, 320, 200),
            "Background": (0, 0, 320, 200), "Banner": (0, 0, 320, 72), "Avatar": (26, 46, 68, 68),
            "Name": (108, 86, 132, 32), "likeButton": (24, 140, 128, 40), "shareButton": (168, 140, 128, 40),
        ]
        for line in lines {
            if let frame = expected[line.name] {
                #expect(Self.near(line.frame, frame), "\(line.name ?? "root"): \(line.frame)")
            }
        }
        // The heart's lobes are half circles on the chords (49.3, 163.3)–(56, 157.8) and
        // (56, 157.8)–(62.7, 163.3), radius half a chord (4.334, as SVG enlarges a radius too
        // small for its arc): its ink runs from x 52.65 − 4.334 to 59.35 + 4.334 and from
        // y 160.55 − 4.334 to the tip at 170. Its layer covers that grown to whole points.
        let heart = try #require(lines.first { $0.name == "likeHeart" })
        #expect(Self.near(heart.frame, (48, 156, 16, 14), within: 0.01), "\(heart.frame)")
    }

    @Test("A scene is listed at --at while --script plays: the gallery's draggable square follows the drag")
    func sceneWithScript() throws {
        let script = ProjectFiles.scripts.appendingPathComponent("gallery-drag.json").path

        let before = try layers(["gallery", "--script", script, "--at", "0.3"])
        let during = try layers(["gallery", "--script", script, "--at", "0.85"])

        #expect(before.first?.depth == 0 && before.first.map { Self.near($0.frame, (0, 0, 390, 844)) } == true,
                "the root is the iPhone 14 canvas the script names")
        #expect(before.map(\.name) == during.map(\.name), "the same tree")
        let start = try #require(before.first { $0.name == "draggable" }).frame
        let moved = try #require(during.first { $0.name == "draggable" }).frame
        // Pressed at 0.4 s, then moved by (-150, 120) over 0.45 s: by 0.85 s its centre has come that far.
        #expect(abs((moved.x + moved.width / 2) - (start.x + start.width / 2 - 150)) < 2, "\(start) → \(moved)")
        #expect(abs((moved.y + moved.height / 2) - (start.y + start.height / 2 + 120)) < 2, "\(start) → \(moved)")
        #expect(try layers(["gallery", "--script", script, "--at", "0.3"]).map(\.frame.x) == before.map(\.frame.x),
                "the same moment twice lists the same frames")
    }

    @Test("A Lottie file is listed as its preview: one LottieLayer the composition's size")
    func lottie() throws {
        let pulse = ProjectFiles.root.appendingPathComponent("Resources/Assets/pulse.json").path

        let lines = try layers([pulse, "--at", "0.5"])

        #expect(lines.map(\.kind) == ["Layer", "LottieLayer"])
        #expect(lines.last.map { Self.near($0.frame, (0, 0, 200, 200)) } == true)
    }

    @Test("A missing file is one line naming it and exit status 1")
    func missingFile() throws {
        let result = try ExternalCommand.run(kiln, ["layers", "/nonexistent/card.svg"], timeout: 60, allowFailure: true)

        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n") == ["kiln: /nonexistent/card.svg: no such file"])
    }
}
