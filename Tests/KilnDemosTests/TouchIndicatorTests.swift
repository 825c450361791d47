import KilnCore
import KilnRuntime
import KilnEndToEndSupport
import Testing

@Suite("Touch indicators")
struct TouchIndicatorTests {
    let canvas = Size(390, 844)

    func touch(_ phase: PointerPhase, _ x: Double, _ y: Double, at time: Double, pressure: Double? = nil,
               id: Int = 0) -> PointerEvent {
        PointerEvent(id: id, phase: phase, location: Point(x, y), timestamp: time, pressure: pressure)
    }

    func dots(_ indicators: TouchIndicators) -> [Layer] {
        indicators.layer.sublayers.filter { $0.name == "touch" }
    }

    @Test("A circle appears where a contact begins and follows it")
    func followsThePointer() {
        let indicators = TouchIndicators(canvasSize: canvas)

        indicators.handle(touch(.began, 100, 200, at: 1))
        indicators.handle(touch(.moved, 120, 260, at: 1.1))
        indicators.advance(to: 1.1)

        #expect(dots(indicators).count == 1)
        #expect(dots(indicators).first?.position == Point(120, 260))
        #expect(dots(indicators).first?.opacity == 1)
    }

    @Test("Hovering shows nothing and the overlay is never hit")
    func hoverShowsNothing() {
        let indicators = TouchIndicators(canvasSize: canvas)

        indicators.handle(touch(.hover, 100, 200, at: 1))
        indicators.advance(to: 1)

        #expect(indicators.visibleCount == 0)
        #expect(!indicators.layer.isHitTestable)
    }

    @Test("More pressure makes a larger circle")
    func growsWithPressure() {
        let light = TouchIndicators(canvasSize: canvas), firm = TouchIndicators(canvasSize: canvas)

        light.handle(touch(.began, 50, 50, at: 0, pressure: 0.1))
        firm.handle(touch(.began, 50, 50, at: 0, pressure: 0.9))
        light.advance(to: 0.5)
        firm.advance(to: 0.5)

        let small = dots(light)[0].transform.maxScale, large = dots(firm)[0].transform.maxScale
        #expect(large > small * 1.4)
    }

    @Test("After a lift the circle fades out, widening, and is then removed")
    func fadesOnLift() {
        let indicators = TouchIndicators(canvasSize: canvas)
        indicators.handle(touch(.began, 10, 10, at: 0))
        indicators.advance(to: 0.5)
        let held = dots(indicators)[0].transform.maxScale

        indicators.handle(touch(.ended, 12, 14, at: 0.5))
        indicators.advance(to: 0.6)
        let fading = dots(indicators)[0]
        let midway = (opacity: fading.opacity, scale: fading.transform.maxScale)
        indicators.advance(to: 0.5 + indicators.style.fadeDuration + 0.01)

        #expect(midway.opacity < 1 && midway.opacity > 0)
        #expect(midway.scale > held)
        #expect(fading.position == Point(12, 14))
        #expect(dots(indicators).isEmpty)
        #expect(indicators.visibleCount == 0)
    }

    @Test("Two fingers get two circles")
    func twoContacts() {
        let indicators = TouchIndicators(canvasSize: canvas)

        indicators.handle(touch(.began, 10, 10, at: 0, id: 1003))
        indicators.handle(touch(.began, 90, 90, at: 0, id: 1004))
        indicators.handle(touch(.cancelled, 10, 10, at: 0.2, id: 1003))
        indicators.advance(to: 1)

        #expect(dots(indicators).map(\.position) == [Point(90, 90)])
    }

    @Test("A session with touches shown feeds the script's events to the overlay")
    func sessionFeedsTheOverlay() throws {
        let script = InputScript(steps: [.wait(0.1), .down(at: .canvas(Point(40, 60))), .hold(duration: 0.2)])
        let scene = try #require(DemoCatalog.make("gallery", context: SceneContext(canvasSize: canvas)))
        let session = SceneSession(scene: scene, script: script, showsTouches: true)

        for frame in 0...12 { session.advance(to: Double(frame) / 60) }

        #expect(session.overlays.count == 1)
        #expect(session.touchIndicators?.visibleCount == 1)
        #expect(session.overlays.first?.sublayers.first?.position == Point(40, 60))
    }

    /// Found by `ScenePropertyTests`: a touch down at (∞, ∞) put a circle there, and a NaN
    /// pressure gave a circle a NaN transform.
    @Test("A place or a pressure that is not finite is not shown: no circle there, the circle keeps its place and size")
    func nonFiniteInput() {
        let indicators = TouchIndicators(canvasSize: canvas), plain = TouchIndicators(canvasSize: canvas)

        indicators.handle(touch(.began, .infinity, .infinity, at: 0, id: 1))
        indicators.handle(touch(.began, 100, 200, at: 0, pressure: .nan))
        indicators.handle(touch(.moved, .nan, 300, at: 0.1, pressure: .infinity))
        indicators.advance(to: 0.5)
        plain.handle(touch(.began, 100, 200, at: 0))
        plain.advance(to: 0.5)

        #expect(dots(indicators).count == 1)
        #expect(dots(indicators).first?.position == Point(100, 200))
        #expect(dots(indicators).first?.transform == dots(plain).first?.transform)
    }
}
