// Replays an evemu touchscreen recording as touch pointers, one per finger. Limits: no
// pressure (fingers have none, as a mouse has none); the whole screen is fitted to the
// canvas, so a recording from a screen of another shape leaves bands at two edges.

import KilnCore

extension EvemuReplay {
    /// A touchscreen recording's fingers as pointer events.
    ///
    /// - Place: the screen's full area (the `ABS_MT_POSITION_X` and `_Y` ranges, in
    ///   millimetres when both give a resolution) is fitted into the canvas, keeping its
    ///   aspect and centred.
    /// - Fingers: each finger is a `touch` pointer of its own, ids 10, 11, … in the order the
    ///   fingers first touch; `began` when it touches, `moved` on each frame it moves, `ended`
    ///   where it was last when it lifts (or when the recording ends).
    /// - Cut (`cutAt`): fingers still down at the cut are `cancelled` there.
    func touchEvents(canvasSize: Size, startTime: Double) -> [PointerEvent] {
        let place = touchPlacement(canvasSize: canvasSize)
        let all = EvemuTouchDecoder.frames(of: recording)
        let frames = cutAt.map { cut in all.filter { $0.time <= cut } } ?? all
        var down: [Int: Point] = [:]
        var events: [PointerEvent] = []
        func event(_ phase: PointerPhase, _ finger: Int, _ location: Point, _ time: Double) -> PointerEvent {
            PointerEvent(id: ScriptPlayer.fingerPointerID(finger), phase: phase, location: location,
                         timestamp: startTime + time, device: .touch,
                         buttons: phase == .began || phase == .moved ? 1 : 0)
        }
        for frame in frames {
            let fingers = Set(frame.contacts.map(\.finger))
            for (finger, location) in down.sorted(by: { $0.key < $1.key }) where !fingers.contains(finger) {
                events.append(event(.ended, finger, location, frame.time))
                down[finger] = nil
            }
            for contact in frame.contacts {
                let location = place(contact.x, contact.y)
                if let was = down[contact.finger] {
                    if was != location { events.append(event(.moved, contact.finger, location, frame.time)) }
                } else {
                    events.append(event(.began, contact.finger, location, frame.time))
                }
                down[contact.finger] = location
            }
        }
        // Fingers still down: a cut takes the screen away, the end of a recording lifts them.
        let cut = frames.count < all.count ? cutAt : nil
        for (finger, location) in down.sorted(by: { $0.key < $1.key }) {
            events.append(event(cut == nil ? .ended : .cancelled, finger, location, cut ?? frames.last?.time ?? 0))
        }
        return events
    }

    /// Maps a position in device units onto the canvas: the screen's whole area fitted in.
    func touchPlacement(canvasSize: Size) -> @Sendable (Int32, Int32) -> Point {
        let xAxis = recording.axes[EvdevCode.absMTPositionX], yAxis = recording.axes[EvdevCode.absMTPositionY]
        let hasResolution = (xAxis?.resolution ?? 0) > 0 && (yAxis?.resolution ?? 0) > 0
        func span(_ axis: EvdevAxisInfo?) -> (minimum: Double, unit: Double, length: Double) {
            let minimum = Double(axis?.minimum ?? 0)
            let unit = hasResolution ? Double(axis!.resolution) : 1
            return (minimum, unit, max(Double(axis?.maximum ?? 0) - minimum, 1) / unit)
        }
        let x = span(xAxis), y = span(yAxis)
        let scale = min(canvasSize.width / x.length, canvasSize.height / y.length)
        let origin = Point((canvasSize.width - x.length * scale) / 2, (canvasSize.height - y.length * scale) / 2)
        return { rawX, rawY in
            origin + Point((Double(rawX) - x.minimum) / x.unit * scale, (Double(rawY) - y.minimum) / y.unit * scale)
        }
    }
}
