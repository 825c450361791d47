import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime
import KilnTestSupport
import Testing

/// One element of an SVG as a layer of its own, placed anywhere in the scene, and the
/// document's ids kept apart from the scene's own layer names. Serialized: the lines said
/// are read from one process-wide sink.
@Suite("An element of an SVG as a layer of its own, and its ids apart from the scene's names", .serialized)
struct SVGElementLayerTests {
    /// A Figma-like wallet screen, 120 × 200: a header, a `card` group (its own opacity and
    /// transform, a `photo` inside) spanning 10…110 across and 50…114 down, and a badge
    /// outside the card that overlaps it.
    static let wallet = """
        <svg xmlns="http://www.w3.org/2000/svg" width="120" height="200" viewBox="0 0 120 200">
          <rect width="120" height="200" fill="#eeeeff"/>
          <g id="header"><rect width="120" height="30" fill="#333355"/></g>
          <g id="card" transform="translate(10 50)" opacity="0.8">
            <rect width="100" height="64" rx="10" fill="#f2a33a"/>
            <circle id="photo" cx="24" cy="32" r="14" fill="#2b6cb0"/>
            <path d="M 48 22h40v6h-40zM 48 36h28v6h-28z" fill="#ffffff"/>
          </g>
          <circle id="badge" cx="104" cy="56" r="12" fill="#d53f3f"/>
        </svg>
        """

    /// A folder of its own holding `wallet.svg`, removed by `body`'s end.
    static func withWallet<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-svg-element-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("wallet.svg")
        try Data(wallet.utf8).write(to: url)
        PlatformAssetReader.install()
        return try body(url)
    }

    /// `rsvg-convert --export-id ID -z ZOOM` of `url`, laid over white: the element drawn
    /// alone, in a picture of its own box.
    static func exported(_ id: String, of url: URL, zoom: Int) throws -> Bitmap {
        let out = url.deletingLastPathComponent().appendingPathComponent("\(id)@\(zoom)x.png")
        let rsvgConvert = URL(fileURLWithPath: try #require(AssetVectorTests.rsvgConvert))
        try ExternalCommand.run(rsvgConvert, ["--export-id", id, "-z", String(zoom), "-o", out.path, url.path], timeout: 60)
        return AssetFixtures.overWhite(try Bitmap.readPNG(from: out.path))
    }

    /// A scene's root holding the wallet as an SVG layer named `screen`, and after it in the
    /// tree a layer of the scene's own named `card`, far from the SVG's.
    static func scene(_ url: URL) throws -> (root: Layer, screen: SVGLayer, own: Layer) {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 390, height: 844)
        let screen = try SVGLayer(image: Image(contentsOf: url))
        screen.name = "screen"
        screen.frame = Rect(x: 0, y: 0, width: 120, height: 200)
        let own = Layer()
        own.name = "card"
        own.frame = Rect(x: 200, y: 600, width: 150, height: 100)
        root.addSublayer(screen)
        root.addSublayer(own)
        return (root, screen, own)
    }

    @Test("An element's layer has the element's box as its bounds, its id as its name and its inner ids as sublayers")
    func elementBounds() throws {
        let card = try Self.withWallet { url in try SVGLayer(image: Image(contentsOf: url), element: "card") }

        let photo = try #require(card.layer(named: "photo") as? SVGLayer)

        #expect(card.bounds == Rect(x: 0, y: 0, width: 100, height: 64))
        #expect(card.name == "card" && card.elementID == "card")
        #expect(card.opacity == 0.8)
        #expect(photo.frame == Rect(x: 10, y: 18, width: 28, height: 28))
    }

    /// `id`'s layer alone on a canvas of its size at `zoom`.
    static func drawn(_ id: String, of url: URL, zoom: Int) throws -> Bitmap {
        let layer = try SVGLayer(image: Image(contentsOf: url), element: id)
        layer.frame = Rect(origin: .zero, size: layer.bounds.size)
        return try AssetFixtures.render(layer, canvas: layer.bounds.size, scale: Double(zoom))
    }

    /// `rsvg-convert -z ZOOM` of the wallet with only the card left, cut to the card's box.
    static func cardAlone(in folder: URL, zoom: Int) throws -> Bitmap {
        let alone = folder.appendingPathComponent("card-alone.svg")
        let kept = wallet.split(separator: "\n").filter { !$0.contains("<rect width=\"120\"") && !$0.contains("badge") }
        try Data(kept.joined(separator: "\n").utf8).write(to: alone)
        let whole = try AssetVectorTests.rsvgConvertFrame(alone, zoom: zoom)
        let (x0, y0, width, height) = (10 * zoom, 50 * zoom, 100 * zoom, 64 * zoom)
        var pixels: [UInt8] = []
        for y in y0..<(y0 + height) { pixels += whole.pixels[((y * whole.width + x0) * 4)..<((y * whole.width + x0 + width) * 4)] }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Expects `frame` to be `reference` but for a level or two of rounding: the layer carries
    /// the element's opacity and the compositor lays it over white in 8 bits, where librsvg
    /// paints it at once.
    static func expectMatch(_ frame: Bitmap, _ reference: Bitmap, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(frame.width == reference.width && frame.height == reference.height,
                     "\(name): \(frame.width)×\(frame.height) against \(reference.width)×\(reference.height)",
                     sourceLocation: sourceLocation)
        let rootMeanSquare = AssetFixtures.rootMeanSquare(frame, reference)
        let difference = AssetFixtures.difference(frame, reference, tolerance: 3)
        if difference.over > 0 {
            try FrameMatch.keep([("kiln", frame), ("rsvg", reference)], as: "svg-element-\(name)")
        }
        #expect(rootMeanSquare < 0.005 && difference.over == 0,
                "\(name): root mean square \(rootMeanSquare), \(difference.over) pixels over 3/255 (worst \(difference.worst))",
                sourceLocation: sourceLocation)
    }

    @Test("An element's layer inside a faded, moved group draws that element as rsvg-convert --export-id does, at 1×, 2× and 3×",
          .enabled(if: AssetVectorTests.rsvgConvert != nil, "rsvg-convert is not installed (scripts/bootstrap installs librsvg2-bin)"),
          arguments: [1, 2, 3])
    func drawsAnInnerElementAlone(zoom: Int) throws {
        let (frame, reference) = try Self.withWallet { url in
            (try Self.drawn("photo", of: url, zoom: zoom), try Self.exported("photo", of: url, zoom: zoom))
        }

        try Self.expectMatch(frame, reference, "photo@\(zoom)x")
    }

    // rsvg-convert 2.54 draws nothing for --export-id of an element with an opacity of its
    // own, so the faded card is held to the document with only the card left, cut to its box.
    @Test("The card's layer draws the card with its own opacity and transform, and none of the rest, at 1×, 2× and 3×",
          .enabled(if: AssetVectorTests.rsvgConvert != nil, "rsvg-convert is not installed (scripts/bootstrap installs librsvg2-bin)"),
          arguments: [1, 2, 3])
    func drawsTheCardAlone(zoom: Int) throws {
        let (frame, reference) = try Self.withWallet { url in
            (try Self.drawn("card", of: url, zoom: zoom), try Self.cardAlone(in: url.deletingLastPathComponent(), zoom: zoom))
        }

        try Self.expectMatch(frame, reference, "card@\(zoom)x")
    }

    @Test("An id the file does not have is said in one line naming the file and the id, and shows a crossed box")
    func unknownID() throws {
        try Self.withWallet { url in
            var layer: SVGLayer?

            let lines = ProblemLines.said(about: "wallet.svg") { layer = SVGLayer(named: url.path, element: "cart") }

            #expect(lines.count == 1 && lines.allSatisfy { $0.contains("\"cart\"") && !$0.contains("\n") }, "\(lines)")
            #expect(throws: AssetError.self) { try SVGLayer(image: Image(contentsOf: url), element: "cart") }
            let shown = try #require(layer)
            shown.frame = Rect(x: 8, y: 8, width: 44, height: 44)
            for scale in [1.0, 2.0] {
                let frame = try AssetFixtures.render(shown, canvas: Size(width: 60, height: 60), scale: scale)
                #expect(AssetFixtures.showsPlaceholder(frame, in: shown.frame, scale: scale), "at \(scale)×: no crossed box")
            }
        }
    }

    /// Saves `text` over `url` as editors do: written beside it, then renamed over it.
    static func save(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    @Test("An element's layer follows its saved file: an id taken away shows a crossed box and says so, and brought back shows the element at its new size")
    func followsSavedFile() throws {
        try Self.withWallet { url in
            let card = try SVGLayer(image: Image(contentsOf: url), element: "card")
            card.position = Point(200, 700)
            let watcher = AssetWatcher()
            var gone: SVGLayer?, back: SVGLayer?

            let lines = try ProblemLines.said(about: "wallet.svg") {
                try Self.save(Self.wallet.replacingOccurrences(of: "id=\"card\"", with: "id=\"pass\""), to: url)
                _ = watcher.poll(card, now: 0)
                gone = card.problem == nil ? nil : card
                try Self.save(Self.wallet.replacingOccurrences(of: "width=\"100\" height=\"64\"", with: "width=\"120\" height=\"64\""), to: url)
                _ = watcher.poll(card, now: 1)
                back = card.problem == nil ? card : nil
            }

            #expect(gone != nil && lines.count == 1 && lines.allSatisfy { $0.contains("\"card\"") }, "\(lines)")
            #expect(back?.bounds.size == Size(width: 120, height: 64))
            #expect(back?.position == Point(200, 700) && back?.layer(named: "photo") != nil)
        }
    }

    @Test("A crossed box for an id the file lacks shows the element once a save gives it that id")
    func crossedBoxAdoptsTheElement() throws {
        try Self.withWallet { url in
            let layer = SVGLayer(named: url.path, element: "pass")
            let watcher = AssetWatcher()
            let quiet = watcher.poll(layer, now: 0)

            try Self.save(Self.wallet.replacingOccurrences(of: "id=\"card\"", with: "id=\"pass\""), to: url)
            _ = watcher.poll(layer, now: 1)

            #expect(quiet.isEmpty, "an unchanged file is not read again: \(quiet)")
            #expect(layer.problem == nil && layer.image != nil)
            #expect(layer.bounds == Rect(x: 0, y: 0, width: 100, height: 64) && layer.opacity == 0.8)
        }
    }

    @Test("The scene's own layer named card wins over the SVG's element card, which screen/card finds")
    func sceneNamesComeFirst() throws {
        let (root, screen, own) = try Self.withWallet(Self.scene)

        let plain = root.layer(named: "card")
        let qualified = root.layer(named: "screen/card") as? SVGLayer
        let photo = root.layer(named: "photo") as? SVGLayer

        #expect(plain === own)
        #expect(qualified?.elementID == "card" && qualified?.superlayer === screen)
        #expect(photo?.elementID == "photo", "an id no scene layer bears is still found by itself")
        #expect(root.layer(named: "other/card") == nil && root.layer(named: "screen/cart") == nil)
    }

    @Test("Every element's qualified name, as kiln layers prints it, finds that element and no other layer; a layer code made has none")
    func qualifiedNamesReachTheirElements() throws {
        let (root, screen, own) = try Self.withWallet(Self.scene)
        var parts: [SVGLayer] = []
        func collect(_ layer: Layer) {
            for sublayer in layer.sublayers {
                if let part = sublayer as? SVGLayer, part.elementID != nil { parts.append(part) }
                collect(sublayer)
            }
        }

        collect(screen)

        #expect(parts.count >= 2)
        for part in parts {
            let name = try #require(part.qualifiedName)
            #expect(name == "screen/" + (part.elementID ?? ""))
            #expect(root.layer(named: name) === part, "\(name)")
        }
        #expect(screen.qualifiedName == nil && own.qualifiedName == nil && root.qualifiedName == nil)
    }

    @Test("An id in two SVG layers finds the first in the tree, and one line says so")
    func ambiguousID() throws {
        try Self.withWallet { url in
            let root = Layer()
            let first = try SVGLayer(image: Image(contentsOf: url))
            first.name = "screen"
            let second = try SVGLayer(image: Image(contentsOf: url))
            second.name = "preview"
            root.addSublayer(first)
            root.addSublayer(second)
            var found: Layer?

            let lines = ProblemLines.said(about: "wallet.svg") { found = root.layer(named: "photo") }

            #expect(found?.isDescendant(of: first) == true)
            #expect(lines.count == 1 && lines.allSatisfy { $0.contains("\"screen/photo\"") }, "\(lines)")
            #expect(root.layer(named: "preview/photo")?.isDescendant(of: second) == true)
        }
    }

    /// A scene showing the wallet and its own `card`, keeping the layer each pointer event lands on.
    final class WalletScene: Scene {
        let name = "wallet"
        let root: Layer
        var landed: [Layer?] = []
        var backgroundColor: Color { .white }

        init(root: Layer) { self.root = root }

        func update(time: Double) {}
        func handle(_ event: PointerEvent) { landed.append(root.hitTest(canvasPoint: event.location)) }
        func handle(_ key: KeyPress) -> Bool { false }
    }

    @Test("A script's tap at {\"layer\": \"screen/card\"} lands on the SVG's card, not on the scene's own")
    func scriptTapsQualifiedName() throws {
        let (root, screen, own) = try Self.withWallet(Self.scene)
        let scene = WalletScene(root: root)
        let card = try #require(root.layer(named: "screen/card"))
        let script = try InputScriptParser.parse(#"{"steps": [{"tap": {"at": {"layer": "screen/card"}}}]}"#)
        var player = ScriptPlayer(script: script)

        let outputs = player.events(upTo: 10, scene: scene)
        for case .pointer(let event) in outputs { scene.handle(event) }

        #expect(scene.landed.count >= 2, "a tap is a down and an up: \(scene.landed.count)")
        for layer in scene.landed {
            let onCard = layer.map { $0 === card || $0.isDescendant(of: card) } ?? false
            #expect(onCard && layer !== own && layer?.isDescendant(of: screen) == true, "landed on \(layer?.name ?? "nothing")")
        }
    }
}
