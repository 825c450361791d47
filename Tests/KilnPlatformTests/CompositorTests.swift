import KilnCore
import KilnPlatform
import KilnTestSupport
import Testing

@Suite("Compositor")
struct CompositorTests {
    @Test("Moving, rotating or fading a layer does not rasterize it again; changing content does")
    func rasterizesOnlyChangedContent() throws {
        let scene = TestScene()
        let shape = ShapeLayer()
        shape.frame = Rect(10, 10, 40, 40)
        shape.path = Path(ellipseIn: Rect(0, 0, 40, 40))
        shape.fillColor = .red
        scene.root.addSublayer(shape)
        let host = try OffscreenHost(canvas: Size(100, 100), scale: 2)
        _ = host.render(scene)
        #expect(host.rasterizationsLastFrame == 1)

        shape.position = Point(60, 60)
        shape.transform = Transform(rotationAngle: 0.3)
        shape.opacity = 0.5
        _ = host.render(scene)

        #expect(host.rasterizationsLastFrame == 0)

        shape.fillColor = .blue
        _ = host.render(scene)

        #expect(host.rasterizationsLastFrame == 1)
    }

    @Test("A layer lands where its frame says, in its colour, at the output scale")
    func placement() throws {
        let scene = TestScene()
        scene.root.addSublayer({ let l = Layer(); l.frame = Rect(20, 30, 40, 20); l.backgroundColor = Color(hex: 0x0000FF); return l }())
        let host = try OffscreenHost(canvas: Size(100, 100), scale: 2)

        let frame = host.render(scene)

        #expect(frame.color(x: 80, y: 80) == Color(hex: 0x0000FF))
        #expect(frame.color(x: 38, y: 80) == .white)
        #expect(frame.color(x: 80, y: 58) == .white)
    }

    @Test("Opacity blends a layer with what is behind it")
    func opacity() throws {
        let scene = TestScene()
        let layer = Layer()
        layer.frame = Rect(0, 0, 100, 100)
        layer.backgroundColor = .black
        layer.opacity = 0.5
        scene.root.addSublayer(layer)
        let host = try OffscreenHost(canvas: Size(100, 100), scale: 1)

        let frame = host.render(scene)

        let grey = frame.pixel(x: 50, y: 50)
        #expect(abs(Int(grey.r) - 128) <= 2)
    }

    @Test("Masking to bounds clips a child to the parent's rounded shape")
    func clipping() throws {
        let scene = TestScene()
        let parent = Layer()
        parent.frame = Rect(20, 20, 60, 60)
        parent.cornerRadius = 20
        parent.masksToBounds = true
        let child = Layer()
        child.frame = Rect(-20, -20, 100, 100)
        child.backgroundColor = .red
        parent.addSublayer(child)
        scene.root.addSublayer(parent)
        let host = try OffscreenHost(canvas: Size(100, 100), scale: 1)

        let frame = host.render(scene)

        #expect(frame.color(x: 50, y: 50) == .red)
        #expect(frame.color(x: 10, y: 50) == .white)
        #expect(frame.color(x: 22, y: 22) == .white)
    }

    @Test("Additive layers add light instead of covering")
    func additive() throws {
        let scene = TestScene()
        scene.root.backgroundColor = Color(hex: 0x404040)
        let light = Layer()
        light.frame = Rect(0, 0, 100, 100)
        light.backgroundColor = Color(hex: 0x404040)
        light.isAdditive = true
        scene.root.addSublayer(light)
        let host = try OffscreenHost(canvas: Size(100, 100), scale: 1)

        let frame = host.render(scene)

        #expect(abs(Int(frame.pixel(x: 50, y: 50).r) - 0x80) <= 2)
    }
}

@Suite("Additive saturation")
struct AdditiveSaturationTests {
    @Test("Additive white over bright red saturates to white instead of wrapping around",
          arguments: [(1.0, 0.0), (0.7, 0.0), (1.0, 0.3), (0.7, 0.3)])
    func saturates(opacity: Double, angle: Double) throws {
        let scene = TestScene()
        scene.root.backgroundColor = Color(hex: 0xFF2020)
        for _ in 0..<2 {
            let light = Layer()
            light.frame = Rect(-50, -50, 200, 200)
            light.backgroundColor = Color(white: 0.9)
            light.opacity = opacity
            light.transform = Transform(rotationAngle: angle).concatenating(Transform(scaleX: 1.3, y: 0.8))
            light.isAdditive = true
            scene.root.addSublayer(light)
        }
        let host = try OffscreenHost(canvas: Size(100, 100), scale: 1)

        let frame = host.render(scene)

        let p = frame.pixel(x: 50, y: 50)
        #expect(p.r == 255 && p.g == 255 && p.b == 255)
    }
}

@Suite("Additive gradients")
struct AdditiveGradientTests {
    @Test("An additive radial glow over a red glow stays bright at its centre")
    func radialOverRed() throws {
        let scene = TestScene(size: Size(120, 120))
        let glow = Layer()
        glow.frame = Rect(0, 50, 120, 20)
        glow.backgroundColor = Color(hex: 0xFFF1F1)
        glow.shadowColor = Color(hex: 0xFF2A2A)
        glow.shadowOpacity = 1
        glow.shadowRadius = 5
        glow.shadowOffset = .zero
        scene.root.addSublayer(glow)
        let flare = GradientLayer()
        flare.frame = Rect(0, 0, 120, 120)
        flare.type = .radial
        flare.colors = [Color(white: 1, alpha: 0.95), Color(hex: 0xFF2A2A, alpha: 0.6), Color(hex: 0xFF2A2A, alpha: 0)]
        flare.locations = [0, 0.25, 1]
        flare.startPoint = Point(0.5, 0.5)
        flare.endPoint = Point(1, 0.5)
        flare.isAdditive = true
        flare.opacity = 0.8
        flare.transform = Transform(scaleX: 0.9, y: 0.9)
        scene.root.addSublayer(flare)
        let host = try OffscreenHost(canvas: scene.root.bounds.size, scale: 2)

        let frame = host.render(scene)

        let p = frame.pixel(x: 120, y: 120)
        #expect(p.r == 255 && p.g > 200 && p.b > 200, "centre is \(p)")
    }
}
