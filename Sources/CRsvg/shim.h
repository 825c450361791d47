// librsvg behind a few plain-typed calls, so that Swift sees no GLib or Cairo type and no
// GError: the Cairo context arrives as a pointer, and errors as a malloc'd message.
#include <string.h>
#include <stdlib.h>
#include <gio/gio.h>
#include <librsvg/rsvg.h>

/// Moves a GError's message into a malloc'd string for the caller to free, and frees it.
static inline void kiln_svg_take_error(GError *error, char **message) {
    if (message) *message = strdup(error && error->message ? error->message : "unknown error");
    if (error) g_error_free(error);
}

/// Loads the SVG held in `length` bytes, read by the caller from the file at `path`, then
/// takes `css` (may be NULL) as a user stylesheet. References resolve against the file's own
/// folder under librsvg's policy: files in that folder or below it, never URLs. NULL on
/// failure, with `*message` set.
static inline RsvgHandle *kiln_svg_load(const void *bytes, size_t length, const char *path,
                                        const char *css, size_t css_length, char **message) {
    GError *error = NULL;
    GFile *file = g_file_new_for_path(path);
    GInputStream *stream = g_memory_input_stream_new_from_data(bytes, (gssize)length, NULL);
    RsvgHandle *handle = rsvg_handle_new_with_flags(RSVG_HANDLE_FLAGS_NONE);
    rsvg_handle_set_base_gfile(handle, file);
    rsvg_handle_set_dpi(handle, 96);
    gboolean read = rsvg_handle_read_stream_sync(handle, stream, NULL, &error);
    g_object_unref(stream);
    g_object_unref(file);
    if (!read) { g_object_unref(handle); kiln_svg_take_error(error, message); return NULL; }
    // A user stylesheet applies to a loaded document.
    if (css && css_length > 0 && !rsvg_handle_set_stylesheet(handle, (const guint8 *)css, css_length, &error)) {
        g_object_unref(handle);
        kiln_svg_take_error(error, message);
        return NULL;
    }
    return handle;
}

static inline void kiln_svg_free(RsvgHandle *handle) { if (handle) g_object_unref(handle); }

/// The document's size in CSS pixels (points): its width and height, else its viewBox.
/// 0 when it has neither.
static inline int kiln_svg_size(RsvgHandle *handle, double *width, double *height) {
    if (rsvg_handle_get_intrinsic_size_in_pixels(handle, width, height) && *width > 0 && *height > 0) return 1;
    gboolean has_width, has_height, has_viewbox;
    RsvgLength w, h;
    RsvgRectangle viewbox;
    rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &w, &has_height, &h, &has_viewbox, &viewbox);
    if (has_viewbox && viewbox.width > 0 && viewbox.height > 0) {
        *width = viewbox.width;
        *height = viewbox.height;
        return 1;
    }
    return 0;
}

/// The ink rectangle (x, y, width, height) of the element `id` ("#name") laid out in a
/// viewport of `width` × `height`. 0 when there is no such element.
static inline int kiln_svg_element_ink(RsvgHandle *handle, const char *id, double width, double height, double *out) {
    RsvgRectangle viewport = { 0, 0, width, height }, ink, logical;
    if (!rsvg_handle_get_geometry_for_layer(handle, id, &viewport, &ink, &logical, NULL)) return 0;
    out[0] = ink.x; out[1] = ink.y; out[2] = ink.width; out[3] = ink.height;
    return 1;
}

/// Draws the element `id` ("#name"), or the whole document when `id` is NULL, on the Cairo
/// context `cairo` as the document lays it out in `x, y, width, height`.
static inline int kiln_svg_render(RsvgHandle *handle, void *cairo, const char *id,
                                  double x, double y, double width, double height, char **message) {
    RsvgRectangle viewport = { x, y, width, height };
    GError *error = NULL;
    gboolean drawn = id ? rsvg_handle_render_layer(handle, (cairo_t *)cairo, id, &viewport, &error)
                        : rsvg_handle_render_document(handle, (cairo_t *)cairo, &viewport, &error);
    if (!drawn) { kiln_svg_take_error(error, message); return 0; }
    return 1;
}
