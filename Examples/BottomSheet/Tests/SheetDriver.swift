import Foundation
import Kiln
@testable import BottomSheet

/// Plays the sounds it is asked to by writing their names down.
final class SoundLog: AudioService {
    private(set) var played: [String] = []
    func prepare(_ sounds: [Sound]) {}
    func play(_ sound: Sound, volume: Double) { played.append(sound.name) }
    func startLoop(_ sound: Sound, volume: Double) {}
    func setVolume(_ volume: Double, forLoop sound: Sound) {}
    func stopLoop(_ sound: Sound, fadeOut: Double) {}
    func stopAll(fadeOut: Double) {}
}

/// A bottom sheet on a manual timeline at 60 frames a second, given pointer events at
/// 120 Hz, with its events and sounds recorded.
final class SheetDriver {
    let events = EventRecorder()
    let sounds = SoundLog()
    let scene: BottomSheetScene
    private(set) var time = 0.0
    private var pointer = Point.zero

    init(tuning: BottomSheetTuning = BottomSheetTuning()) {
        let context = SceneContext(canvasSize: DevicePreset.iPhone14.size, events: events, audio: sounds)
        scene = BottomSheetScene(context: context, tuning: tuning)
        step(0.1)
    }

    var canvasHeight: Double { DevicePreset.iPhone14.size.height }
    var detents: DetentHeights { scene.detents }

    /// Advances the scene by `seconds`, a frame at a time.
    func step(_ seconds: Double) {
        let end = time + seconds
        while time < end - 1e-9 {
            time = min(end, time + 1.0 / 60)
            scene.advance(to: time)
        }
    }

    func down(at point: Point) {
        pointer = point
        scene.handle(PointerEvent(phase: .began, location: point, timestamp: time))
    }

    /// Moves the pointer by `dy` at a steady speed over `duration`, frames running.
    func move(by dy: Double, over duration: Double) {
        let start = pointer, samples = max(1, Int((duration * 120).rounded()))
        for k in 1...samples {
            time += duration / Double(samples)
            pointer = Point(start.x, start.y + dy * Double(k) / Double(samples))
            scene.handle(PointerEvent(phase: .moved, location: pointer, timestamp: time))
            if k % 2 == 0 { scene.advance(to: time) }
        }
        scene.advance(to: time)
    }

    func up() {
        scene.handle(PointerEvent(phase: .ended, location: pointer, timestamp: time))
    }

    /// Drags from `point` by `dy`, optionally holding still before letting go.
    func drag(from point: Point, by dy: Double, over duration: Double, hold: Double = 0) {
        down(at: point)
        move(by: dy, over: duration)
        if hold > 0 {
            scene.handle(PointerEvent(phase: .moved, location: pointer, timestamp: time + hold))
            step(hold)
        }
        up()
    }

    /// Where the grabber is on the canvas.
    var grabber: Point { scene.sheet.grabber.convert(Point(18, 2.5), to: nil) }

    /// A point in the list, `below` points under the header.
    func inList(below: Double = 120) -> Point {
        Point(195, canvasHeight - scene.height + SheetLayers.headerHeight + below)
    }

    /// Drags the grabber to a detent, slowly, and lets the sheet settle.
    func settle(at detent: Detent) {
        drag(from: grabber, by: scene.height - detents[detent], over: 0.6, hold: 0.2)
        step(1.5)
    }

    func names(_ name: String) -> [SceneEvent] { events.events.filter { $0.name == name } }
}
