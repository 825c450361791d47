// Rasterizes only the part of a large layer that can show. A layer's content is rasterized
// whole while that costs at most a few canvases of pixels; past that (an SVG element reaching
// thousands of points past its document, a list far longer than the screen, a layer magnified
// many times), only the part over the canvas is, with a quarter of a canvas to spare on each
// side so that a layer moving a little keeps its pixels. It is rasterized again when the part that
// shows leaves what was rasterized. Limits: what lies past the margin is not drawn into the
// texture, so a shadow or a filter reaching from there into the canvas is cut at the margin's
// edge; the margin is far wider than any shadow a scene gives.
@_spi(Fuzzing) import KilnCore

extension Compositor {
    /// What of an item's content to rasterize, and how finely.
    struct RasterPlan: Equatable {
        /// Device pixels per point the content is rasterized at.
        var scale: Double
        /// The part of the content to rasterize, in the layer's coordinates: all of it, or
        /// for a large layer the part that can show with a margin round it.
        var rect: Rect
        /// The part that shows in this frame: a raster covering it can be drawn again.
        var shown: Rect
        /// Whether `rect` is less than the whole content.
        var isPart: Bool
    }

    /// How many canvases of pixels a layer may take before only its visible part is rasterized.
    static let canvasesPerLayer = 4.0

    /// The fewest pixels a layer may take whatever the canvas: a small canvas still draws a
    /// layer a few times its size whole.
    static let minimumLayerPixels = 1 << 18

    /// How much of the canvas's width and height is added on each side of what shows: the
    /// part is then 2¼ canvases at most, under the budget even rasterized a quarter octave
    /// finer than shown.
    static let motionMargin = 0.25

    /// Pixels a raster may add to its rectangle at its scale on each axis: the rasterizer's
    /// margin, rounding up, and the part's edges put on whole pixels.
    private static let partSlack = 5.0

    /// The most pixels one layer's raster may hold for a canvas area of `canvasPixels`.
    static func layerPixelBudget(canvasPixels: Double) -> Double {
        max(Double(minimumLayerPixels), canvasesPerLayer * canvasPixels)
    }

    /// The plan for `item`, whose content is wanted at `wanted` pixels per point, on the
    /// canvas area `canvas` (device pixels) of `viewport`; `nil` when nothing of it can be drawn.
    static func rasterPlan(for item: RenderItem, wanted: Double, viewport: Viewport, canvas: PixelBox) -> RasterPlan? {
        let whole = item.contentRect
        guard let wholeScale = rasterScale(of: whole, wanted: wanted) else { return nil }
        let canvasPixels = Double(max(canvas.maxX - canvas.minX, 1) * max(canvas.maxY - canvas.minY, 1))
        let budget = layerPixelBudget(canvasPixels: canvasPixels)
        let wholePixels = (whole.width * wanted + partSlack) * (whole.height * wanted + partSlack)
        guard wholePixels > budget else {
            return RasterPlan(scale: wholeScale, rect: whole, shown: whole, isPart: false)
        }
        guard let shown = visiblePart(of: item, viewport: viewport, canvas: canvas, margin: 0),
              let reach = visiblePart(of: item, viewport: viewport, canvas: canvas, margin: motionMargin),
              let byLimits = rasterScale(of: reach, wanted: wanted) else { return nil }
        let scale = min(byLimits, scaleWithin(budget, width: reach.width, height: reach.height))
        return RasterPlan(scale: scale, rect: snapped(reach, within: whole, scale: scale), shown: shown, isPart: true)
    }

    /// The largest scale at which `width` × `height` points, with `partSlack` pixels more on
    /// each axis, take at most `budget` pixels.
    static func scaleWithin(_ budget: Double, width: Double, height: Double) -> Double {
        let area = width * height
        guard area > 0 else { return .infinity }
        // (w·s + k)(h·s + k) = budget, solved for s.
        let k = partSlack, sum = (width + height) * k
        return (-sum + (sum * sum - 4 * area * (k * k - budget)).squareRoot()) / (2 * area)
    }

    /// The part of the item's content over the canvas area, grown by `margin` of the canvas's
    /// width and height on each side, in the layer's coordinates; `nil` when none of it is.
    static func visiblePart(of item: RenderItem, viewport: Viewport, canvas: PixelBox, margin: Double) -> Rect? {
        let toDevice = item.transform.concatenating(Transform(a: viewport.scale, b: 0, c: 0, d: viewport.scale,
                                                              tx: viewport.offset.x, ty: viewport.offset.y))
        guard let toLocal = toDevice.inverted() else { return nil }
        let width = Double(canvas.maxX - canvas.minX), height = Double(canvas.maxY - canvas.minY)
        let area = Rect(x: Double(canvas.minX) - width * margin, y: Double(canvas.minY) - height * margin,
                        width: width * (1 + 2 * margin), height: height * (1 + 2 * margin))
        let local = Rect(enclosing: area.corners.map { toLocal.apply(to: $0) })
        guard local.minX.isFinite, local.minY.isFinite, local.maxX.isFinite, local.maxY.isFinite else { return nil }
        return local.intersection(item.contentRect)
    }

    /// `part` grown outwards to edges a whole number of pixels at `scale` from the corner of
    /// `whole`, and kept within `whole`: the part's pixels are then the whole's pixels.
    static func snapped(_ part: Rect, within whole: Rect, scale: Double) -> Rect {
        let step = 1 / scale
        func down(_ value: Double, from origin: Double) -> Double { origin + ((value - origin) / step).rounded(.down) * step }
        func up(_ value: Double, from origin: Double) -> Double { origin + ((value - origin) / step).rounded(.up) * step }
        let minX = max(whole.minX, down(part.minX, from: whole.minX)), minY = max(whole.minY, down(part.minY, from: whole.minY))
        let maxX = min(whole.maxX, up(part.maxX, from: whole.minX)), maxY = min(whole.maxY, up(part.maxY, from: whole.minY))
        return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }
}

extension Rect {
    /// Whether `other` lies inside this rectangle, give or take a rounding error.
    func covers(_ other: Rect) -> Bool {
        let tolerance = 1e-9 * max(1, abs(minX), abs(minY), abs(maxX), abs(maxY))
        return other.minX >= minX - tolerance && other.minY >= minY - tolerance
            && other.maxX <= maxX + tolerance && other.maxY <= maxY + tolerance
    }
}
