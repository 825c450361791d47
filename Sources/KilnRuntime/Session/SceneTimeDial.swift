/// Scene time as a window gives it: the wall clock scaled by a speed, stopped while paused,
/// and moved a frame at a time by steps.
///
/// Everything a scene does runs on the time it is given (animations, springs, emitters,
/// timers, the input log), so turning this dial slows, stops or steps all of it together.
///
/// ```swift
/// var dial = SceneTimeDial(wall: clock.now)
/// dial.cycleSpeed(atWall: clock.now)      // ¼×
/// scene.advance(to: dial.time(atWall: clock.now))
/// ```
import KilnCore

package struct SceneTimeDial: Equatable, Sendable {
    /// The speeds S goes through, fastest first.
    package static let speeds: [Double] = [1, 0.25, 0.1]
    /// One step while paused: a frame at 60 frames a second.
    package static let frame = 1.0 / 60

    /// Scene seconds per wall-clock second while running.
    package private(set) var speed: Double
    /// Whether scene time stands still.
    package private(set) var isPaused = false
    /// The speed the dial was made with, kept in the round when it is not among `speeds`.
    private let startingSpeed: Double
    /// The wall-clock time and scene time of the last change: scene time runs from there.
    private var wallAnchor: Double
    private var sceneAnchor = 0.0

    /// A dial at scene time 0 at wall-clock time `wall`, running at `speed`.
    package init(speed: Double = 1, wall: Double) {
        self.speed = speed
        startingSpeed = speed
        wallAnchor = wall
    }

    /// The scene time at wall-clock time `wall`: never before the last change.
    package func time(atWall wall: Double) -> Double {
        isPaused ? sceneAnchor : sceneAnchor + max(0, wall - wallAnchor) * speed
    }

    /// Scene time starts again from 0 at `wall` (a new scene), running at the same speed.
    package mutating func restart(atWall wall: Double) {
        wallAnchor = wall
        sceneAnchor = 0
        isPaused = false
    }

    /// The next of the speeds (S): 1×, ¼×, 1/10× and round again. A speed not among them
    /// (given with `--speed`) takes its place in the round by its size.
    package mutating func cycleSpeed(atWall wall: Double) {
        let round = Set(Self.speeds + [startingSpeed, speed]).sorted(by: >)
        let next = round[(round.firstIndex(of: speed)! + 1) % round.count]
        set(speed: next, atWall: wall)
    }

    /// Runs at `speed` from `wall` on, from the scene time reached there.
    package mutating func set(speed: Double, atWall wall: Double) {
        anchor(atWall: wall)
        self.speed = speed
    }

    /// Space: stops scene time at `wall`, or lets it run again from where it stopped.
    package mutating func togglePause(atWall wall: Double) {
        if isPaused { resume(atWall: wall) } else { pause(atWall: wall) }
    }

    /// Stops scene time where it is at `wall`.
    package mutating func pause(atWall wall: Double) {
        anchor(atWall: wall)
        isPaused = true
    }

    /// Lets scene time run again from where it stopped.
    package mutating func resume(atWall wall: Double) {
        wallAnchor = wall
        isPaused = false
    }

    /// Puts scene time at `time` (never before 0) at `wall`, paused or running as it was: a
    /// step or a scrub.
    package mutating func jump(to time: Double, atWall wall: Double) {
        wallAnchor = wall
        sceneAnchor = max(0, time)
    }

    /// The scene time `frames` steps from where the dial is paused at (negative: back),
    /// never before 0; `nil` while running, when steps do nothing.
    package func stepped(by frames: Int) -> Double? {
        guard isPaused else { return nil }
        return max(0, sceneAnchor + Double(frames) * Self.frame)
    }

    /// What the window says about the dial: `nil` at 1× running, else the speed ("¼×") or
    /// "PAUSED".
    package var label: String? {
        if isPaused { return "PAUSED" }
        return speed == 1 ? nil : Self.name(ofSpeed: speed)
    }

    /// "¼×", "1/10×", "2×", "0.3×".
    package static func name(ofSpeed speed: Double) -> String {
        switch speed {
        case 0.5: return "½×"
        case 0.25: return "¼×"
        case 0.1: return "1/10×"
        default:
            let whole = speed.rounded()
            if whole == speed { return "\(Int(whole))×" }
            let inverse = (1 / speed).rounded()
            if abs(1 / inverse - speed) < 1e-9 { return "1/\(Int(inverse))×" }
            return "\(speed)×"
        }
    }

    private mutating func anchor(atWall wall: Double) {
        sceneAnchor = time(atWall: wall)
        wallAnchor = wall
    }
}
