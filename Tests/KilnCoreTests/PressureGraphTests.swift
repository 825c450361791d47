import KilnCore
import Testing

@Suite("Pressure graph across seconds")
struct PressureGraphTests {
    @Test("Samples stand at their times, the latest at the right edge; the response is a second line")
    func samplesStandAtTheirTimes() {
        var graph = PressureGraph(span: .seconds(2))
        graph.append(PressureSample(time: 0, pressure: 0, source: "evdev"))
        graph.append(PressureSample(time: 1, pressure: 0.5, source: "evdev"))
        graph.append(PressureSample(time: 2, pressure: 1.5, source: "evdev", response: 0.5))

        let pressure = graph.path(of: \.pressure, in: Size(100, 10))
        let response = graph.path(of: \.response, in: Size(100, 10))

        #expect(pressure.elements == [.move(to: Point(0, 10)), .line(to: Point(50, 5)), .line(to: Point(100, 0))])
        #expect(response.elements == [.move(to: Point(100, 5))])
        #expect(!graph.isFlat)
    }

    @Test("Samples long past the left edge are forgotten, and a clock that starts over starts afresh")
    func oldSamplesAreForgotten() {
        var graph = PressureGraph(span: .seconds(2))
        for t in stride(from: 0.0, through: 10, by: 0.5) {
            graph.append(PressureSample(time: t, pressure: nil, source: "none", response: 0))
        }

        #expect(graph.samples.first?.time == 7)
        #expect(graph.isFlat)

        graph.append(PressureSample(time: 1, pressure: 0.2, source: "xinput2"))

        #expect(graph.samples.map(\.time) == [1])
        #expect(graph.revision == 22)
    }
}
