// A Cairo recording surface and its context, owned: what librsvg draws on it is kept as
// operations, whose extent Cairo knows without a pixel being drawn.
import CCairo
import KilnCore

final class VectorRecording {
    let surface: OpaquePointer
    let cr: OpaquePointer

    /// A recording limited to `extent` (drawing outside it is dropped, as on a canvas).
    init(extent: Rect) {
        var bounds = cairo_rectangle_t(x: extent.minX, y: extent.minY, width: extent.width, height: extent.height)
        surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &bounds)
        cr = cairo_create(surface)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// The box around every operation recorded that marks the surface; `nil` when none does.
    var inkExtent: Rect? {
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0
        cairo_recording_surface_ink_extents(surface, &x, &y, &width, &height)
        return width > 0 && height > 0 ? Rect(x: x, y: y, width: width, height: height) : nil
    }

    /// Plays the recording onto `canvas`, whose top left corner is at `origin`.
    func replay(on canvas: CairoCanvas, origin: Point) {
        cairo_set_source_surface(canvas.cr, surface, -origin.x, -origin.y)
        cairo_paint(canvas.cr)
    }
}
