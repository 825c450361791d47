// An open /dev/input/eventN: non-blocking reads and the ioctls that describe the device.
// Limits: Linux only; opened read-only and never grabbed (EVIOCGRAB), so the X server
// keeps moving the pointer with the same device; reading needs permission on the node
// (usually membership of group `input`).
import CEvdev
import Glibc

/// Why an event device could not be used, as one line for the user.
public struct EvdevOpenError: Error, CustomStringConvertible, Equatable {
    /// The device path.
    public var path: String
    /// What went wrong and, when there is one, what to do about it.
    public var reason: String

    /// Makes an error for `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `"<path>: <reason>"`.
    public var description: String { "\(path): \(reason)" }

    /// The error for an `errno` from opening or reading `path`.
    static func fromErrno(_ code: Int32, path: String) -> EvdevOpenError {
        let reason = switch code {
        case EACCES, EPERM:
            "permission denied; add yourself to group `input` (sudo usermod -aG input $USER, then log in again)"
        case ENOENT: "no such device"
        case ENODEV, ENXIO, EIO: "the device is gone (unplugged?)"
        case ENOTTY, EINVAL: "not an input event device"
        default: String(cString: strerror(code))
        }
        return EvdevOpenError(path: path, reason: reason)
    }
}

/// Owns an event device's file descriptor; closes it when released.
final class EvdevDeviceFile {
    /// The device path, as given.
    let path: String
    /// The open, non-blocking file descriptor.
    let descriptor: Int32
    /// Whether event timestamps are on CLOCK_MONOTONIC (otherwise the wall clock).
    let usesMonotonicClock: Bool

    /// Opens `path` read-only and non-blocking, with timestamps on the monotonic clock.
    init(path: String) throws(EvdevOpenError) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .fromErrno(errno, path: path) }
        self.path = path
        self.descriptor = descriptor
        // Without it, timestamps are wall-clock time; `usesMonotonicClock` says which.
        usesMonotonicClock = kiln_evdev_use_monotonic_clock(descriptor) == 0
    }

    /// Wraps an already open descriptor (a pipe in tests); the file takes ownership of it.
    init(descriptor: Int32, path: String, usesMonotonicClock: Bool) {
        self.descriptor = descriptor
        self.path = path
        self.usesMonotonicClock = usesMonotonicClock
    }

    deinit {
        close(descriptor)
    }

    /// The device's name, keys and absolute axes.
    func capabilities() throws(EvdevOpenError) -> EvdevCapabilities {
        var types = [UInt8](repeating: 0, count: 4)
        guard kiln_evdev_bits(descriptor, 0, &types, UInt32(types.count)) >= 0 else {
            throw .fromErrno(errno, path: path)
        }
        let typeCodes = evdevCodes(inBitmap: types)
        var keys: Set<UInt16> = []
        if typeCodes.contains(EvdevCode.evKey) {
            var bits = [UInt8](repeating: 0, count: Int(KEY_MAX) / 8 + 1)
            if kiln_evdev_bits(descriptor, UInt32(EvdevCode.evKey), &bits, UInt32(bits.count)) >= 0 {
                keys = evdevCodes(inBitmap: bits)
            }
        }
        var axes: [UInt16: EvdevAxisInfo] = [:]
        if typeCodes.contains(EvdevCode.evAbs) {
            var bits = [UInt8](repeating: 0, count: Int(ABS_MAX) / 8 + 1)
            if kiln_evdev_bits(descriptor, UInt32(EvdevCode.evAbs), &bits, UInt32(bits.count)) >= 0 {
                for code in evdevCodes(inBitmap: bits) {
                    axes[code] = axisInfo(code)
                }
            }
        }
        return EvdevCapabilities(name: name() ?? "unnamed device", keys: keys, axes: axes)
    }

    /// The device's name, or nil if it will not say.
    func name() -> String? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                kiln_evdev_name(descriptor, $0, UInt32(bytes.count - 1))
            }
        }
        guard length >= 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// The range and current value of absolute axis `code`, or nil if the device will not say.
    func axisInfo(_ code: UInt16) -> EvdevAxisInfo? {
        axisState(code)?.info
    }

    /// The axis range with its current value (`EVIOCGABS`).
    func axisState(_ code: UInt16) -> (info: EvdevAxisInfo, value: Int32)? {
        var raw = input_absinfo()
        guard kiln_evdev_absinfo(descriptor, UInt32(code), &raw) >= 0 else { return nil }
        let info = EvdevAxisInfo(code: code, minimum: raw.minimum, maximum: raw.maximum, fuzz: raw.fuzz,
                                 flat: raw.flat, resolution: raw.resolution)
        return (info, raw.value)
    }

    /// The keys and buttons held now (`EVIOCGKEY`), or nil if the device will not say.
    func pressedKeys() -> Set<UInt16>? {
        var bits = [UInt8](repeating: 0, count: Int(KEY_MAX) / 8 + 1)
        guard kiln_evdev_keys(descriptor, &bits, UInt32(bits.count)) >= 0 else { return nil }
        return evdevCodes(inBitmap: bits)
    }

    /// The keys held now and the current value of every axis in `axes`, or nil if the
    /// device will not give its keys; an axis it will not give is left out.
    func currentState(axes: some Sequence<UInt16>) -> EvdevDeviceState? {
        // Keys first: since Linux 3.12, EVIOCGKEY also drops the key events still queued
        // for this reader, which the state it returns supersedes.
        guard let keys = pressedKeys() else { return nil }
        var values: [UInt16: Int32] = [:]
        for code in axes {
            if let state = axisState(code) { values[code] = state.value }
        }
        return EvdevDeviceState(absoluteValues: values, pressedKeys: keys)
    }

    /// What one non-blocking read gave.
    enum ReadResult {
        /// Bytes that arrived.
        case bytes([UInt8])
        /// Nothing to read now.
        case empty
        /// The device is gone or broken; the error says why.
        case failed(EvdevOpenError)
    }

    /// Reads what is waiting, up to `capacity` bytes, without blocking.
    func read(capacity: Int = EvdevStream.eventSize * 64) -> ReadResult {
        var buffer = [UInt8](repeating: 0, count: capacity)
        let count = Glibc.read(descriptor, &buffer, capacity)
        if count > 0 { return .bytes(Array(buffer[..<count])) }
        if count == 0 { return .failed(EvdevOpenError(path: path, reason: "the device is gone (unplugged?)")) }
        let code = errno
        if code == EAGAIN || code == EWOULDBLOCK || code == EINTR { return .empty }
        return .failed(.fromErrno(code, path: path))
    }
}
