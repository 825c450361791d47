// The Linux evdev ioctls for tablets, and the clock their events are stamped with.
// EVIOC* are macros Swift cannot call, so each gets a one-line inline wrapper.
#include <linux/input.h>
#include <sys/ioctl.h>
#include <time.h>

/// Reads the range of absolute axis `axis` (EVIOCGABS); -1 with errno on failure.
static inline int kiln_evdev_absinfo(int fd, unsigned int axis, struct input_absinfo *info) {
    return ioctl(fd, EVIOCGABS(axis), info);
}

/// Reads the capability bits of event type `type`, or of the types when 0 (EVIOCGBIT).
static inline int kiln_evdev_bits(int fd, unsigned int type, unsigned char *bits, unsigned int length) {
    return ioctl(fd, EVIOCGBIT(type, length), bits);
}

/// Reads the keys and buttons held now (EVIOCGKEY), for a resync after SYN_DROPPED.
static inline int kiln_evdev_keys(int fd, unsigned char *bits, unsigned int length) {
    return ioctl(fd, EVIOCGKEY(length), bits);
}

/// Reads the device's name (EVIOCGNAME); the length written, or -1.
static inline int kiln_evdev_name(int fd, char *name, unsigned int length) {
    return ioctl(fd, EVIOCGNAME(length), name);
}

/// Asks for event timestamps on CLOCK_MONOTONIC instead of the wall clock (EVIOCSCLOCKID).
static inline int kiln_evdev_use_monotonic_clock(int fd) {
    int clock = CLOCK_MONOTONIC;
    return ioctl(fd, EVIOCSCLOCKID, &clock);
}

/// Seconds on CLOCK_MONOTONIC, the clock evdev timestamps use once asked to.
static inline double kiln_monotonic_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}
