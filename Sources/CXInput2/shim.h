// Xlib and XInput2 for the pen reader. XISetMask and XIMaskLen are macros Swift cannot
// call, so each gets a one-line inline wrapper.
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>

/// Sets bit `event` in an XInput2 event mask (XISetMask).
static inline void kiln_xi_set_mask(unsigned char *mask, int event) {
    XISetMask(mask, event);
}

/// Bytes an XInput2 event mask needs to hold bit `event` (XIMaskLen).
static inline int kiln_xi_mask_length(int event) {
    return XIMaskLen(event);
}
