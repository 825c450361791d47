import CCairo
import KilnCore

extension ContentRasterizer {
    /// Lays the string out with Pango inside the bounds and draws it.
    func drawText(_ layer: TextLayer, on canvas: CairoCanvas) {
        guard !layer.string.isEmpty else { return }
        let cr = canvas.cr
        let layout = pango_cairo_create_layout(cr)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        applyFontOptions(to: layout)

        let font = pango_font_description_new()!
        defer { pango_font_description_free(font) }
        pango_font_description_set_family(font, "\(layer.fontFamily),DejaVu Sans")
        pango_font_description_set_weight(font, PangoWeight(rawValue: UInt32(layer.fontWeight.rawValue)))
        pango_font_description_set_absolute_size(font, layer.fontSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_layout_set_text(layout, layer.string, -1)
        configureBox(layout, for: layer)

        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let textHeight = Double(logical.height) / Double(PANGO_SCALE)
        let top = layer.isVerticallyCentered ? (layer.bounds.height - textHeight) / 2 : 0
        cairo_move_to(cr, layer.bounds.minX, layer.bounds.minY + top)
        canvas.setColor(layer.foregroundColor)
        pango_cairo_show_layout(cr, layout)
    }

    /// Width, wrapping, truncation and alignment from the layer.
    private func configureBox(_ layout: OpaquePointer, for layer: TextLayer) {
        pango_layout_set_width(layout, Int32(layer.bounds.width * Double(PANGO_SCALE)))
        if layer.isWrapped {
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_height(layout, Int32(layer.bounds.height * Double(PANGO_SCALE)))
        } else {
            pango_layout_set_height(layout, -1)
        }
        let ellipsize: PangoEllipsizeMode = switch layer.truncationMode {
        case .none: PANGO_ELLIPSIZE_NONE
        case .start: PANGO_ELLIPSIZE_START
        case .middle: PANGO_ELLIPSIZE_MIDDLE
        case .end: PANGO_ELLIPSIZE_END
        }
        pango_layout_set_ellipsize(layout, ellipsize)
        let alignment: PangoAlignment = switch layer.alignmentMode {
        case .left, .justified: PANGO_ALIGN_LEFT
        case .center: PANGO_ALIGN_CENTER
        case .right: PANGO_ALIGN_RIGHT
        }
        pango_layout_set_alignment(layout, alignment)
        pango_layout_set_justify(layout, layer.alignmentMode == .justified ? 1 : 0)
    }

    /// Grey anti-aliasing, no hinting, unhinted metrics: the same shapes at every scale.
    private func applyFontOptions(to layout: OpaquePointer) {
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        let context = pango_layout_get_context(layout)
        pango_cairo_context_set_font_options(context, options)
        pango_layout_context_changed(layout)
    }
}
