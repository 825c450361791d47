/// One frame in the frame-time graph: where it sits on the time axis and how tall each of
/// its parts stands, stacked from the bottom (update, then render, then present).
import KilnCore

package struct FrameBar: Hashable, Sendable {
    /// The bar's left edge and width in points, in the graph's coordinates.
    package var minX: Double
    /// The bar's width in canvas points.
    package var width: Double
    /// Heights in points.
    package var update: Double
    /// The render part's height, in milliseconds.
    package var render: Double
    /// The present part's height, in milliseconds.
    package var present: Double

    /// A bar at `minX`, `width` wide, its parts in milliseconds.
    package init(minX: Double, width: Double, update: Double, render: Double, present: Double) {
        self.minX = minX
        self.width = width
        self.update = update
        self.render = render
        self.present = present
    }

    /// The whole bar's height.
    package var height: Double { update + render + present }
}

/// Lays frames out as bars on a time axis: the right edge is now, the left edge `span`
/// seconds ago; a frame's bar reaches from its start to the next frame's start and is as
/// tall as the frame took, up to `fullScale` milliseconds at the top.
package struct FrameTimeGraph: Sendable {
    /// The graph's size in canvas points.
    package var size: Size
    /// Seconds across the width.
    package var span: Double
    /// Milliseconds at the top edge; longer frames stand at full height.
    package var fullScale: Double

    /// A graph `size` large of the last `span` seconds, `fullScale` milliseconds at its top (two frames at 60 Hz).
    package init(size: Size, span: Double = 2, fullScale: Double = 100.0 / 3) {
        self.size = size
        self.span = span
        self.fullScale = fullScale
    }

    /// How far up a frame time of `milliseconds` stands, in points from the bottom.
    package func height(ofMilliseconds milliseconds: Double) -> Double {
        guard fullScale > 0 else { return 0 }
        return min(max(milliseconds, 0), fullScale) / fullScale * size.height
    }

    /// Where time `t` (seconds, on the samples' clock) falls, in points from the left.
    package func x(ofTime t: Double, now: Double) -> Double {
        size.width * (1 - (now - t) / span)
    }

    /// The bars of `samples` (oldest first) at time `now`; frames wholly before the left
    /// edge are left out and a bar cut by it starts at 0.
    package func bars(for samples: [FrameSample], now: Double) -> [FrameBar] {
        var bars: [FrameBar] = []
        bars.reserveCapacity(samples.count)
        for (i, sample) in samples.enumerated() {
            let end = i + 1 < samples.count ? samples[i + 1].time : max(now, sample.time)
            let right = min(x(ofTime: end, now: now), size.width)
            let left = max(x(ofTime: sample.time, now: now), 0)
            guard right > 0, right > left else { continue }
            let total = sample.total
            let height = self.height(ofMilliseconds: total)
            let share = total > 0 ? height / total : 0
            bars.append(FrameBar(minX: left, width: right - left, update: sample.update * share,
                                 render: sample.render * share, present: sample.present * share))
        }
        return bars
    }

    /// The bars as three filled paths, one per part, so each part takes one colour. A thin
    /// gap separates bars that are wide enough to show it.
    package func paths(for bars: [FrameBar]) -> (update: Path, render: Path, present: Path) {
        var update = Path(), render = Path(), present = Path()
        for bar in bars {
            let width = bar.width > 2 ? bar.width - 0.5 : bar.width
            var bottom = size.height
            func stack(_ height: Double, on path: inout Path) {
                guard height > 0 else { return }
                path.addPath(Path(rect: Rect(bar.minX, bottom - height, width, height)))
                bottom -= height
            }
            stack(bar.update, on: &update)
            stack(bar.render, on: &render)
            stack(bar.present, on: &present)
        }
        return (update, render, present)
    }
}
