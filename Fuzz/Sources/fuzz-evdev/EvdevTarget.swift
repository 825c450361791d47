// The evdev decoder (`EvdevStream`, then `PenStateMachine`) fed raw 64-bit `struct
// input_event` bytes, as `kiln` reads them from /dev/input/eventN. Kiln does not write these
// bytes, so the target checks what a reader relies on: the bytes decode to the same events
// however the reads split them, a partial event waits for the next read, and the pen
// decoder gives at most one sample per SYN_REPORT, pressures in 0…1 and no contact out of
// proximity, on a tablet with touch and proximity buttons and on one without.

import FuzzSupport
import KilnPlatform

/// One input as bytes read from an event device. libFuzzer calls it for every input it tries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvdev(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = bytes(data, size)
    var whole = EvdevStream()
    let events = whole.decode(input)
    require(events.count == input.count / EvdevStream.eventSize, "\(events.count) events from \(input.count) bytes")
    require(whole.pendingByteCount == input.count % EvdevStream.eventSize, "\(whole.pendingByteCount) bytes pending")
    checkSplitReads(input, events)
    for device in devices { checkPen(device, events) }
    return 0
}

/// Reads of 1 to 53 bytes, sizes taken from the input itself, give the same events.
private func checkSplitReads(_ input: [UInt8], _ events: [EvdevEvent]) {
    var stream = EvdevStream()
    var decoded: [EvdevEvent] = []
    var start = 0
    while start < input.count {
        let length = min(input.count - start, Int(input[start]) % 53 + 1)
        decoded += stream.decode(input[start..<(start + length)])
        start += length
    }
    require(decoded == events, "split reads decode \(decoded.count) events, one read \(events.count)")
}

/// A Wacom-like pen (BTN_TOUCH, BTN_TOOL_PEN, pressure 0…2047) and a bare one whose
/// pressure range is upside down, which must still give pressures in 0…1.
private let devices = [
    PenDevice(name: "pen", pressureAxis: EvdevAxisInfo(code: EvdevCode.absPressure, minimum: 0, maximum: 2047),
              xAxis: EvdevAxisInfo(code: EvdevCode.absX, minimum: 0, maximum: 44704, resolution: 200),
              yAxis: EvdevAxisInfo(code: EvdevCode.absY, minimum: 0, maximum: 27940, resolution: 200)),
    PenDevice(name: "bare", pressureAxis: EvdevAxisInfo(code: EvdevCode.absPressure, minimum: 255, maximum: -1),
              hasTouchButton: false, hasProximityButton: false),
]

private func checkPen(_ device: PenDevice, _ events: [EvdevEvent]) {
    var machine = PenStateMachine(device: device)
    var reports = 0
    var samples = 0
    for event in events {
        if event.isSynReport { reports += 1 }
        guard let sample = machine.consume(event) else { continue }
        samples += 1
        require(event.isSynReport, "a sample from an event that is not SYN_REPORT")
        checkSample(sample)
        if machine.syncState == .needsResync {
            checkSample(machine.resync(absoluteValues: [EvdevCode.absPressure: event.value], pressedKeys: [], time: event.seconds))
        }
    }
    require(samples <= reports, "\(samples) samples from \(reports) frames")
    if let last = machine.current, let left = machine.advance(to: last.time + 1) {
        require(!left.isInProximity && !left.isInContact, "a pen still near after its timeout")
    }
}

private func checkSample(_ sample: PenSample) {
    require((0...1).contains(sample.pressure), "pressure \(sample.pressure) from raw \(sample.rawPressure)")
    require(!sample.isInContact || sample.isInProximity, "contact out of proximity")
}
