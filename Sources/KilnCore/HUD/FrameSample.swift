/// What one frame cost, as the host that drew it measured it.
public struct FrameSample: Hashable, Sendable {
    /// When the frame started, in seconds on the host's clock.
    public var time: Double
    /// Milliseconds spent stepping the scene: input, the scene's own update, animations.
    public var update: Double
    /// Milliseconds spent flattening and compositing, rasterizing changed content included.
    public var render: Double
    /// Milliseconds spent handing the frame over: in the window this waits for vsync.
    public var present: Double

    /// A frame at `time`, with the milliseconds its update, render and present took.
    public init(time: Double, update: Double, render: Double, present: Double = 0) {
        self.time = time
        self.update = update
        self.render = render
        self.present = present
    }

    /// The whole frame in milliseconds.
    public var total: Double { update + render + present }
}
