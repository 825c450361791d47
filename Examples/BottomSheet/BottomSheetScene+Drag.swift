import Kiln

extension BottomSheetScene {
    /// One pan moves the sheet, the list, or first one then the other: a drag that starts
    /// in the list scrolls it only once the sheet is at its top detent, and moves the sheet
    /// down only once the list is back at its top. A drag on the header moves the sheet alone.
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
        drag.sheetHeight = RubberBand(dimension: context.canvasSize.height, coefficient: tuning.rubberBandCoefficient)
            .unclamp(height, from: detents.collapsed...detents.large)
        drag.listOffset = RubberBand(dimension: sheet.viewport.bounds.height, coefficient: tuning.rubberBandCoefficient)
            .unclamp(listOffset, from: 0...maxListOffset)
        drag.lastTranslation = 0
        drag.isScrollingList = false
        sheetState = .dragging
        listState = .dragging
    }

    /// Moves by `distance` points upwards (negative: downwards).
    private func move(by distance: Double) {
        guard drag.beganInList else {
            drag.sheetHeight += distance
            showDrag()
            return
        }
        var rest = distance
        if rest > 0 {
            // Up: the sheet rises to its top, then the list scrolls.
            let rise = min(rest, max(0, detents.large - drag.sheetHeight))
            drag.sheetHeight += rise
            rest -= rise
            drag.isScrollingList = rest > 0
            drag.listOffset += rest
        } else if rest < 0 {
            // Down: the list scrolls back to its top, then the sheet falls.
            let back = min(-rest, max(0, drag.listOffset))
            drag.listOffset -= back
            rest += back
            drag.isScrollingList = rest == 0
            drag.sheetHeight += rest
        }
        if distance != 0, drag.isScrollingList { drag.listMoved = true }
        showDrag()
    }

    /// Lets go with `velocity` points per second upwards: the list flings if the drag
    /// ended scrolling it; otherwise the sheet springs to the detent nearest to where
    /// the velocity would carry it, starting at that velocity.
    private func release(velocity: Double) {
        if drag.beganInList, drag.isScrollingList {
            releaseList(velocity: velocity)
            if height != detents.large { startSettling(to: .large, velocity: 0) } else { sheetState = .resting(.large) }
            return
        }
        let projected = Decay.project(height, velocity: velocity, rate: tuning.decelerationRate)
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
        let bound = min(max(listOffset, 0), maxListOffset)
        if bound != listOffset {
            listState = .bouncing(ValueSpring(from: listOffset, to: bound, initialVelocity: velocity,
                                              spring: tuning.listBounceSpring, start: now))
        } else if abs(velocity) > 20 {
            listState = .flinging(Decay(from: listOffset, initialVelocity: velocity,
                                        rate: tuning.listDecelerationRate, start: now))
        } else {
            listCameToRest()
        }
    }
}
