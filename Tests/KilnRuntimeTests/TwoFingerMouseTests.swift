import Foundation
@testable import KilnCore
@testable import KilnRuntime
import Testing

/// A mouse makes two fingers with Alt held, as the iOS Simulator does with Option: either
/// side of the point it is pressed at, which is the pinch's centre.
@Suite("Two fingers from one mouse")
struct TwoFingerMouseTests {
    func mouse(_ phase: PointerPhase, _ x: Double, _ y: Double, at time: Double = 0) -> PointerEvent {
        PointerEvent(id: 0, phase: phase, location: Point(x: x, y: y), timestamp: time, device: .mouse)
    }

    /// The fingers' events a mouse event becomes; fails the test when it stays the mouse's.
    func fingers(_ pair: inout TwoFingerMouse, _ event: PointerEvent, alt: Bool, shift: Bool) throws -> [PointerEvent] {
        let events = pair.handle(event, alt: alt, shift: shift)
        return try #require(events)
    }

    @Test("Alt and a press put two touch fingers down, either side of the point pressed")
    func pressWithAlt() throws {
        var pair = TwoFingerMouse()
        let down = try fingers(&pair, mouse(.began, 145, 372), alt: true, shift: false)
        #expect(down.map(\.id) == [TwoFingerMouse.fingerIDs.first, TwoFingerMouse.fingerIDs.second])
        #expect(down.allSatisfy { $0.phase == .began && $0.device == .touch && $0.timestamp == 0 })
        #expect(down.map(\.location) == [Point(x: 95, y: 372), Point(x: 195, y: 372)])
        #expect(pair.isActive)
    }

    @Test("Dragging pinches and turns the pair about the point pressed, wherever on the canvas")
    func pinchAndRotate() throws {
        var pair = TwoFingerMouse()
        let pressed = Point(x: 195, y: 120)
        _ = pair.handle(mouse(.began, pressed.x, pressed.y), alt: true, shift: false)
        // The left finger, 50 points left of the point pressed, goes to 100 points above it:
        // out to twice the distance, and a quarter turn.
        let moved = try fingers(&pair, mouse(.moved, 245, 20, at: 0.1), alt: true, shift: false)
        #expect(moved.map(\.location) == [Point(x: 195, y: 20), Point(x: 195, y: 220)])
        let first = moved[0].location - pressed, second = moved[1].location - pressed
        #expect(first.length == 100 && second.length == 100)
        // Letting go of Alt mid-drag does not drop the fingers: the button decides.
        let still = try fingers(&pair, mouse(.moved, 245, 0, at: 0.2), alt: false, shift: false)
        #expect(still.map(\.location) == [Point(x: 195, y: 0), Point(x: 195, y: 240)])
        let up = try fingers(&pair, mouse(.ended, 245, 0, at: 0.3), alt: false, shift: false)
        #expect(up.map(\.phase) == [.ended, .ended])
        #expect(up.map(\.location) == [Point(x: 195, y: 0), Point(x: 195, y: 240)])
        #expect(!pair.isActive && pair.fingers == nil)
    }

    @Test("Alt and Shift move both fingers together: a two-finger pan")
    func twoFingerPan() throws {
        var pair = TwoFingerMouse()
        _ = pair.handle(mouse(.began, 145, 372), alt: true, shift: true)
        let moved = try fingers(&pair, mouse(.moved, 165, 402), alt: true, shift: true)
        #expect(moved.map(\.location) == [Point(x: 115, y: 402), Point(x: 215, y: 402)])
        #expect(moved[0].location.distance(to: moved[1].location) == TwoFingerMouse.spread)
    }

    @Test("Without Alt at the press the mouse stays one pointer, even if Alt comes later")
    func plainMouse() {
        var pair = TwoFingerMouse()
        #expect(pair.handle(mouse(.began, 100, 100), alt: false, shift: false) == nil)
        #expect(pair.handle(mouse(.moved, 120, 100), alt: true, shift: false) == nil)
        #expect(pair.handle(mouse(.ended, 120, 100), alt: true, shift: false) == nil)
        #expect(!pair.isActive)
    }

    @Test("Hovering with Alt previews where the fingers would come down; without, nothing")
    func preview() throws {
        var pair = TwoFingerMouse()
        #expect(pair.handle(mouse(.hover, 95, 322), alt: true, shift: false) == nil)
        let preview = try #require(pair.preview)
        #expect(preview.first == Point(x: 45, y: 322) && preview.second == Point(x: 145, y: 322))
        pair.hover(at: Point(x: 95, y: 322), alt: false)
        #expect(pair.preview == nil)
        pair.hover(at: Point(x: Double.nan, y: 1), alt: true)
        #expect(pair.preview == nil)
    }

    @Test("The guide shows rings for the preview, discs for fingers down, and nothing otherwise")
    func guide() {
        var pair = TwoFingerMouse()
        let guide = TwoFingerGuide(canvasSize: Size(width: 390, height: 844))
        guide.update(from: pair)
        #expect(!guide.isShowing)
        pair.hover(at: Point(x: 95, y: 322), alt: true)
        guide.update(from: pair)
        #expect(guide.isShowing)
        #expect(guide.layer.sublayers.map(\.position) == [Point(x: 45, y: 322), Point(x: 145, y: 322)])
        _ = pair.handle(mouse(.began, 95, 322), alt: true, shift: false)
        _ = pair.handle(mouse(.moved, 105, 332), alt: true, shift: false)
        guide.update(from: pair)
        #expect(guide.layer.sublayers.map(\.position) == [Point(x: 55, y: 332), Point(x: 135, y: 312)])
        #expect(guide.layer.sublayers.allSatisfy { !$0.isHitTestable })
    }

    @Test("A pair of fingers about a centre reads back its scale and angle")
    func fingerPair() {
        let centre = Point(x: 100, y: 200)
        for (scale, angle) in [(1.0, 0.0), (2.5, Double.pi / 3), (0.4, -2.0)] {
            let (first, second) = FingerPair.locations(centre: centre, scale: scale, angle: angle)
            #expect(abs(first.distance(to: second) - FingerPair.spread * scale) < 1e-9)
            #expect(abs(atan2(second.y - first.y, second.x - first.x) - angle) < 1e-9)
            #expect(abs((first + second).x / 2 - centre.x) < 1e-9 && abs((first + second).y / 2 - centre.y) < 1e-9)
        }
    }
}
