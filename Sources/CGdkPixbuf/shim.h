// gdk-pixbuf behind a few plain-typed calls: Swift sees no GLib type and no GError.
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <gdk-pixbuf/gdk-pixbuf.h>

/// The pixel size in the image file's header, read without decoding it; 0 when no loader
/// recognizes the file.
static inline int kiln_image_size(const char *path, int *width, int *height) {
    return gdk_pixbuf_get_file_info(path, width, height) != NULL;
}

/// Decodes the image at `path` (the first frame of an animation), turned as its EXIF
/// orientation says. NULL on failure, with `*message` malloc'd.
static inline GdkPixbuf *kiln_image_load(const char *path, char **message) {
    GError *error = NULL;
    GdkPixbuf *decoded = gdk_pixbuf_new_from_file(path, &error);
    if (!decoded) {
        if (message) *message = strdup(error && error->message ? error->message : "unknown error");
        if (error) g_error_free(error);
        return NULL;
    }
    GdkPixbuf *turned = gdk_pixbuf_apply_embedded_orientation(decoded);
    g_object_unref(decoded);
    return turned;
}

static inline void kiln_image_free(GdkPixbuf *image) { if (image) g_object_unref(image); }

/// Writes `width` × `height` RGB pixels (rows of `stride` bytes) as a JPEG file of `quality`
/// (0–100): the images `kiln bench assets` decodes. 0 on failure.
static inline int kiln_image_save_jpeg(const unsigned char *rgb, int width, int height, int stride,
                                       int quality, const char *path) {
    GdkPixbuf *image = gdk_pixbuf_new_from_data(rgb, GDK_COLORSPACE_RGB, FALSE, 8, width, height, stride, NULL, NULL);
    if (!image) return 0;
    char level[8];
    snprintf(level, sizeof level, "%d", quality);
    GError *error = NULL;
    gboolean saved = gdk_pixbuf_save(image, path, "jpeg", &error, "quality", level, NULL);
    if (error) g_error_free(error);
    g_object_unref(image);
    return saved;
}
