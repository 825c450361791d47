// Decodes bytes read from /dev/input/eventN into events. Limits: pure decoding of the
// 64-bit little-endian `struct input_event` (24 bytes); no device is opened here, and
// 32-bit layouts (16 bytes) and big-endian machines are not handled.

/// Turns a byte stream of Linux `struct input_event` records into events, across partial reads.
public struct EvdevStream: Sendable {
    /// Size of one `struct input_event` on 64-bit Linux: two Int64, two UInt16, one Int32.
    public static let eventSize = 24

    /// Bytes of an event that has not fully arrived yet.
    private var remainder: [UInt8] = []

    /// Makes a decoder with nothing pending.
    public init() {}

    /// How many bytes of an incomplete event are kept for the next call.
    public var pendingByteCount: Int { remainder.count }

    /// Decodes every complete event in `remainder + bytes`, keeping a trailing partial one.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [EvdevEvent] {
        var buffer = remainder
        buffer.append(contentsOf: bytes)
        let completeCount = buffer.count / Self.eventSize
        var events: [EvdevEvent] = []
        events.reserveCapacity(completeCount)
        for index in 0..<completeCount {
            events.append(Self.event(in: buffer, at: index * Self.eventSize))
        }
        remainder = Array(buffer[(completeCount * Self.eventSize)...])
        return events
    }

    /// Forgets a pending partial event, as after reopening the device.
    public mutating func reset() {
        remainder.removeAll()
    }

    /// Reads one event starting at `offset`: sec, usec, type, code, value.
    private static func event(in buffer: [UInt8], at offset: Int) -> EvdevEvent {
        let seconds = Int64(bitPattern: littleEndian(buffer, offset, width: 8))
        let micros = Int64(bitPattern: littleEndian(buffer, offset + 8, width: 8))
        let type = UInt16(truncatingIfNeeded: littleEndian(buffer, offset + 16, width: 2))
        let code = UInt16(truncatingIfNeeded: littleEndian(buffer, offset + 18, width: 2))
        let valueBits = UInt32(truncatingIfNeeded: littleEndian(buffer, offset + 20, width: 4))
        let value = Int32(bitPattern: valueBits)
        return EvdevEvent(
            microseconds: seconds &* 1_000_000 &+ micros, type: type, code: code, value: value)
    }

    /// Assembles `width` bytes at `offset` as an unsigned little-endian integer.
    private static func littleEndian(_ buffer: [UInt8], _ offset: Int, width: Int) -> UInt64 {
        var result: UInt64 = 0
        for byte in (0..<width).reversed() {
            result = result << 8 | UInt64(buffer[offset + byte])
        }
        return result
    }
}
