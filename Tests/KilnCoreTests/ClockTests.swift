import Testing
import KilnCore

@Test("A manual clock starts where it is told and stands still")
func manualClockStartsAndStays() {
    let standard = ManualClock()
    let later = ManualClock(now: 12.5)

    let readings = [standard.now, standard.now, later.now]

    #expect(readings == [0, 0, 12.5])
}

@Test("Advancing a manual clock adds up the steps")
func manualClockAdvances() {
    let clock = ManualClock()

    clock.advance(by: 0.25)
    clock.advance(by: 0.5)
    clock.advance(by: 0)

    #expect(clock.now == 0.75)
}

@Test("Setting a manual clock jumps to an absolute time")
func manualClockSets() {
    let clock = ManualClock(now: 1)

    clock.set(to: 121.0 / 60)

    #expect(clock.now == 121.0 / 60)
}

@Test("A manual clock seen through the protocol shows its latest time")
func manualClockThroughProtocol() {
    let manual = ManualClock()
    let clock: any Clock = manual

    manual.advance(by: 2)

    #expect(clock.now == 2)
}

@Test("The system clock starts near zero and never goes backwards")
func systemClockIsMonotonicFromZero() {
    let clock = SystemClock()

    let readings = (0..<1000).map { _ in clock.now }

    #expect(readings[0] >= 0 && readings[0] < 1)
    #expect(zip(readings, readings.dropFirst()).allSatisfy { $0 <= $1 })
}
