// Tablet and touchscreen recordings (evemu-record text, `--evemu FILE`): `EvemuRecording`
// reads them and `EvemuReplay` turns them into pen or finger events on the canvas. Kiln does not write this format,
// so a recording that reads is checked for what a replay relies on: frames in time order,
// pressures in 0…1, finite places and times, contact that begins before it moves or ends.
// A refusal is one line, naming its line when a line is at fault.

import FuzzSupport
import KilnCore
import KilnPlatform

/// One input as a recording file, read and replayed whole and cut. libFuzzer calls it for every input it tries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let text = utf8Text(data, size) else { return 0 }
    let recording: EvemuRecording
    do {
        recording = try EvemuRecording(parsing: text, fileName: "fuzz.events")
    } catch let error as EvemuError {
        checkRefusal(error, text)
        return 0
    } catch {
        violated("a refusal that is not an EvemuError: \(error)")
    }
    checkFrames(recording)
    let replay = EvemuReplay(recording: recording)
    checkEvents(replay.events(anchor: Point(195, 422), canvasSize: Size(390, 844)))
    let cut = EvemuReplay(recording: recording, cutAt: recording.duration / 2)
    checkEvents(cut.events(anchor: Point(195, 422), canvasSize: Size(390, 844)))
    return 0
}

private func checkRefusal(_ error: EvemuError, _ text: String) {
    requireOneLine(error.description, "the refusal")
    if case .malformedLine = error.reason { requireLine(error.line, in: text, error.description) }
}

private func checkFrames(_ recording: EvemuRecording) {
    var last = 0.0
    for frame in recording.frames {
        require(frame.time >= last, "frame at \(frame.time) s after one at \(last) s")
        require(frame.events.last?.isSynReport == true, "a frame that does not end in SYN_REPORT")
        last = frame.time
    }
    for sample in recording.penSamples() {
        require((0...1).contains(sample.pressure), "pressure \(sample.pressure)")
        require(!sample.isInContact || sample.isInProximity, "contact out of proximity")
    }
}

private func checkEvents(_ events: [PointerEvent]) {
    var last = -Double.infinity
    // A pen is one pointer; a touchscreen's fingers are one each, by id.
    var down: Set<Int> = []
    for event in events {
        let isDown = down.contains(event.id)
        require(event.location.x.isFinite && event.location.y.isFinite, "location \(event.location)")
        require(event.timestamp.isFinite && event.timestamp >= last, "time \(event.timestamp) after \(last)")
        if let pressure = event.pressure { require((0...1).contains(pressure), "pressure \(pressure)") }
        switch event.phase {
        case .began:
            require(!isDown, "began while down")
            down.insert(event.id)
        case .moved:
            require(isDown, "moved while up")
        case .ended, .cancelled:
            require(isDown, "\(event.phase) while up")
            down.remove(event.id)
        case .hover:
            require(!isDown, "hover while down")
        }
        last = event.timestamp
    }
}
