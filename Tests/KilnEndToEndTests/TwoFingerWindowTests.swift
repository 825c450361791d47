// A mouse's two fingers in the real window: holding Alt shows where they would come down,
// either side of the pointer, and a drag pinches them about the point pressed.
import Foundation
import KilnCore
import KilnRuntime
import KilnEndToEndSupport
import Testing

@Suite("Two fingers from a mouse, in the real window", .serialized)
struct TwoFingerWindowTests {
    /// Around a canvas point, in window pixels (the launcher's window is the canvas at 1×).
    static func around(_ point: (x: Double, y: Double)) -> PixelRect {
        PixelRect(x: Int(point.x) - 22, y: Int(point.y) - 22, width: 44, height: 44)
    }

    /// The window's picture after a short pause; on a busy machine, looked at again for up
    /// to five seconds until `isDone` holds, as the window draws a change in its own time.
    static func picture(of window: XWindow, at shot: String,
                        until isDone: (RGBImage) -> Bool = { _ in true }) throws -> RGBImage {
        let deadline = Date().addingTimeInterval(5)
        while true {
            Thread.sleep(forTimeInterval: 0.2)
            try window.screenshot(to: shot)
            let image = try RGBImage(contentsOf: shot)
            if isDone(image) || Date() > deadline { return image }
        }
    }

    /// Whether the launcher shows: its light grey, not the black of a window yet to draw.
    static func isDrawn(_ image: RGBImage) -> Bool {
        image.pixels.reduce(0) { $0 + Int($1) } > image.pixels.count * 128
    }

    @Test("Holding Alt shows two rings either side of the pointer; letting go hides them")
    func altShowsTheFingers() throws {
        try withApp { _, window, files in
            let half = TwoFingerMouse.spread / 2
            // The pointer between the launcher's first two cards; the rings on the still
            // background there, away from its live previews.
            let pointer = (x: 100.0, y: 303.0)
            let rings = [(x: pointer.x - half, y: pointer.y), (x: pointer.x + half, y: pointer.y)]
            let shot = files.appendingPathComponent("shot.png").path
            try window.moveMouse(toCanvas: pointer)
            Thread.sleep(forTimeInterval: 0.2)
            let before = try Self.picture(of: window, at: shot, until: Self.isDrawn)
            func largest(_ image: RGBImage) -> [Int] {
                rings.map { image.difference(from: before, region: Self.around($0)).largest }
            }
            try window.hold("Alt_L", down: true)
            let held = try Self.picture(of: window, at: shot) { largest($0).allSatisfy { $0 > 60 } }
            try window.hold("Alt_L", down: false)
            let after = try Self.picture(of: window, at: shot) { largest($0).allSatisfy { $0 <= 24 } }

            for place in rings {
                let shown = held.difference(from: before, region: Self.around(place))
                #expect(shown.largest > 60 && shown.fractionWithinTolerance < 0.95,
                        "a ring at \(place) while Alt is held: \(shown)")
                let gone = after.difference(from: before, region: Self.around(place))
                #expect(gone.largest <= 24, "nothing at \(place) once Alt is up: \(gone)")
            }
            // Elsewhere the window is unchanged: the rings are the only thing Alt shows.
            let elsewhere = held.difference(from: before, region: Self.around((x: 300, y: 110)))
            #expect(elsewhere.largest <= 24, "\(elsewhere)")
        }
    }

    @Test("An Alt-drag near the top puts two fingers down either side of the press and pinches them about it")
    func altDragPinchesAboutThePress() throws {
        try withApp { _, window, files in
            let half = TwoFingerMouse.spread / 2
            // Pressed between the launcher's first two cards, near the top of the canvas; the
            // mouse then goes 25 points left, and so does the left finger, the right one as far
            // right: 150 points apart about the point pressed, on the still background.
            let pressed = (x: 100.0, y: 303.0), dragged = (x: 75.0, y: 303.0)
            let fingers = [(x: pressed.x - half - 25, y: pressed.y), (x: pressed.x + half + 25, y: pressed.y)]
            // Where the right finger was put when the pinch was about the canvas's centre.
            let canvas = DevicePreset.iPhone14.size
            let aboutTheCentre = (x: canvas.width - dragged.x, y: canvas.height - dragged.y)
            let shot = files.appendingPathComponent("shot.png").path
            try window.moveMouse(toCanvas: pressed)
            Thread.sleep(forTimeInterval: 0.2)
            let before = try Self.picture(of: window, at: shot, until: Self.isDrawn)
            func largest(_ image: RGBImage) -> [Int] {
                fingers.map { image.difference(from: before, region: Self.around($0)).largest }
            }

            try window.hold("Alt_L", down: true)
            try window.holdButton(down: true)
            try window.moveMouse(toCanvas: (x: 90, y: 303))
            try window.moveMouse(toCanvas: dragged)
            let pinched = try Self.picture(of: window, at: shot) { largest($0).allSatisfy { $0 > 60 } }
            try window.holdButton(down: false)
            try window.hold("Alt_L", down: false)

            for place in fingers {
                let shown = pinched.difference(from: before, region: Self.around(place))
                #expect(shown.largest > 60 && shown.fractionWithinTolerance < 0.95,
                        "a finger at \(place) while the button is down: \(shown)")
            }
            let centre = pinched.difference(from: before, region: Self.around(aboutTheCentre))
            #expect(centre.largest <= 24, "no finger mirrored about the canvas's centre: \(centre)")
        }
    }
}
