// Replays an evemu touchscreen recording as touch pointers, one per finger, with pressure
// where the screen measures it (`ABS_MT_PRESSURE`). Limits: the whole screen is fitted to the
// canvas, so a recording from a screen of another shape leaves bands at two edges.

import KilnCore
import KilnRuntime

extension EvemuReplay {
    /// A touchscreen recording's fingers as pointer events.
    ///
    /// - Place: the screen's full area (the `ABS_MT_POSITION_X` and `_Y` ranges, in
    ///   millimetres when both give a resolution) is fitted into the canvas, keeping its
    ///   aspect and centred.
    /// - Fingers: each finger is a `touch` pointer of its own, ids 10, 11, … in the order the
    ///   fingers first touch; `began` when it touches, `moved` on each frame it moves or
    ///   presses otherwise, `ended` where it was last when it lifts (or when the recording
    ///   ends), with its last pressure.
    /// - Pressure: `ABS_MT_PRESSURE` normalized by the recording's own range, `pressureSource`
    ///   "evemu"; `nil` on a screen without that axis.
    /// - Cut (`cutAt`): fingers still down at the cut are `cancelled` there, without pressure,
    ///   as a pen's press is when its tablet is lost.
    func touchEvents(canvasSize: Size, startTime: Double) -> [PointerEvent] {
        let place = touchPlacement(canvasSize: canvasSize)
        let pressure = touchPressure()
        let all = EvemuTouchDecoder.frames(of: recording)
        let frames = cutAt.map { cut in all.filter { $0.time <= cut } } ?? all
        var down: [Int: (location: Point, pressure: Double?)] = [:]
        var events: [PointerEvent] = []
        func event(_ phase: PointerPhase, _ finger: Int, _ location: Point, _ pressure: Double?,
                   _ time: Double) -> PointerEvent {
            PointerEvent(id: ScriptPlayer.fingerPointerID(finger), phase: phase, location: location,
                         timestamp: startTime + time, device: .touch, pressure: pressure,
                         pressureSource: pressure == nil ? nil : "evemu",
                         buttons: phase == .began || phase == .moved ? 1 : 0)
        }
        for frame in frames {
            let fingers = Set(frame.contacts.map(\.finger))
            for (finger, was) in down.sorted(by: { $0.key < $1.key }) where !fingers.contains(finger) {
                events.append(event(.ended, finger, was.location, was.pressure, frame.time))
                down[finger] = nil
            }
            for contact in frame.contacts {
                let now = (location: place(contact.x, contact.y), pressure: pressure(contact.pressure))
                if let was = down[contact.finger] {
                    if was != now { events.append(event(.moved, contact.finger, now.location, now.pressure, frame.time)) }
                } else {
                    events.append(event(.began, contact.finger, now.location, now.pressure, frame.time))
                }
                down[contact.finger] = now
            }
        }
        // Fingers still down: a cut takes the screen away, the end of a recording lifts them.
        let cut = frames.count < all.count ? cutAt : nil
        for (finger, was) in down.sorted(by: { $0.key < $1.key }) {
            events.append(cut == nil
                ? event(.ended, finger, was.location, was.pressure, frames.last?.time ?? 0)
                : event(.cancelled, finger, was.location, nil, cut!))
        }
        return events
    }

    /// Maps a contact's `ABS_MT_PRESSURE` onto 0…1 by the axis's range; `nil` where the
    /// screen has no such axis, or an empty range, or the contact gave no value.
    func touchPressure() -> @Sendable (Int32?) -> Double? {
        guard let axis = recording.axes[EvdevCode.absMTPressure], axis.maximum > axis.minimum else {
            return { _ in nil }
        }
        return { raw in raw.map(axis.normalized) }
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
