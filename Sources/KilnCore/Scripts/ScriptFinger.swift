import Foundation

/// A `pinch` step: two touch fingers come down on either side of `center`, move apart or
/// together along the line at `angle` until they are `endDistance` apart, and lift.
///
/// ```json
/// {"pinch": {"center": [195, 420], "from": 80, "to": 240, "angle": 0, "duration": 0.6}}
/// ```
public struct ScriptPinch: Hashable, Sendable {
    /// The point midway between the fingers, read when the step starts.
    public var center: ScriptPoint
    /// The distance between the fingers when they come down, in points.
    public var startDistance: Double
    /// The distance between the fingers when they lift, in points.
    public var endDistance: Double
    /// The direction from the first finger to the second, in degrees clockwise from the
    /// positive x axis (canvas y points down); 0 puts the fingers side by side.
    public var angle: Double
    /// Seconds from the fingers coming down to their lifting.
    public var duration: Double
    /// How the distance changes in time.
    public var curve: ScriptCurve

    /// A pinch from `startDistance` to `endDistance` about `center`.
    public init(center: ScriptPoint, startDistance: Double, endDistance: Double, angle: Double = 0,
                duration: Double = ScriptStep.defaultDragDuration, curve: ScriptCurve = .easeInOut) {
        self.center = center
        self.startDistance = startDistance
        self.endDistance = endDistance
        self.angle = angle
        self.duration = duration
        self.curve = curve
    }
}

/// A `rotate` step: two touch fingers `distance` apart come down about `center`, turn from
/// `startAngle` to `endAngle` (degrees, clockwise on the canvas), and lift.
///
/// ```json
/// {"rotate": {"center": [195, 420], "distance": 160, "from": 0, "to": 90, "duration": 0.8}}
/// ```
public struct ScriptRotation: Hashable, Sendable {
    /// The point midway between the fingers, read when the step starts.
    public var center: ScriptPoint
    /// The distance between the fingers, in points.
    public var distance: Double
    /// The direction from the first finger to the second when they come down, in degrees
    /// clockwise from the positive x axis.
    public var startAngle: Double
    /// That direction when they lift, in degrees.
    public var endAngle: Double
    /// Seconds from the fingers coming down to their lifting.
    public var duration: Double
    /// How the angle changes in time.
    public var curve: ScriptCurve

    /// A turn from `startAngle` to `endAngle` about `center`.
    public init(center: ScriptPoint, distance: Double, startAngle: Double = 0, endAngle: Double,
                duration: Double = ScriptStep.defaultDragDuration, curve: ScriptCurve = .easeInOut) {
        self.center = center
        self.distance = distance
        self.startAngle = startAngle
        self.endAngle = endAngle
        self.duration = duration
        self.curve = curve
    }
}

/// One finger of a `fingers` step: down at its path's first point, through the others at
/// their times, up at the last.
public struct ScriptFinger: Hashable, Sendable {
    /// The points the finger passes, at least two, times never decreasing.
    public var path: [ScriptKeyframe]

    /// A finger along `path`.
    public init(path: [ScriptKeyframe]) {
        self.path = path
    }

    /// A finger dragged from `from` to `to`, coming down `start` seconds into its step.
    public init(from: ScriptPoint, to: ScriptPoint, start: Double = 0,
                duration: Double = ScriptStep.defaultDragDuration, curve: ScriptCurve = .easeInOut) {
        path = [ScriptKeyframe(time: start, point: from), ScriptKeyframe(time: start + duration, point: to, curve: curve)]
    }

    /// Seconds from the step's start to the finger coming down.
    public var startTime: Double { path.first?.time ?? 0 }
    /// Seconds from the step's start to the finger lifting.
    public var endTime: Double { path.last?.time ?? 0 }
}

/// A point a finger passes, at a time from its step's start.
public struct ScriptKeyframe: Hashable, Sendable {
    /// Seconds from the step's start.
    public var time: Double
    /// Where the finger is then, read when the step starts.
    public var point: ScriptPoint
    /// How the finger moves from the point before to this one.
    public var curve: ScriptCurve

    /// A point passed at `time`, reached along `curve`.
    public init(time: Double, point: ScriptPoint, curve: ScriptCurve = .linear) {
        self.time = time
        self.point = point
        self.curve = curve
    }
}
