/// A line where a scene's behaviour changes, drawn by the HUD over the scene: the line a
/// dragged card is deleted past, the 60 and 260 pt zones of a swipe.
public struct ThresholdGuide: Hashable, Sendable {
    /// Short text beside the line: "archive 60", "delete past 60 %".
    public var label: String
    /// The line's ends in canvas points. The label sits at `start`.
    public var start: Point
    /// Where the line ends, in canvas points.
    public var end: Point

    /// A guide called `label` along the line from `start` to `end`, in canvas points.
    public init(label: String, from start: Point, to end: Point) {
        self.label = label
        self.start = start
        self.end = end
    }

    /// A horizontal line at `y` from `minX` to `maxX`, labelled at its left end.
    public static func horizontal(_ label: String, y: Double, from minX: Double, to maxX: Double) -> ThresholdGuide {
        ThresholdGuide(label: label, from: Point(x: minX, y: y), to: Point(x: maxX, y: y))
    }

    /// A vertical line at `x` from `minY` down to `maxY`, labelled at its top.
    public static func vertical(_ label: String, x: Double, from minY: Double, to maxY: Double) -> ThresholdGuide {
        ThresholdGuide(label: label, from: Point(x: x, y: minY), to: Point(x: x, y: maxY))
    }

    /// Whether the line runs more across than down.
    public var isHorizontal: Bool { abs(end.x - start.x) >= abs(end.y - start.y) }
}
