// gdk-pixbuf behind a few plain-typed calls: Swift sees no GLib type and no GError.
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <gdk-pixbuf/gdk-pixbuf.h>

/// What a loader's header said, and whether Kiln refused it.
typedef struct {
    long limit;
    int width, height, refused;
} KilnImageHeader;

/// "size-prepared": runs once the header is read, before the loader allocates pixels. A size
/// past the limit is refused; 0 × 0 makes gdk-pixbuf's PNG, JPEG and GIF loaders stop with an
/// error there, and the caller stops feeding a loader that goes on (WebP's).
static void kiln_image_size_prepared(GdkPixbufLoader *loader, int width, int height, gpointer data) {
    KilnImageHeader *header = data;
    header->width = width;
    header->height = height;
    if (width <= 0 || height <= 0 || (long)width * (long)height > header->limit) {
        header->refused = 1;
        gdk_pixbuf_loader_set_size(loader, 0, 0);
    }
}

/// Decodes `count` bytes of an image of `type` ("png", "jpeg", "gif", "webp") from memory:
/// the first `first` bytes, then 4 kB at a time until the header has been read, then the rest
/// at once. Stops when the header is refused (more than `limit` pixels) or, with `header_only`,
/// once it is read. Returns the image turned as its EXIF orientation says, or NULL: refused
/// (`header->refused`), header only, or failed with `*message` malloc'd.
static inline GdkPixbuf *kiln_image_load(const unsigned char *bytes, size_t count, const char *type, size_t first,
                                         int header_only, KilnImageHeader *header, char **message) {
    GError *error = NULL;
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new_with_type(type, &error);
    if (!loader) {
        if (message) *message = strdup(error && error->message ? error->message : "no loader");
        if (error) g_error_free(error);
        return NULL;
    }
    g_signal_connect(loader, "size-prepared", G_CALLBACK(kiln_image_size_prepared), header);
    size_t fed = 0, step = first > 0 ? first : 4096;
    gboolean ok = TRUE;
    while (ok && fed < count && !header->refused && !(header_only && header->width > 0)) {
        size_t length = header->width > 0 ? count - fed : (step < count - fed ? step : count - fed);
        ok = gdk_pixbuf_loader_write(loader, bytes + fed, length, &error);
        fed += length;
        step = 4096;
    }
    if (header->refused || header_only) {
        gdk_pixbuf_loader_close(loader, NULL);
        g_object_unref(loader);
        if (error) g_error_free(error);
        return NULL;
    }
    if (ok) ok = gdk_pixbuf_loader_close(loader, &error);
    else gdk_pixbuf_loader_close(loader, NULL);
    GdkPixbuf *decoded = ok ? gdk_pixbuf_loader_get_pixbuf(loader) : NULL;
    GdkPixbuf *turned = decoded ? gdk_pixbuf_apply_embedded_orientation(decoded) : NULL;
    if (!turned && message) *message = strdup(error && error->message ? error->message : "no image in the data");
    if (error) g_error_free(error);
    g_object_unref(loader);
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
