/// What one frame cost, as the host that drew it measured it.
import KilnCore

package struct FrameSample: Hashable, Sendable {
    /// When the frame started, in seconds on the host's clock.
    package var time: Double
    /// Milliseconds spent stepping the scene: input, the scene's own update, animations.
    package var update: Double
    /// Milliseconds spent flattening and compositing, rasterizing changed content included.
    package var render: Double
    /// Milliseconds spent handing the frame over: in the window this waits for vsync.
    package var present: Double

    /// A frame at `time`, with the milliseconds its update, render and present took.
    package init(time: Double, update: Double, render: Double, present: Double = 0) {
        self.time = time
        self.update = update
        self.render = render
        self.present = present
    }

    /// The whole frame in milliseconds.
    package var total: Double { update + render + present }
}
