import Foundation
import Kiln

extension LaserScene {
    /// Adds a layer of charring to the part of the card that has crossed the beam, with a
    /// ragged glowing edge at the cut line (L5). Layers accumulate up to a cap.
    func addChar() {
        let crossed = max(deepestThisDrag, cutProgress)
        guard crossed > 0 else { return }
        if charLayers.count < tuning.maxCharLayers {
            let size = pocket.bounds.size
            let depth = crossed * size.height
            let edge = raggedEdge(width: size.width, depth: depth)
            let burn = Layer()
            burn.name = "char"
            burn.frame = Rect(origin: .zero, size: size)
            burn.contents = makeCharImage(size: size, edge: edge)
            pocket.addSublayer(burn)
            charLayers.append(burn)
            addEmbers(along: edge, size: size)
        }
        context.emit("pocket.charred", at: now, ["layers": .number(Double(charLayers.count))])
    }

    func clearChar() {
        for layer in charLayers + emberLayers { layer.removeFromSuperlayer() }
        charLayers.removeAll()
        emberLayers.removeAll()
    }

    /// The cut line's y for each column of the card, roughly `depth` from the bottom.
    private func raggedEdge(width: Double, depth: Double) -> [Double] {
        let columns = Int(width / 2) + 1
        let phase = random.nextUnit() * 100
        return (0..<columns).map { i in
            let x = Double(i) * 2
            let wobble = (LaserScene.noise(x / 11 + phase, seed: context.seed) - 0.5) * 7
                + (LaserScene.noise(x / 3.5 + phase, seed: context.seed &+ 1) - 0.5) * 3
            return pocket.bounds.height - depth + wobble
        }
    }

    /// Black points of random alpha, three layers deep, below the edge; darker near the cut.
    private func makeCharImage(size: Size, edge: [Double]) -> Bitmap {
        let scale = 0.5
        let w = Int(size.width * scale), h = Int(size.height * scale)
        var image = Bitmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let cut = edge[min(edge.count - 1, Int(Double(x) / scale / 2))]
                let py = Double(y) / scale
                guard py >= cut - 1 else { continue }
                var clear = 1.0
                for _ in 0..<3 { clear *= 1 - random.nextUnit() * 0.32 }
                let nearCut = max(0, 1 - (py - cut) / 26)
                let alpha = min(1, (1 - clear) * (0.75 + 0.5 * nearCut))
                image.pixels.withUnsafeMutableBufferPointer { px in
                    px[(y * w + x) * 4 + 3] = UInt8(alpha * 255)
                }
            }
        }
        return image
    }

    /// A glowing ember line along the cut that cools from orange to a dull red.
    private func addEmbers(along edge: [Double], size: Size) {
        let ember = ShapeLayer()
        ember.name = "ember"
        ember.frame = Rect(origin: .zero, size: size)
        var path = Path()
        for (i, y) in edge.enumerated() {
            let p = Point(x: Double(i) * 2, y: y)
            if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        ember.path = path
        ember.strokeColor = Color(hex: 0xFF8A2B)
        ember.lineWidth = 2
        ember.lineJoin = .round
        ember.shadowColor = Color(hex: 0xFF5A1F)
        ember.shadowOpacity = 1
        ember.shadowRadius = 4
        ember.shadowOffset = .zero
        ember.opacity = 0.35
        ember.add(BasicAnimation(.opacity, from: 1, to: 0.35, duration: 1.6, timing: .easeOut), forKey: "cool")
        pocket.addSublayer(ember)
        emberLayers.append(ember)
    }
}
