import KilnCore
import PropertyBased
import Testing

@Suite("Scroll paging and nesting")
struct ScrollPagingTests {
    /// Five pages 390 points wide.
    func makePager(offset: Double) -> ScrollPhysics {
        var pager = ScrollPhysics(contentSize: 5 * 390, viewportSize: 390, contentOffset: offset)
        pager.isPagingEnabled = true
        return pager
    }

    @Test("A slow release goes to the nearest page; a flick past 200 pt/s to the next one in its direction",
          arguments: [
              (400.0, 0.0, 390.0), (600, 0, 780), (700, 150, 780), (430, 300, 780), (430, -300, 390),
              (700, -300, 390), (780, 250, 1170), (1600, 2000, 1560), (-50, -500, 0), (100, -150, 0),
          ])
    func pageChosen(offset: Double, velocity: Double, expected: Double) {
        let pager = makePager(offset: offset)

        #expect(pager.page(forReleaseAt: offset, velocity: velocity) == expected)
    }

    @Test("A released pager springs onto the chosen page and rests exactly there")
    func pagerLandsOnThePage() {
        var pager = makePager(offset: 0)
        pager.beginDrag()
        pager.drag(by: 120)

        pager.endDrag(velocity: 600, at: 0)
        var time = 0.0
        while !pager.advance(to: time), time < 5 { time += 1.0 / 120 }

        #expect(pager.contentOffset == 390)
        #expect(pager.currentPage == 1)
        #expect(time < 1)
    }

    @Test("Pages may be shorter than the viewport, and insets move the first page")
    func pageSizeAndInsets() {
        var pager = makePager(offset: 0)
        pager.pageSize = 300
        pager.contentInsetStart = 20

        #expect(pager.page(forReleaseAt: 150, velocity: 0) == 280)
        #expect(pager.page(forReleaseAt: 150, velocity: -400) == -20)
    }

    /// A sheet between 104 and 790 points high, holding a list 2000 points long in 720.
    func makeSheet() -> NestedScroll {
        NestedScroll(inner: ScrollPhysics(contentSize: 2000, viewportSize: 720),
                     outer: ScrollPhysics(range: 104...790, dimension: 844, contentOffset: 405))
    }

    @Test("One drag hands over both ways: up, the outer then the inner; down, the inner then the outer")
    func handOver() {
        var sheet = makeSheet()

        sheet.beginDrag()
        sheet.drag(by: 385 + 120)
        let up = (sheet.outer.contentOffset, sheet.inner.contentOffset, sheet.isInnerScrolling)
        sheet.drag(by: -200)

        #expect(up.0 == 790 && up.1 == 120 && up.2)
        #expect(sheet.inner.contentOffset == 0 && sheet.outer.contentOffset == 710)
        #expect(!sheet.isInnerScrolling && sheet.hasInnerMoved)
    }

    @Test("Under any drag the pair shows what one finger position says: the outer up to its end, then the inner")
    func handOverFollowsTheFinger() async {
        let steps = Gen.double(in: -300...300).array(of: 1...40)
        await propertyCheck(input: steps) { deltas in
            var sheet = makeSheet()
            var finger = 405.0
            sheet.beginDrag()

            for delta in deltas {
                sheet.drag(by: delta)
                finger += delta

                let outer = RubberBand(dimension: 844).clamp(min(finger, 790), to: 104...790)
                let inner = RubberBand(dimension: 720).clamp(max(0, finger - 790), to: 0...1280)
                #expect(abs(sheet.outer.contentOffset - outer) < 1e-6)
                #expect(abs(sheet.inner.contentOffset - inner) < 1e-6)
                if delta != 0 { #expect(sheet.isInnerScrolling == (delta > 0 ? finger > 790 : finger >= 790)) }
            }
        }
    }

    @Test("On release the axis the drag ended in carries the velocity; the other springs back still")
    func releaseGoesToTheLastMover() {
        var sheet = makeSheet()
        sheet.beginDrag()
        sheet.drag(by: 385 + 300)

        sheet.endDrag(velocity: 1500, at: 0)

        #expect(sheet.inner.isDecelerating && sheet.inner.velocity(at: 0) == 1500)
        #expect(!sheet.outer.isDecelerating && sheet.outer.contentOffset == 790)
    }
}
