// A mouse's two fingers in the real window: holding Alt shows where they would come down.
import Foundation
import KilnCore
import KilnTestSupport
import Testing

@Suite("Two fingers from a mouse, in the real window", .serialized)
struct TwoFingerWindowTests {
    /// Around a canvas point, in window pixels (the launcher's window is the canvas at 1×).
    static func around(_ point: (x: Double, y: Double)) -> PixelRect {
        PixelRect(x: Int(point.x) - 22, y: Int(point.y) - 22, width: 44, height: 44)
    }

    @Test("Holding Alt shows two rings, at the pointer and mirrored about the centre; letting go hides them")
    func altShowsTheFingers() throws {
        try withApp { _, window, files in
            let canvas = DevicePreset.iPhone14.size
            // Both points on the launcher's still text, away from its live previews.
            let pointer = (x: 100.0, y: 300.0)
            let mirror = (x: canvas.width - pointer.x, y: canvas.height - pointer.y)
            let shot = files.appendingPathComponent("shot.png").path
            // The window draws the change in its own time: on a busy machine, look again
            // for up to five seconds until the picture shows what is awaited.
            func picture(until isDone: (RGBImage) -> Bool = { _ in true }) throws -> RGBImage {
                let deadline = Date().addingTimeInterval(5)
                while true {
                    Thread.sleep(forTimeInterval: 0.2)
                    try window.screenshot(to: shot)
                    let image = try RGBImage(contentsOf: shot)
                    if isDone(image) || Date() > deadline { return image }
                }
            }
            try window.moveMouse(toCanvas: pointer)
            Thread.sleep(forTimeInterval: 0.2)
            let before = try picture()
            func largest(_ image: RGBImage) -> [Int] {
                [pointer, mirror].map { image.difference(from: before, region: Self.around($0)).largest }
            }
            try window.hold("Alt_L", down: true)
            let held = try picture { largest($0).allSatisfy { $0 > 60 } }
            try window.hold("Alt_L", down: false)
            let after = try picture { largest($0).allSatisfy { $0 <= 24 } }

            for place in [pointer, mirror] {
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
}
