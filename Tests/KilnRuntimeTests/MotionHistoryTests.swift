import Foundation
import KilnCore
import KilnRuntime
import Testing

@Suite("Motion history")
struct MotionHistoryTests {
    /// A canvas-sized root with a 300 × 300 parent at (50, 10) and a 40 pt square in it.
    func makeTree() -> (root: Layer, parent: Layer, square: Layer) {
        let root = Layer()
        root.frame = Rect(0, 0, 390, 844)
        let parent = Layer()
        parent.frame = Rect(50, 10, 300, 300)
        root.addSublayer(parent)
        let square = Layer()
        square.frame = Rect(0, 0, 40, 40)
        parent.addSublayer(square)
        return (root, parent, square)
    }

    /// Advances the tree a frame at a time at 60 fps from `start` to `end` seconds, sampling `layer` after each.
    func sample(_ layer: Layer, in root: Layer, from start: Double = 0, to end: Double,
                into history: inout MotionHistory) {
        for frame in Int((start * 60).rounded())...Int((end * 60).rounded()) {
            let time = Double(frame) / 60
            root.advanceAnimations(to: time)
            history.record(layer, at: time)
        }
    }

    @Test("A linear move sampled frame by frame gives evenly spaced positions on the canvas")
    func linearMove() {
        let (root, _, square) = makeTree()
        square.position = Point(220, 100)
        square.add(BasicAnimation(.position, from: Point(20, 100), duration: 1), forKey: "move")
        var history = MotionHistory()

        sample(square, in: root, to: 1, into: &history)

        #expect(history.samples.count == 61)
        for (frame, sample) in history.samples.enumerated() {
            // The parent sits at (50, 10): canvas points are the square's position moved by that.
            #expect(abs(sample.position.x - (70 + 200 * Double(frame) / 60)) < 1e-9)
            #expect(abs(sample.position.y - 110) < 1e-9)
        }
        let row = MotionGraph.rows(for: history.samples)[0]
        #expect(row.label == "x" && abs(row.minimum - 70) < 1e-9 && abs(row.maximum - 270) < 1e-9)
    }

    @Test("An underdamped spring's samples overshoot its target, then settle on it")
    func springOvershoot() {
        let (root, _, square) = makeTree()
        square.position = Point(120, 20)
        square.add(SpringAnimation(.position, from: Point(20, 20), spring: Spring(dampingRatio: 0.5, response: 0.4)),
                   forKey: "spring")
        var history = MotionHistory()

        sample(square, in: root, to: 1.9, into: &history)

        // A damping ratio of 0.5 overshoots by e^(−πζ/√(1−ζ²)) ≈ 16 % of the 100 pt move.
        let xs = history.samples.map(\.position.x)
        let peak = xs.max() ?? 0
        #expect(peak > 170 + 14 && peak < 170 + 18)
        #expect(abs(xs.last! - 170) < 0.5)
        let row = MotionGraph.rows(for: history.samples)[0]
        #expect(row.maximum == peak)
    }

    @Test("Scale, rotation and opacity are read as drawn, through the layer's ancestors")
    func transformAndOpacity() {
        let (_, parent, square) = makeTree()
        parent.opacity = 0.5
        parent.transform = Transform(scaleX: 2, y: 2)
        square.opacity = 0.8
        square.transform = Transform(rotationAngle: .pi / 6)

        let sample = MotionSample(of: square, at: 0)

        #expect(abs(sample.opacity - 0.4) < 1e-12)
        #expect(abs(sample.rotation - .pi / 6) < 1e-12)
        #expect(abs(sample.scale.width - 2) < 1e-12 && abs(sample.scale.height - 2) < 1e-12)
        // The square's centre, (20, 20) in the parent, scaled about the parent's centre (200, 160).
        #expect(abs(sample.position.x - (200 + 2 * (20 - 150))) < 1e-9)
        #expect(abs(sample.position.y - (160 + 2 * (20 - 150))) < 1e-9)
    }

    @Test("Scale plots one line while x and y agree, two when they differ; a turn past 180° stays one line")
    func scaleAndRotationRows() {
        let uniform = MotionSample(time: 0, position: .zero, scale: Size(1, 1), rotation: .pi * 0.95, opacity: 1)
        var stretched = uniform
        stretched.time = 0.1
        stretched.scale = Size(1.2, 0.9)
        stretched.rotation = -.pi * 0.95

        let same = MotionGraph.rows(for: [uniform, uniform])[1]
        let rows = MotionGraph.rows(for: [uniform, stretched])

        #expect(same.label == "scale" && same.lines.count == 1)
        #expect(rows[1].label == "scale x y" && rows[1].lines == [[1, 1.2], [1, 0.9]])
        #expect(rows[1].minimum == 0.9 && rows[1].maximum == 1.2)
        let degrees = rows[2].lines[0]
        #expect(abs(degrees[0] - 171) < 1e-9 && abs(degrees[1] - 189) < 1e-9)
    }

    @Test("Position plots the distance from the first sample when it moves on both axes")
    func diagonalDistance() {
        let start = MotionSample(time: 0, position: Point(10, 10), scale: Size(1, 1), rotation: 0, opacity: 1)
        var end = start
        end.time = 0.1
        end.position = Point(40, 50)

        let row = MotionGraph.rows(for: [start, end])[0]

        #expect(row.label == "distance" && row.lines == [[0, 50]])
    }

    @Test("Only the last two seconds of scene time are kept")
    func window() {
        let (root, _, square) = makeTree()
        var history = MotionHistory()

        sample(square, in: root, to: 3, into: &history)

        #expect(history.samples.first!.time >= 1 - 1e-9)
        #expect(history.samples.last!.time == 3)
        #expect(history.samples.count == 121)
    }

    @Test("Going back in time, or another layer, starts the history afresh; a paused frame adds nothing")
    func clearing() {
        let (root, parent, square) = makeTree()
        var history = MotionHistory()
        sample(square, in: root, to: 1, into: &history)

        history.record(square, at: 1)
        #expect(history.samples.count == 61)

        history.record(square, at: 0.5)
        #expect(history.samples.map(\.time) == [0.5])

        sample(square, in: root, from: 0.6, to: 0.8, into: &history)
        history.record(parent, at: 0.9)
        #expect(history.samples.count == 1 && history.layerID == parent.id)
    }
}
