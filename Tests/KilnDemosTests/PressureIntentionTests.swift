import KilnCore
import PressureDemo
import Testing

/// A press on a 70 pt container centred at (195, 500), as the ring scene makes one.
private let container = Rect(160, 465, 70, 70)
private let inside = Point(195, 500)
private let outside = Point(195, 600)

@Suite("Pressure intention")
struct PressureIntentionTests {
    @Test("P2: intention is pressure over fullPress, capped at 1",
          arguments: [(0.0, 0.0), (0.09, 0.2), (0.225, 0.5), (0.45, 1.0), (0.9, 1.0), (-0.1, 0.0)])
    func intentionFromPressure(pressure: Double, expected: Double) {
        let intention = PressureIntention.intention(pressure: pressure, fullPress: 0.45)

        #expect(abs(intention - expected) < 1e-12)
    }

    @Test("P2: a different fullPress moves where the intention saturates")
    func fullPressIsTunable() {
        var tuning = PressureTuning()
        tuning.fullPress = 0.8
        var model = PressureIntention(tuning: tuning)

        model.begin(containerFrame: container, pressure: 0.6)
        model.update(heldFor: 0.1, pressure: 0.6, location: outside)

        #expect(abs(model.intention - 0.75) < 1e-12)
        #expect(model.state == .updating)
    }

    @Test("P2: the timed fallback is not full at 1.9 s")
    func timedNotFullAt1_9() {
        var model = PressureIntention()
        model.begin(containerFrame: container, pressure: nil)

        model.update(heldFor: 1.9, pressure: nil, location: outside)

        #expect(model.isTimed)
        #expect(model.ticks == 19)
        #expect(abs(model.intention - 0.95) < 1e-12)
        #expect(!model.isFull)
        #expect(model.state == .updating)
    }

    @Test("P2: the timed fallback is full at 2.0 s, even when the frame times add up to a little less")
    func timedFullAt2_0() {
        var model = PressureIntention()
        model.begin(containerFrame: container, pressure: nil)
        // 120 frames of 1/120 s: the sum falls a hair short of 1.0.
        var held = 0.0
        for _ in 0..<240 {
            held += 1.0 / 120
            model.update(heldFor: held, pressure: nil, location: outside)
        }

        #expect(held < 2.0)
        #expect(model.ticks == 20)
        #expect(model.intention == 1)
        #expect(model.state == .selected)
    }

    @Test("P2: the timed fallback adds 0.05 at each 0.1 s tick and nothing between ticks")
    func timedSteps() {
        var model = PressureIntention()
        model.begin(containerFrame: container, pressure: nil)

        model.update(heldFor: 0.05, pressure: nil, location: outside)
        let beforeFirstTick = model.intention
        model.update(heldFor: 0.1, pressure: nil, location: outside)
        let afterFirstTick = model.intention
        model.update(heldFor: 0.55, pressure: nil, location: outside)

        #expect(beforeFirstTick == 0)
        #expect(abs(afterFirstTick - 0.05) < 1e-12)
        #expect(abs(model.intention - 0.25) < 1e-12)
    }

    @Test("P4: 0.97 is still updating; just above it is full",
          arguments: [(0.97, ConfirmState.updating), (0.9701, ConfirmState.selected)])
    func fullBoundary(intention: Double, expected: ConfirmState) {
        var tuning = PressureTuning()
        tuning.fullPress = 1
        tuning.latchesWhenFull = false
        var model = PressureIntention(tuning: tuning)
        model.begin(containerFrame: container, pressure: 0)

        model.update(heldFor: 0.2, pressure: intention, location: outside)

        #expect(model.state == expected)
        #expect(model.strokeEnd == (expected == .updating ? intention : 1))
    }

    @Test("P4: full with the pointer inside the container's frame is confirmed, outside selected")
    func insideAndOutside() {
        var model = PressureIntention()
        model.begin(containerFrame: container, pressure: 0.5)

        let first = model.update(heldFor: 0.1, pressure: 0.5, location: outside)
        let second = model.update(heldFor: 0.2, pressure: 0.5, location: inside)
        let edge = model.update(heldFor: 0.3, pressure: 0.5, location: Point(container.maxX, 500))

        #expect(first == .selected)
        #expect(second == .confirmed)
        #expect(edge == .selected, "the frame's right edge is outside, as CGRect.contains has it")
    }

    @Test("P4: with the latch on, easing off after full keeps the press full until release")
    func latchOn() {
        var model = PressureIntention()
        model.begin(containerFrame: container, pressure: 0.1)
        model.update(heldFor: 0.1, pressure: 0.5, location: outside)

        let eased = model.update(heldFor: 0.2, pressure: 0.05, location: inside)

        #expect(model.isLatched)
        #expect(model.intention == 1)
        #expect(eased == .confirmed)
        #expect(model.end() == .confirmed)
        #expect(model.state == .idle && model.intention == 0 && !model.isLatched)
    }

    @Test("P4: with the latch off, easing off drops back to updating and the release cancels")
    func latchOff() {
        var tuning = PressureTuning()
        tuning.latchesWhenFull = false
        var model = PressureIntention(tuning: tuning)
        model.begin(containerFrame: container, pressure: 0.1)
        model.update(heldFor: 0.1, pressure: 0.5, location: outside)

        let eased = model.update(heldFor: 0.2, pressure: 0.05, location: inside)

        #expect(!model.isLatched)
        #expect(abs(model.intention - 0.05 / 0.45) < 1e-12)
        #expect(eased == .updating)
        #expect(model.end() == .cancelled)
    }

    @Test("P6: updates report a state only when it really changes")
    func transitionsOnlyOnChange() {
        var model = PressureIntention()
        model.begin(containerFrame: container, pressure: 0)
        var changes: [ConfirmState] = []

        for step in 1...60 {
            let pressure = min(Double(step) / 40, 0.6)
            let location = step < 45 ? outside : inside
            if let change = model.update(heldFor: Double(step) / 60, pressure: pressure, location: location) {
                changes.append(change)
            }
        }

        #expect(changes == [.selected, .confirmed])
    }

    @Test("P5: a release before full cancels; an update after the end changes nothing")
    func releaseCancels() {
        var model = PressureIntention()
        model.begin(containerFrame: container, pressure: 0.2)
        model.update(heldFor: 0.1, pressure: 0.3, location: inside)

        let outcome = model.end()
        let after = model.update(heldFor: 0.2, pressure: 0.9, location: inside)

        #expect(outcome == .cancelled)
        #expect(after == nil)
        #expect(model.state == .idle)
    }

    @Test("P2: a NaN pressure stands for none at touch down, and later the last good reading holds")
    func nanPressure() {
        var model = PressureIntention()
        model.begin(containerFrame: container, pressure: .nan)
        let atDown = model.intention

        model.update(heldFor: 0.1, pressure: 0.18, location: inside)
        model.update(heldFor: 0.2, pressure: .nan, location: inside)

        #expect(atDown == 0)
        #expect(!model.isTimed)
        #expect(abs(model.intention - 0.4) < 1e-12)
        #expect(model.pressure == 0.18)
    }
}
