import KilnCore
import Testing

@Suite("Scroller")
struct ScrollerTests {
    /// A 390 × 700 viewport over a list 3000 points tall, with the scroller's pan on the viewport.
    final class ListTree {
        let root = Layer()
        let viewport = Layer()
        let list = Layer()
        let dispatcher: GestureDispatcher
        let scroller: Scroller
        var time = 0.0
        var ends = 0

        init() {
            root.frame = Rect(0, 0, 390, 844)
            viewport.frame = Rect(0, 100, 390, 700)
            viewport.masksToBounds = true
            list.frame = Rect(0, 0, 390, 3000)
            root.addSublayer(viewport)
            viewport.addSublayer(list)
            dispatcher = GestureDispatcher(root: root)
            scroller = Scroller(content: list, viewportSize: viewport.bounds.size)
            scroller.didEndScrolling = { [unowned self] _ in self.ends += 1 }
            dispatcher.add(scroller.panGestureRecognizer, to: viewport)
        }

        /// Drags the pointer from `start` at `velocity` for `moves` 120 Hz samples and lifts it, a frame between each.
        func drag(from start: Point, velocity: Point, moves: Int, hold: Int = 0) {
            var events = KilnCoreTests.drag(from: start, velocity: velocity, moves: moves, startTime: time)
            let last = events[events.count - 1]
            for i in 1...max(1, hold) where hold > 0 {
                events.append(pointer(.moved, last.location.x, last.location.y, at: last.timestamp + Double(i) / 120))
            }
            let end = events[events.count - 1]
            events.append(pointer(.ended, end.location.x, end.location.y, at: end.timestamp + 1.0 / 120))
            for event in events {
                frame(to: event.timestamp)
                dispatcher.handle(event)
            }
        }

        func frame(to t: Double) {
            time = t
            dispatcher.tick(at: t)
            scroller.advance(to: t)
        }

        func wait(_ seconds: Double) {
            let end = time + seconds
            while time < end { frame(to: time + 1.0 / 120) }
        }
    }

    @Test("A slow drag up scrolls the list by the distance dragged and the layer follows")
    func slowDrag() {
        let tree = ListTree()

        tree.drag(from: Point(200, 600), velocity: Point(0, -600), moves: 40, hold: 20)
        tree.wait(0.5)

        #expect(abs(tree.scroller.contentOffset.y - 200) < 1e-6)
        #expect(abs(tree.list.position.y - (1500 - 200)) < 1e-6)
        #expect(tree.ends == 1)
    }

    @Test("A flick keeps the list going to about its projection, then it rests")
    func flick() {
        let tree = ListTree()

        tree.drag(from: Point(200, 700), velocity: Point(0, -1200), moves: 12)
        let released = tree.scroller.contentOffset.y
        guard case .decelerating(let fling) = tree.scroller.vertical.phase else {
            Issue.record("the list does not decelerate after a flick")
            return
        }
        tree.wait(6)

        let projected = ScrollPhysics.project(velocity: fling.initialVelocity)
        #expect(abs(fling.initialVelocity - 1200) < 120, "the finger's velocity carries over")
        #expect(abs(tree.scroller.contentOffset.y - released - projected) < 3)
        #expect(!tree.scroller.isDecelerating && tree.ends == 1)
    }

    @Test("A sideways drag on a list that only scrolls vertically leaves it alone")
    func sidewaysIsLeftToOthers() {
        let tree = ListTree()

        tree.drag(from: Point(100, 400), velocity: Point(900, -100), moves: 20)
        tree.wait(1)

        #expect(tree.scroller.contentOffset == .zero)
        #expect(tree.ends == 0)
    }

    @Test("Insets let the list rest below its top, and setting the offset stops a fling")
    func insetsAndSetting() {
        let tree = ListTree()
        tree.scroller.contentInset = EdgeInsets(top: 44)

        tree.drag(from: Point(200, 300), velocity: Point(0, 300), moves: 12, hold: 20)
        tree.wait(1)
        let rested = tree.scroller.contentOffset.y
        tree.drag(from: Point(200, 700), velocity: Point(0, -1500), moves: 10)
        tree.scroller.contentOffset = Point(0, 500)
        tree.wait(0.5)

        #expect(abs(rested + 30) < 1e-6)
        #expect(tree.scroller.contentOffset.y == 500 && !tree.scroller.isDecelerating)
    }

    @Test("A finger that begins to scroll is told first, and can start the drag from an offset set then")
    func willBeginDragging() {
        let tree = ListTree()
        var begun: [Double] = []
        tree.scroller.willBeginDragging = { scroller in
            begun.append(scroller.contentOffset.y)
            scroller.contentOffset = Point(0, 400)
        }

        tree.drag(from: Point(200, 600), velocity: Point(0, -600), moves: 40, hold: 20)
        tree.wait(0.5)

        #expect(begun == [0])
        #expect(abs(tree.scroller.contentOffset.y - 600) < 1e-6, "the 200 points dragged, from 400")
    }

    @Test("Letting go says where the content will rest: the end of a fling, or the page a flick turns to")
    func didEndDragging() {
        let tree = ListTree()
        var releases: [(offset: Double, target: Double)] = []
        tree.scroller.didEndDragging = { releases.append(($0.contentOffset.y, $0.targetContentOffset.y)) }

        tree.drag(from: Point(200, 700), velocity: Point(0, -1200), moves: 12)
        tree.wait(6)
        let flung = tree.scroller.contentOffset.y
        tree.scroller.isPagingEnabled = true
        tree.scroller.vertical.pageSize = 300
        tree.drag(from: Point(200, 700), velocity: Point(0, -900), moves: 6)
        tree.wait(2)

        #expect(releases.count == 2)
        #expect(abs(releases[0].target - flung) < 4, "the fling rests where it was told: \(releases[0].target), \(flung)")
        let nextPage = ((releases[1].offset / 300).rounded(.down) + 1) * 300
        #expect(releases[1].target == nextPage && tree.scroller.contentOffset.y == nextPage)
    }

    @Test("A pan cancelled mid-flick lets the content go without the flick's velocity")
    func cancelledDragDoesNotFling() {
        let tree = ListTree()
        var ended = 0
        tree.scroller.didEndDragging = { _ in ended += 1 }
        let down = KilnCoreTests.drag(from: Point(200, 700), velocity: Point(0, -1500), moves: 10)
        for event in down {
            tree.frame(to: event.timestamp)
            tree.dispatcher.handle(event)
        }
        let offset = tree.scroller.contentOffset

        tree.scroller.panGestureRecognizer.isEnabled = false
        tree.wait(1)

        #expect(offset.y > 100)
        #expect(ended == 1 && tree.scroller.contentOffset == offset && !tree.scroller.isDecelerating)
    }
}
