import KilnCore
import PressureDemo
import Testing

/// A press on a 70 pt container centred at (195, 500), as the ring scene makes one.
private let container = Rect(160, 465, 70, 70)
private let inside = Point(195, 500)
private let outside = Point(195, 600)

/// What a press showed, frame by frame, on a manual clock.
private struct Frame {
    var time: Double
    var intention: Double
    var state: ConfirmState
}

/// Runs a press that began at clock time 1.0 with `pressure`, frame by frame at 120 Hz on a
/// manual clock until `end`; the pressure source is lost at clock time `lossAt`.
private func pressLosingPressure(pressure: Double, lossAt: Double, end: Double, at location: Point = outside,
                                 tuning: PressureTuning = PressureTuning()) -> (frames: [Frame], model: PressureIntention) {
    let clock = ManualClock(now: 1.0)
    let pressStart = clock.now
    var model = PressureIntention(tuning: tuning)
    model.begin(containerFrame: container, pressure: pressure)
    var frames: [Frame] = []
    var lost = false
    while clock.now < end {
        clock.advance(by: 1.0 / 120)
        if !lost && clock.now >= lossAt - 1e-9 {
            lost = true
            model.fallBackToTime(heldFor: clock.now - pressStart)
        }
        model.update(heldFor: clock.now - pressStart, pressure: lost ? nil : pressure, location: location)
        frames.append(Frame(time: clock.now, intention: model.intention, state: model.state))
    }
    return (frames, model)
}

@Suite("Pressure intention: losing the pressure source mid-press (P2)")
struct PressureFallbackTests {
    @Test("A press at half the full press loses its pen at 1.5 s: 0.5 stays, then the ring is full exactly 1.0 s later")
    func fullOneSecondAfterLoss() {
        let (frames, _) = pressLosingPressure(pressure: 0.225, lossAt: 1.5, end: 4)

        let firstFull = frames.first { $0.state == .selected }
        let beforeLoss = frames.filter { $0.time < 1.5 - 1e-9 }
        let justAfter = frames.first { $0.time >= 1.5 - 1e-9 }

        #expect(beforeLoss.allSatisfy { abs($0.intention - 0.5) < 1e-12 })
        #expect(justAfter.map { abs($0.intention - 0.5) < 1e-12 } == true, "no reset and no jump at the loss")
        // 0.5 + 9 × 0.05 = 0.95 is not above 0.97; the tenth tick, 1.0 s after the loss, is.
        #expect(firstFull.map { abs($0.time - 2.5) < 1e-9 } == true, "first full at \(String(describing: firstFull?.time))")
        #expect(frames.filter { $0.time < 2.5 - 1e-9 }.allSatisfy { $0.state == .updating })
    }

    @Test("After the loss the ring only grows, by one 0.05 step at each 0.1 s tick counted from the loss")
    func continuousRamp() {
        let (frames, model) = pressLosingPressure(pressure: 0.18, lossAt: 1.425, end: 3)
        let base = 0.18 / 0.45

        let after = frames.filter { $0.time >= 1.425 - 1e-9 }
        let pairs = zip(after, after.dropFirst())

        #expect(pairs.allSatisfy { $1.intention >= $0.intention }, "never goes back")
        #expect(pairs.allSatisfy { $1.intention - $0.intention <= 0.05 + 1e-12 }, "at most one step a frame")
        let at = { (t: Double) in after.last { $0.time <= t + 1e-9 }?.intention ?? -1 }
        #expect(abs(at(1.52) - base) < 1e-12, "no tick before 0.1 s after the loss")
        #expect(abs(at(1.53) - (base + 0.05)) < 1e-12, "the first tick, 0.1 s after the loss")
        #expect(abs(at(1.93) - (base + 0.25)) < 1e-12)
        #expect(model.isTimed && model.pressure == nil)
        #expect(abs(model.timedBase - base) < 1e-12 && abs(model.timedSince - 0.425) < 1e-9)
    }

    @Test("A latched full press that loses its pen stays full and stays confirmed: no jump, no reset")
    func latchedStaysFull() {
        let (frames, model) = pressLosingPressure(pressure: 0.6, lossAt: 1.3, end: 2.5, at: inside)

        #expect(frames.allSatisfy { $0.intention == 1 && $0.state == .confirmed })
        #expect(model.strokeEnd == 1)
    }

    @Test("A press just below full does not jump to confirmed at the loss: it waits for its tick")
    func noJumpToConfirmed() {
        var tuning = PressureTuning()
        tuning.latchesWhenFull = false
        let (frames, _) = pressLosingPressure(pressure: 0.9 * 0.45, lossAt: 1.2, end: 2, at: inside, tuning: tuning)

        let firstFull = frames.first { $0.state == .confirmed }

        // 0.9 + 0.05 = 0.95, still updating; 0.9 + 0.10 = 1.0 at the second tick, 0.2 s after.
        #expect(firstFull.map { abs($0.time - 1.4) < 1e-9 } == true, "first full at \(String(describing: firstFull?.time))")
    }

    @Test("Falling back twice, or on a press that is timed already, changes nothing")
    func fallBackOnce() {
        var model = PressureIntention()
        model.begin(containerFrame: container, pressure: nil)
        model.update(heldFor: 0.5, pressure: nil, location: outside)

        let timedAlready = model.fallBackToTime(heldFor: 0.5)
        model.update(heldFor: 1.0, pressure: nil, location: outside)
        var idle = PressureIntention()
        let noPress = idle.fallBackToTime(heldFor: 0.2)

        #expect(!timedAlready && !noPress)
        #expect(abs(model.intention - 0.5) < 1e-12, "the mouse's own ramp, from the press's start")
        #expect(idle.state == .idle && !idle.isTimed)
    }

    @Test("The next press after a fallback starts fresh, with pressure")
    func nextPressFresh() {
        var model = PressureIntention()
        model.begin(containerFrame: container, pressure: 0.2)
        model.fallBackToTime(heldFor: 0.3)
        model.update(heldFor: 0.9, pressure: nil, location: outside)
        _ = model.end()

        model.begin(containerFrame: container, pressure: 0.09)
        model.update(heldFor: 0.1, pressure: 0.09, location: outside)

        #expect(!model.isTimed && model.timedBase == 0 && model.timedSince == 0)
        #expect(abs(model.intention - 0.2) < 1e-12)
    }
}
