import Kiln

extension BottomSheetScene {
    /// One pan moves the sheet, the list, or first one then the other: a drag that starts
    /// in the list scrolls it only once the sheet is at its top detent, and moves the sheet
    /// down only once the list is back at its top (a `NestedScroll`, the list inside the
    /// sheet). A drag on the header moves the sheet alone.
    func panChanged() {
        switch pan.state {
        case .began:
            catchMotion()
            move(by: -pan.translation(in: nil).y)
        case .changed:
            let translation = pan.translation(in: nil).y
            move(by: -(translation - drag.lastTranslation))
        case .ended, .cancelled:
            release(velocity: -pan.velocity(in: nil).y)
        default:
            break
        }
        drag.lastTranslation = pan.translation(in: nil).y
    }

    /// Stops whatever moves, where it is drawn, and takes the drag up from there.
    private func catchMotion() {
        scroll.outer.setContentOffset(height)
        scroll.beginDrag()
        drag.lastTranslation = 0
        sheetState = .dragging
    }

    /// Moves by `distance` points upwards (negative: downwards).
    private func move(by distance: Double) {
        if drag.beganInList {
            scroll.drag(by: distance)
            if distance != 0, scroll.isInnerScrolling { drag.listMoved = true }
        } else {
            scroll.outer.drag(by: distance)
        }
        height = scroll.outer.contentOffset
        layout()
    }

    /// Lets go with `velocity` points per second upwards: the list flings if the drag
    /// ended scrolling it; otherwise the sheet springs to the detent nearest to where
    /// the velocity would carry it, starting at that velocity.
    private func release(velocity: Double) {
        if drag.beganInList, scroll.isInnerScrolling {
            releaseList(velocity: velocity)
            if height != detents.large {
                startSettling(to: .large, velocity: 0)
            } else {
                scroll.outer.setContentOffset(height)
                sheetState = .resting(.large)
            }
            return
        }
        let projected = scroll.outer.project(velocity: velocity)
        let target = detents.nearest(to: projected)
        context.emit("sheet.released", at: now, [
            "velocity": .number(velocity.rounded()),
            "projected": .number(projected.rounded()),
            "detent": .string(target.rawValue),
        ])
        startSettling(to: target, velocity: velocity)
        releaseList(velocity: 0)
    }

    private func releaseList(velocity: Double) {
        if scroll.inner.endDrag(velocity: velocity, at: now) { listCameToRest() }
    }
}
