import Testing
import KilnCore

@Test("Modulate maps a value between two rising ranges")
func mapsBetweenRisingRanges() {
    let value = modulate(150, from: (100, 200), to: (0, 1))

    #expect(value == 0.5)
}

@Test("Modulate follows a target range that runs downwards")
func mapsOntoFallingRange() {
    let value = modulate(0.25, from: (0, 1), to: (100, 0))

    #expect(value == 75)
}

@Test("Modulate follows a source range that runs downwards")
func mapsFromFallingRange() {
    let value = modulate(-60, from: (0, -80), to: (1, 0.5))

    #expect(value == 0.625)
}

@Test("Unclamped modulate extrapolates beyond the target range")
func extrapolatesWhenUnclamped() {
    let below = modulate(-50, from: (0, 100), to: (0, 10))
    let above = modulate(300, from: (0, 100), to: (10, 0))

    #expect(below == -5)
    #expect(above == -20)
}

@Test("Clamped modulate stays within the target range whichever way it runs")
func clampsInBothDirections() {
    let risingLow = modulate(-50, from: (0, 100), to: (0, 10), clamped: true)
    let risingHigh = modulate(150, from: (0, 100), to: (0, 10), clamped: true)
    let fallingLow = modulate(-50, from: (0, 100), to: (10, 0), clamped: true)
    let fallingHigh = modulate(150, from: (0, 100), to: (10, 0), clamped: true)

    #expect([risingLow, risingHigh] == [0, 10])
    #expect([fallingLow, fallingHigh] == [10, 0])
}

@Test("Clamping leaves values inside the range untouched")
func clampingKeepsInsideValues() {
    let value = modulate(25, from: (0, 100), to: (10, 0), clamped: true)

    #expect(value == 7.5)
}

@Test("An empty source range acts as a step instead of dividing by zero")
func emptySourceRangeIsAStep() {
    let before = modulate(4, from: (5, 5), to: (0, 1))
    let at = modulate(5, from: (5, 5), to: (0, 1))

    #expect(before == 0)
    #expect(at == 1)
}
