import KilnCore
import KilnRuntime
import Testing

@Suite("HUD frame times")
struct FrameTimeTests {
    @Test("p50 and p99 of 1…100 ms are 50 and 99 ms (nearest rank)")
    func percentilesOfARange() {
        var history = FrameTimeHistory(window: 10)
        for i in 1...100 {
            history.append(FrameSample(time: Double(i) * 0.01, update: 0, render: Double(i)))
        }

        #expect(history.percentile(0.5) == 50)
        #expect(history.percentile(0.99) == 99)
        #expect(history.percentile(1) == 100)
    }

    @Test("Percentiles read the whole frame: update, render and present together, in any order")
    func percentilesOfTotals() {
        let values = [8.0, 2, 30, 4, 6]
        var history = FrameTimeHistory()
        for (i, value) in values.enumerated() {
            history.append(FrameSample(time: Double(i) / 60, update: 1, render: value - 2, present: 1))
        }

        #expect(history.percentile(0.5) == 6)
        #expect(history.percentile(0.99) == 30)
        #expect(FrameTimeHistory.percentile(0.5, of: []) == nil)
        #expect(FrameTimeHistory.percentile(0.99, of: [7]) == 7)
    }

    @Test("Frames older than the window are forgotten; a clock that starts over starts afresh")
    func window() {
        var history = FrameTimeHistory(window: 2)
        for i in 0..<300 { history.append(FrameSample(time: Double(i) / 60, update: 1, render: 1)) }

        #expect(history.samples.count == 121)
        #expect(abs((history.framesPerSecond ?? 0) - 60) < 1e-9)

        history.append(FrameSample(time: 0.5, update: 1, render: 1))

        #expect(history.samples.count == 1)
    }

    @Test("A bar spans from its frame's start to the next frame's and stands as tall as the frame took")
    func bars() {
        let graph = FrameTimeGraph(size: Size(200, 40), span: 2, fullScale: 40)
        let samples = [
            FrameSample(time: 9.0, update: 2, render: 6, present: 2),
            FrameSample(time: 9.5, update: 10, render: 10, present: 20),
            FrameSample(time: 10.5, update: 40, render: 40, present: 0),
        ]

        let bars = graph.bars(for: samples, now: 11)

        #expect(bars.count == 3)
        #expect(bars.map(\.minX) == [0, 50, 150])
        #expect(bars.map(\.width) == [50, 100, 50])
        #expect(bars[0].update == 2 && bars[0].render == 6 && bars[0].present == 2)
        #expect(bars[1].height == 40)
        // Past the full scale the bar stands at full height, its parts in proportion.
        #expect(bars[2].height == 40 && bars[2].update == 20 && bars[2].render == 20)
    }

    @Test("Frames before the graph's left edge are left out and one cut by it starts at 0")
    func barsAtTheLeftEdge() {
        let graph = FrameTimeGraph(size: Size(100, 20), span: 1, fullScale: 20)
        let samples = [
            FrameSample(time: 0, update: 5, render: 5),
            FrameSample(time: 0.5, update: 5, render: 5),
            FrameSample(time: 1.25, update: 5, render: 5),
        ]

        let bars = graph.bars(for: samples, now: 2)

        #expect(bars.count == 2)
        #expect(bars[0].minX == 0 && bars[0].width == 25)
        #expect(bars[1].minX == 25 && bars[1].width == 75)
    }

    @Test("The bars' paths put each part in its own path, stacked from the bottom")
    func barPaths() {
        let graph = FrameTimeGraph(size: Size(100, 30), span: 1, fullScale: 30)
        let bar = FrameBar(minX: 10, width: 1, update: 3, render: 5, present: 7)

        let paths = graph.paths(for: [bar])

        #expect(paths.update.controlPointBounds == Rect(10, 27, 1, 3))
        #expect(paths.render.controlPointBounds == Rect(10, 22, 1, 5))
        #expect(paths.present.controlPointBounds == Rect(10, 15, 1, 7))
    }
}
