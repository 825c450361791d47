import KilnPlatform
import Testing

@Suite("Touch pressure from SDL")
struct TouchPressureFilterTests {
    @Test("SDL's constant 1.0 placeholder (X11, Wayland) is no pressure")
    func placeholder() {
        var filter = TouchPressureFilter()

        let values = [false, false, true].map { filter.pressure(1, finger: 1001, isLifting: $0) }

        #expect(values == [nil, nil, nil])
    }

    @Test("Measured pressure passes, per finger, from the first sample that is not 1.0")
    func measured() {
        var filter = TouchPressureFilter()

        let first = filter.pressure(0.25, finger: 1001, isLifting: false)
        let full = filter.pressure(1, finger: 1001, isLifting: false)
        let otherFinger = filter.pressure(1, finger: 1002, isLifting: false)
        let lift = filter.pressure(0.1, finger: 1001, isLifting: true)
        let nextTouch = filter.pressure(1, finger: 1001, isLifting: false)

        #expect(first == 0.25)
        #expect(full == 1)
        #expect(otherFinger == nil)
        #expect(lift == 0.1)
        #expect(nextTouch == nil, "a new touch proves itself again")
    }
}
