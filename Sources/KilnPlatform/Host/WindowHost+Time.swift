import KilnCore
import KilnRuntime

/// The window's keys for scene time: S cycles the speed, Space pauses, and while paused →
/// steps a frame forward and ← a frame back (the scene re-simulated from its input log).
extension WindowHost {
    /// Handles `key` when it is one of the time keys; `false` leaves it to the HUD and the scene.
    func handleTimeKey(_ key: KeyPress) -> Bool {
        guard key.modifiers.isEmpty else { return false }
        let now = clock.now
        switch key.key {
        case "t":
            showsStrip.toggle()
            lastParking = -.infinity
        case "g":
            replayLastGesture()
        case "s":
            dial.cycleSpeed(atWall: now)
            report("time.speed")
        case "space":
            dial.togglePause(atWall: now)
            report(dial.isPaused ? "time.paused" : "time.resumed")
            if dial.isPaused { scene.prepareToScrub(near: dial.time(atWall: now)) }
        case "right":
            guard let time = dial.stepped(by: 1) else { return false }
            dial.jump(to: time, atWall: now)
            report("time.stepped")
        case "left":
            guard let time = dial.stepped(by: -1) else { return false }
            guard scene.rewind(to: time) else {
                options.warn("\(scene.name) keeps no log of its input, so it cannot step back")
                return true
            }
            dial.jump(to: time, atWall: now)
            report("time.stepped")
        default:
            return false
        }
        return true
    }

    /// While the strip shows and time runs, sessions are parked along the log about once a
    /// second, on their own thread, so that a scrub finds them ready rather than starting the
    /// scene over.
    func parkWhileStripShows(now: Double) {
        guard showsStrip, !dial.isPaused, now - lastParking >= 1 else { return }
        lastParking = now
        scene.prepareToScrub(near: dial.time(atWall: now))
    }

    /// A press on the timeline strip, and its drag, scrub: scene time stops and the scene is
    /// shown as it was at the moment under the pointer. Whether the event was the strip's.
    func scrub(with pointer: PointerEvent) -> Bool {
        guard pointer.phase != .hover, isScrubbing || strip.contains(pointer.location),
              let timeline = scene.timeline else { return false }
        switch pointer.phase {
        case .began:
            isScrubbing = true
            if !dial.isPaused {
                dial.pause(atWall: clock.now)
                report("time.paused")
            }
            scene.prepareToScrub(near: dial.time(atWall: clock.now))
        case .ended, .cancelled:
            isScrubbing = false
        case .moved, .hover:
            break
        }
        let time = strip.time(atX: pointer.location.x, of: timeline)
        guard abs(time - dial.time(atWall: clock.now)) >= 1.0 / 240 else { return true }
        if scene.rewind(to: time) {
            dial.jump(to: time, atWall: clock.now)
            report("time.scrubbed")
        }
        return true
    }

    /// G: the last gesture again, on the code and tuning running now: back to a moment before
    /// its first touch, then on as it was done, at the speed chosen.
    private func replayLastGesture() {
        guard let timeline = scene.timeline,
              let down = timeline.marks.last(where: { $0.kind == .touchDown }) else {
            options.warn("nothing to replay yet: make a gesture first")
            return
        }
        let start = timeline.marks.last { mark in
            mark.kind == .touchUp && mark.time < down.time
        }.map { max($0.time, down.time - 0.3) } ?? max(0, down.time - 0.3)
        guard scene.rewind(to: start) else { return }
        dial.jump(to: start, atWall: clock.now)
        if dial.isPaused { dial.resume(atWall: clock.now) }
        report("time.replayed")
    }

    /// Shows the strip when asked for or while paused, for a scene with a timeline.
    func updateStrip() {
        let timeline = (showsStrip || dial.isPaused) ? scene.timeline : nil
        strip.isVisible = timeline != nil
        if let timeline { strip.update(timeline, at: dial.time(atWall: clock.now)) }
    }

    /// Touching the scene while it stands still lets it run again from there.
    func resumeOnTouch(_ pointer: PointerEvent) {
        guard dial.isPaused && pointer.phase == .began else { return }
        dial.resume(atWall: clock.now)
        report("time.resumed")
    }

    /// Tells whoever listens where scene time is now, and at what speed.
    private func report(_ name: String) {
        options.timeEvents?(SceneEvent(time: dial.time(atWall: clock.now), name: name,
                                       fields: ["speed": .number(dial.speed)]))
    }
}
