// Decodes a touchscreen's multi-touch events into fingers, frame by frame, following the
// kernel's multi-touch protocol. Limits: positions and pressure only (no size or
// orientation); `SYN_DROPPED` is not resynchronized; protocol A contacts are matched to the frame before
// by nearest position, greedily, with no distance limit; slots past the 64th and contacts
// past 64 in a frame are left out, so a corrupt file cannot make decoding slow.

/// Event codes of the multi-touch protocol (from `linux/input-event-codes.h`).
extension EvdevCode {
    /// `SYN_MT_REPORT`: ends one contact's packet (protocol A).
    static let synMTReport: UInt16 = 0x02
    /// `ABS_MT_SLOT`: the slot the events that follow update (protocol B).
    static let absMTSlot: UInt16 = 0x2f
    /// `ABS_MT_POSITION_X`: a contact's horizontal position.
    static let absMTPositionX: UInt16 = 0x35
    /// `ABS_MT_POSITION_Y`: a contact's vertical position.
    static let absMTPositionY: UInt16 = 0x36
    /// `ABS_MT_TRACKING_ID`: a slot's contact; -1 frees the slot (protocol B).
    static let absMTTrackingID: UInt16 = 0x39
    /// `ABS_MT_PRESSURE`: how hard a contact presses, in the axis's own range.
    static let absMTPressure: UInt16 = 0x3a
    /// `INPUT_PROP_POINTER`: the device moves a pointer, as a touchpad does.
    static let inputPropPointer: UInt16 = 0x00
    /// `INPUT_PROP_DIRECT`: the device is a screen, touched where it shows.
    static let inputPropDirect: UInt16 = 0x01
}

/// One finger on the screen in one frame, in device units.
struct TouchContact: Equatable, Sendable {
    /// The finger's number, 0 for the first to touch in the recording, counting up.
    var finger: Int
    var x: Int32
    var y: Int32
    /// `ABS_MT_PRESSURE` in device units, where the device reports it.
    var pressure: Int32? = nil
}

/// The fingers on the screen after one `SYN_REPORT`, in finger order.
struct TouchFrame: Equatable, Sendable {
    /// Seconds since the recording's first frame.
    var time: Double
    var contacts: [TouchContact]
}

/// Turns frames of multi-touch events into the fingers on the screen after each.
enum EvemuTouchDecoder {
    /// The most fingers followed at once: slots 0 to 63, or 64 contacts in a frame.
    static let maximumContacts = 64

    /// Protocol B (slots and tracking ids) when the device declares `ABS_MT_SLOT`, A otherwise.
    static func frames(of recording: EvemuRecording) -> [TouchFrame] {
        recording.axes[EvdevCode.absMTSlot] != nil
            ? slotFrames(recording.frames) : anonymousFrames(recording.frames)
    }

    /// Protocol B: each slot keeps its contact and position until told otherwise; a new
    /// tracking id in a slot is a new finger, -1 lifts the slot's finger.
    static func slotFrames(_ frames: [EvemuRecording.Frame]) -> [TouchFrame] {
        struct Slot { var finger: Int?; var x: Int32?; var y: Int32?; var pressure: Int32? }
        var slots: [Int32: Slot] = [:]
        var current: Int32 = 0
        var nextFinger = 0
        return frames.map { frame in
            for event in frame.events where event.type == EvdevCode.evAbs {
                switch event.code {
                case EvdevCode.absMTSlot:
                    current = event.value
                case _ where !(0..<Int32(maximumContacts)).contains(current):
                    break
                case EvdevCode.absMTTrackingID where event.value < 0:
                    slots[current, default: Slot()].finger = nil
                case EvdevCode.absMTTrackingID:
                    slots[current, default: Slot()].finger = nextFinger
                    nextFinger += 1
                case EvdevCode.absMTPositionX:
                    slots[current, default: Slot()].x = event.value
                case EvdevCode.absMTPositionY:
                    slots[current, default: Slot()].y = event.value
                case EvdevCode.absMTPressure:
                    slots[current, default: Slot()].pressure = event.value
                default:
                    break
                }
            }
            let contacts = slots.values.compactMap { slot -> TouchContact? in
                guard let finger = slot.finger, let x = slot.x, let y = slot.y else { return nil }
                return TouchContact(finger: finger, x: x, y: y, pressure: slot.pressure)
            }
            return TouchFrame(time: frame.time, contacts: contacts.sorted { $0.finger < $1.finger })
        }
    }

    /// Protocol A: each frame lists its contacts anew, each packet ended by `SYN_MT_REPORT`;
    /// a contact is the finger of the frame before nearest to it, or a new finger, and a
    /// frame without contacts lifts them all.
    static func anonymousFrames(_ frames: [EvemuRecording.Frame]) -> [TouchFrame] {
        var previous: [TouchContact] = []
        var nextFinger = 0
        return frames.map { frame in
            var packets: [(x: Int32, y: Int32, pressure: Int32?)] = []
            var x: Int32?, y: Int32?, pressure: Int32?
            for event in frame.events {
                if event.type == EvdevCode.evAbs && event.code == EvdevCode.absMTPositionX { x = event.value }
                if event.type == EvdevCode.evAbs && event.code == EvdevCode.absMTPositionY { y = event.value }
                if event.type == EvdevCode.evAbs && event.code == EvdevCode.absMTPressure { pressure = event.value }
                let endsPacket = event.type == EvdevCode.evSyn
                    && (event.code == EvdevCode.synMTReport || event.code == EvdevCode.synReport)
                if endsPacket {
                    if let px = x, let py = y, packets.count < maximumContacts { packets.append((px, py, pressure)) }
                    (x, y, pressure) = (nil, nil, nil)
                }
            }
            let fingers = match(packets.map { ($0.x, $0.y) }, to: previous, nextFinger: &nextFinger)
            previous = zip(fingers, packets).map { TouchContact(finger: $0, x: $1.x, y: $1.y, pressure: $1.pressure) }
                .sorted { $0.finger < $1.finger }
            return TouchFrame(time: frame.time, contacts: previous)
        }
    }

    /// The finger of each packet: pairs of a packet and a finger before it are taken nearest
    /// first, each finger and packet once; packets left over are new fingers, in order.
    static func match(_ packets: [(x: Int32, y: Int32)], to previous: [TouchContact],
                      nextFinger: inout Int) -> [Int] {
        var pairs: [(distance: Double, packet: Int, contact: Int)] = []
        for (p, packet) in packets.enumerated() {
            for (c, contact) in previous.enumerated() {
                let dx = Double(packet.x) - Double(contact.x), dy = Double(packet.y) - Double(contact.y)
                pairs.append((dx * dx + dy * dy, p, c))
            }
        }
        pairs.sort { ($0.distance, $0.packet, $0.contact) < ($1.distance, $1.packet, $1.contact) }
        var fingers = [Int?](repeating: nil, count: packets.count)
        var taken = Set<Int>()
        for pair in pairs where fingers[pair.packet] == nil && !taken.contains(pair.contact) {
            fingers[pair.packet] = previous[pair.contact].finger
            taken.insert(pair.contact)
        }
        return fingers.map { finger in
            if let finger { return finger }
            defer { nextFinger += 1 }
            return nextFinger
        }
    }
}
