/// A layer's motion at one drawn frame, as it showed on the canvas.
import KilnCore

package struct MotionSample: Hashable, Sendable {
    /// Scene time of the frame, in seconds.
    package var time: Double
    /// Where the layer's anchor point was, in canvas points.
    package var position: Point
    /// The scale along the layer's x and y axes (width and height), through its ancestors.
    package var scale: Size
    /// The rotation in radians, clockwise on screen, through its ancestors.
    package var rotation: Double
    /// The opacity the layer was drawn with: its own times its ancestors'.
    package var opacity: Double

    /// A sample of these values at `time`.
    package init(time: Double, position: Point, scale: Size, rotation: Double, opacity: Double) {
        self.time = time
        self.position = position
        self.scale = scale
        self.rotation = rotation
        self.opacity = opacity
    }

    /// What `layer` presents now (animations write their presented values into the layer,
    /// so this is the frame just advanced), at scene time `time`.
    package init(of layer: Layer, at time: Double) {
        let toCanvas = Self.transformToCanvas(of: layer)
        var opacity = layer.opacity
        var ancestor = layer.superlayer
        while let parent = ancestor {
            opacity *= parent.opacity
            ancestor = parent.superlayer
        }
        let bounds = layer.bounds
        let anchor = Point(x: bounds.minX + layer.anchorPoint.x * bounds.width,
                           y: bounds.minY + layer.anchorPoint.y * bounds.height)
        let parts = Transform.Decomposition(toCanvas)
        self.init(time: time, position: toCanvas.apply(to: anchor), scale: parts.scale,
                  rotation: parts.rotation, opacity: opacity)
    }

    /// Maps `layer`'s own coordinates onto the canvas, through every ancestor's transform
    /// and the root's own, as the layer outlines and the render list take them.
    package static func transformToCanvas(of layer: Layer) -> Transform {
        var transform = layer.transformToSuperlayer
        var ancestor = layer.superlayer
        while let parent = ancestor {
            transform = transform.concatenating(parent.transformToSuperlayer)
            ancestor = parent.superlayer
        }
        return transform
    }
}

/// The last seconds of one layer's motion, a sample per drawn frame: what the HUD's Motion
/// panel plots.
///
/// Samples are taken in scene time, so slow motion spreads a motion over more frames and a
/// pause adds none. A frame earlier than the last (a step or scrub back, a scene started
/// again) or another layer starts the history afresh.
package struct MotionHistory: Sendable {
    /// How many seconds of scene time are kept.
    package var window: Double
    /// The kept samples, oldest first.
    package private(set) var samples: [MotionSample] = []
    /// The layer sampled, by its `id`; `nil` before the first sample.
    package private(set) var layerID: Int?
    /// Counts changes, so a drawing can tell whether anything changed.
    package private(set) var revision = 0

    /// An empty history keeping the last `window` seconds.
    package init(window: Double = 2) {
        self.window = window
    }

    /// Samples `layer` at scene time `time`.
    package mutating func record(_ layer: Layer, at time: Double) {
        if layer.id != layerID {
            removeAll()
            layerID = layer.id
        }
        append(MotionSample(of: layer, at: time))
    }

    /// Adds a sample and forgets those older than the window. A sample at the last one's
    /// time (a paused scene) replaces it; an earlier one starts the history afresh.
    package mutating func append(_ sample: MotionSample) {
        if let last = samples.last {
            if sample.time < last.time {
                samples.removeAll(keepingCapacity: true)
            } else if sample.time == last.time {
                guard sample != last else { return }
                samples.removeLast()
            }
        }
        samples.append(sample)
        let cutoff = sample.time - window
        if let kept = samples.firstIndex(where: { $0.time >= cutoff }), kept > 0 {
            samples.removeFirst(kept)
        }
        revision += 1
    }

    /// Forgets every sample and the layer.
    package mutating func removeAll() {
        guard layerID != nil || !samples.isEmpty else { return }
        samples.removeAll(keepingCapacity: true)
        layerID = nil
        revision += 1
    }
}
