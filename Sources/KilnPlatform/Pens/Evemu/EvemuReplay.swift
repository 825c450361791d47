// Replays an evemu pen recording as pointer events on the canvas (a touchscreen's is in
// EvemuReplay+Touch.swift). Limits: the pen tool only
// (PenStateMachine ignores the eraser and other tools); one pointer, id 1; positions are
// relative, anchored at a point the caller gives, since a tablet's absolute position means
// nothing on a phone-sized canvas.

import KilnCore
import KilnRuntime

/// An evemu recording turned into a timeline of `PointerEvent`s from a pen, or from the
/// fingers of a touchscreen (`EvemuRecording.isTouchscreen`; see `events(anchor:canvasSize:startTime:)`).
///
/// - Place: the recording's first press (its first contact lasting at least
///   `minimumPressDuration`, so a graze of the tip before it does not count; the first contact
///   when none lasts that long) lands on `anchor`, and every other sample keeps its offset
///   from it at the tablet's physical size: millimetres from the `A:` resolution, at
///   `pointsPerMillimetre`. A recording whose X and Y axes give no resolution has the tablet's
///   width fitted to the canvas width instead.
/// - Pressure: normalized by the recording's own `A: 18` range; `pressureSource` "evemu".
/// - Phases: `began`, `moved` and `ended` follow contact (the `ended` event keeps the last
///   contact's pressure, as scripts do); a pen in proximity without contact sends `hover`
///   with pressure 0, as the tablet reports it.
/// - Time: the recording's own, starting `startTime` seconds into the scene.
/// - Cut (`cutAt`): the recording stops that many seconds after its first frame, as if the
///   tablet were unplugged there. A press going on at the cut is not lifted: one `moved`
///   event without pressure says the pen is gone (the scene falls back to time, P2), the
///   press is held where it was, and since nothing can lift a pen that is gone, the replay
///   lets go for it `PenLoss.heldPressDuration` seconds later with `cancelled`, which never
///   confirms.
public struct EvemuReplay: Sendable {
    /// One typographic point per 1/72 inch: a stroke keeps its physical size on a desktop
    /// screen, and a typical tablet gesture stays on a phone-sized canvas (at an iPhone's
    /// 163 points per inch it would be 2.3 times larger and leave a 390 pt canvas).
    public static let pointsPerMillimetre = 72 / 25.4
    /// Contacts shorter than this (seconds) are grazes, not the press to anchor.
    public static let minimumPressDuration = 0.05
    /// Where a replay starts by default: shortly after the scene appears.
    public static let defaultStartTime = 0.5
    /// The pointer id of the replayed pen (scripts give the pen id 1 too).
    public static let pointerID = 1

    /// The recording being replayed.
    public let recording: EvemuRecording
    /// Seconds after the recording's first frame at which it is cut off, as if the tablet
    /// were unplugged there; `nil` plays it whole.
    public var cutAt: Double?

    /// A replay of `recording`, cut off `cutAt` seconds in when given.
    public init(recording: EvemuRecording, cutAt: Double? = nil) {
        self.recording = recording
        self.cutAt = cutAt
    }

    /// The recording's samples as pointer events, its first press landing on `anchor`;
    /// with `cutAt`, only its first `cutAt` seconds, ending as an unplugged tablet would.
    /// A touchscreen's fingers ignore `anchor`: its whole area is fitted to the canvas.
    public func events(anchor: Point, canvasSize: Size,
                       startTime: Double = EvemuReplay.defaultStartTime) -> [PointerEvent] {
        if recording.isTouchscreen { return touchEvents(canvasSize: canvasSize, startTime: startTime) }
        let cut = cutAt
        let all = recording.penSamples()
        // The anchor is the whole recording's, so a cut never moves where the pen lands.
        guard let anchorSample = Self.anchorSample(in: all) else { return [] }
        let samples = cut.map { cut in all.filter { $0.time <= cut } } ?? all
        let place = placement(canvasSize: canvasSize)
        let offset = anchor - place(anchorSample)
        var events: [PointerEvent] = []
        var contactPressure: Double?
        func event(_ phase: PointerPhase, _ sample: PenSample, pressure: Double?, at time: Double? = nil) -> PointerEvent {
            PointerEvent(id: Self.pointerID, phase: phase, location: place(sample) + offset,
                         timestamp: startTime + (time ?? sample.time), device: .pen, pressure: pressure,
                         pressureSource: pressure == nil ? nil : "evemu",
                         buttons: phase == .began || phase == .moved ? 1 : 0)
        }
        for sample in samples {
            if sample.isInContact {
                events.append(event(contactPressure == nil ? .began : .moved, sample, pressure: sample.pressure))
                contactPressure = sample.pressure
                continue
            }
            if let pressure = contactPressure {
                events.append(event(.ended, sample, pressure: pressure))
                contactPressure = nil
            }
            if sample.isInProximity { events.append(event(.hover, sample, pressure: 0)) }
        }
        if let pressure = contactPressure, let last = samples.last {
            if let cut, samples.count < all.count {
                // The tablet is gone mid-press: the press is held without pressure, then let go.
                events.append(event(.moved, last, pressure: nil, at: cut))
                events.append(event(.cancelled, last, pressure: nil, at: cut + PenLoss.heldPressDuration))
            } else {
                // A recording that ends mid-stroke still lifts the pen, so no touch is left down.
                events.append(event(.ended, last, pressure: pressure))
            }
        }
        return events
    }

    /// The pen's loss, at scene time, when the replay is cut off before its end.
    package func loss(startTime: Double = EvemuReplay.defaultStartTime) -> PenLoss? {
        guard !recording.isTouchscreen else { return nil }
        let samples = recording.penSamples()
        guard let cut = cutAt, let last = samples.last, cut < last.time else { return nil }
        let atCut = samples.last { $0.time <= cut }
        return PenLoss(deviceName: recording.penDevice.name, source: "evemu", time: startTime + cut,
                       wasPressing: atCut?.isInContact ?? false)
    }

    /// The sample whose place lands on the anchor: the start of the first real press.
    static func anchorSample(in samples: [PenSample]) -> PenSample? {
        var firstContact: PenSample?
        var start: PenSample?
        for sample in samples {
            if sample.isInContact {
                if start == nil { start = sample }
                if firstContact == nil { firstContact = sample }
            } else if let began = start {
                if sample.time - began.time >= minimumPressDuration { return began }
                start = nil
            }
        }
        if let began = start, let last = samples.last, last.time - began.time >= minimumPressDuration {
            return began
        }
        return firstContact ?? samples.first
    }

    /// Maps a sample's raw position to points, up to the anchoring offset.
    func placement(canvasSize: Size) -> @Sendable (PenSample) -> Point {
        let device = recording.penDevice
        if let x = device.xAxis, let y = device.yAxis, x.resolution > 0, y.resolution > 0 {
            let scale = Self.pointsPerMillimetre
            return { sample in
                Point(Double(sample.x) / Double(x.resolution) * scale, Double(sample.y) / Double(y.resolution) * scale)
            }
        }
        let width = device.xAxis.map { Double($0.maximum) - Double($0.minimum) } ?? 0
        let scale = width > 0 ? canvasSize.width / width : 1
        return { sample in Point(Double(sample.x) * scale, Double(sample.y) * scale) }
    }
}
