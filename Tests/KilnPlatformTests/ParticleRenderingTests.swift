import KilnCore
import KilnPlatform
import KilnTestSupport
import Testing

@Suite("Particle rendering")
struct ParticleRenderingTests {
    /// A 160 × 160 scene, half night and half light grey, with a spray of coloured soft dots
    /// and spinning shards from the middle, stepped 0.8 s in fixed steps.
    func makeSprayScene(renderMode: EmitterRenderMode) -> TestScene {
        let scene = TestScene(size: Size(160, 160))
        scene.root.backgroundColor = Color(hex: 0x15151A)
        scene.root.addSublayer(Layer.filled(Rect(80, 0, 80, 160), Color(hex: 0xC8C8CC)))
        var dot = EmitterCell(name: "dot", contents: .makeSoftDot(diameter: 16, color: .white))
        dot.birthRate = 70
        dot.lifetime = 1.2
        dot.velocity = 70
        dot.velocityRange = 30
        dot.emissionRange = 2 * .pi
        dot.color = Color(red: 0.3, green: 0.6, blue: 1, alpha: 0.8)
        dot.redRange = 0.3
        dot.greenRange = 0.3
        dot.alphaSpeed = -0.4
        var shard = EmitterCell(name: "shard", contents: .makeShard(width: 10, height: 8, color: Color(hex: 0xFF9500)))
        shard.birthRate = 25
        shard.lifetime = 1.2
        shard.velocity = 50
        shard.emissionRange = 2 * .pi
        shard.spinRange = 8
        var configuration = EmitterConfiguration(cells: [dot, shard], seed: 11)
        configuration.emitterPosition = Point(80, 80)
        configuration.emitterSize = Size(30, 30)
        configuration.emitterShape = .circle
        configuration.renderMode = renderMode
        let emitter = EmitterLayer(configuration: configuration)
        emitter.frame = Rect(0, 0, 160, 160)
        emitter.advance(by: 0.8)
        scene.root.addSublayer(emitter)
        return scene
    }

    /// One motionless particle, `size` points square, of a white image tinted by `color`.
    func makeSingleParticle(color: Color, size: Double = 40, renderMode: EmitterRenderMode = .unordered) -> EmitterLayer {
        var cell = EmitterCell(name: "square", contents: Bitmap(width: 8, height: 8, fill: .white))
        cell.contentsScale = 8 / size
        cell.birthRate = 1000
        cell.lifetime = 10
        cell.color = color
        var configuration = EmitterConfiguration(cells: [cell], seed: 1)
        configuration.emitterPosition = Point(50, 50)
        configuration.renderMode = renderMode
        let emitter = EmitterLayer(configuration: configuration)
        emitter.frame = Rect(0, 0, 100, 100)
        emitter.step(dt: 0.001)
        return emitter
    }

    @Test("Normally blended particles match their golden image")
    func normalGolden() throws {
        let scene = makeSprayScene(renderMode: .unordered)
        let host = try OffscreenHost(canvas: Size(160, 160), scale: 1)

        let frame = host.render(scene)

        try Snapshot.assertMatches(frame, named: "particles-normal")
    }

    @Test("Additive particles match their golden image")
    func additiveGolden() throws {
        let scene = makeSprayScene(renderMode: .additive)
        let host = try OffscreenHost(canvas: Size(160, 160), scale: 1)

        let frame = host.render(scene)

        try Snapshot.assertMatches(frame, named: "particles-additive")
    }

    @Test("Vertex colours are straight alpha: half-transparent red over white is pink, not dark red")
    func straightAlpha() throws {
        let scene = TestScene()
        scene.root.addSublayer(makeSingleParticle(color: Color(red: 1, green: 0, blue: 0, alpha: 0.5)))
        let host = try OffscreenHost(canvas: Size(100, 100), scale: 1)

        let pixel = host.render(scene).pixel(x: 50, y: 50)

        #expect(host.particleDrawCallsLastFrame == 1 && host.particlesDrawnLastFrame == 1)
        #expect(pixel.r >= 253 && abs(Int(pixel.g) - 128) <= 3 && abs(Int(pixel.b) - 128) <= 3)
    }

    @Test("Additive particles add their colour times alpha to what is behind")
    func additiveAddsLight() throws {
        let scene = TestScene()
        scene.root.backgroundColor = Color(hex: 0x204060)
        let emitter = makeSingleParticle(color: Color(red: 1, green: 1, blue: 0, alpha: 0.5), renderMode: .additive)
        emitter.opacity = 0.5
        scene.root.addSublayer(emitter)
        let host = try OffscreenHost(canvas: Size(100, 100), scale: 1)

        let pixel = host.render(scene).pixel(x: 50, y: 50)

        // 0.5 alpha × 0.5 opacity of full red and green: +64 each, blue untouched.
        #expect(abs(Int(pixel.r) - (0x20 + 64)) <= 3)
        #expect(abs(Int(pixel.g) - (0x40 + 64)) <= 3)
        #expect(abs(Int(pixel.b) - 0x60) <= 2)
    }

    @Test("Each cell with live particles is one geometry call, however many particles it has")
    func oneCallPerCell() throws {
        let scene = makeSprayScene(renderMode: .oldestFirst)
        let host = try OffscreenHost(canvas: Size(160, 160), scale: 2)

        _ = host.render(scene)

        let emitter = try #require(scene.root.sublayers.last as? EmitterLayer)
        #expect(emitter.aliveCount > 50)
        #expect(host.particleDrawCallsLastFrame == 2)
        #expect(host.particlesDrawnLastFrame == emitter.aliveCount)
    }

    @Test("A masking parent clips particles to its bounds and those wholly outside are not drawn")
    func clipping() throws {
        let scene = makeSprayScene(renderMode: .unordered)
        let emitter = try #require(scene.root.sublayers.last as? EmitterLayer)
        let window = Layer.filled(Rect(50, 50, 60, 60), nil)
        window.masksToBounds = true
        scene.root.addSublayer(window)
        window.addSublayer(emitter)
        emitter.frame = Rect(-50, -50, 160, 160)
        let host = try OffscreenHost(canvas: Size(160, 160), scale: 1)

        let frame = host.render(scene)

        #expect(host.particlesDrawnLastFrame > 0 && host.particlesDrawnLastFrame < emitter.aliveCount)
        for (x, y) in [(48, 80), (112, 80), (80, 48), (80, 112), (20, 20)] {
            let expected = x >= 80 ? Color(hex: 0xC8C8CC) : Color(hex: 0x15151A)
            #expect(frame.color(x: x, y: y) == expected, "pixel \(x), \(y)")
        }
    }
}

extension Layer {
    /// A plain layer with a frame and an optional fill.
    static func filled(_ frame: Rect, _ color: Color?) -> Layer {
        let layer = Layer()
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }
}
