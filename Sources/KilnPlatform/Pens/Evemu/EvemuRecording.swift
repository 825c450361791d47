// A pen-tablet or touchscreen recording made with evemu-record, parsed for replay. Limits: reads whole
// files into memory (recordings are small); the device description may sit in the same
// file or, as with the Intuos4 fixtures, in a separate `.desc` file.

import Foundation
import KilnCore

/// An evemu recording: the device's description and its events grouped into frames.
public struct EvemuRecording: Sendable {
    /// The `I:` line: how the device identifies itself on its bus.
    public struct DeviceID: Equatable, Hashable, Sendable {
        /// Bus type, such as 0x03 for USB.
        public var bus: UInt16
        /// USB vendor id, such as 0x056a for Wacom.
        public var vendor: UInt16
        /// Product id.
        public var product: UInt16
        /// Version number.
        public var version: UInt16

        /// Makes an id from its four numbers.
        public init(bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
            self.bus = bus
            self.vendor = vendor
            self.product = product
            self.version = version
        }
    }

    /// The events up to and including one `SYN_REPORT`.
    public struct Frame: Equatable, Sendable {
        /// Seconds since the recording's first frame, from the frame's first event.
        public var time: Double
        /// The frame's events, timestamps relative to the first frame, `SYN_REPORT` last.
        public var events: [EvdevEvent]

        /// Makes a frame.
        public init(time: Double, events: [EvdevEvent]) {
            self.time = time
            self.events = events
        }
    }

    /// The device name (`N:`, or the commented header's `Input device name`).
    public let deviceName: String
    /// The bus, vendor, product and version, when the file gives them.
    public let deviceID: DeviceID?
    /// Every absolute axis the device declares, by code.
    public let axes: [UInt16: EvdevAxisInfo]
    /// The device's input properties (`P:`), such as `INPUT_PROP_DIRECT` (1).
    public let properties: Set<UInt16>
    /// The `EV_KEY` codes the device declares or sends, such as `BTN_TOUCH`.
    public let keyCodes: Set<UInt16>
    /// The events in frames, the first at time 0 whatever the file's timestamp style.
    public let frames: [Frame]

    /// The `ABS_PRESSURE` axis; only a touchscreen's recording may lack one, and then this
    /// is an empty range.
    public var pressureAxis: EvdevAxisInfo {
        axes[EvdevCode.absPressure] ?? EvdevAxisInfo(code: EvdevCode.absPressure, minimum: 0, maximum: 0)
    }

    /// Whether the device is a touchscreen, whose replay is fingers, not a pen: it has
    /// multi-touch position axes, and either is a direct device (`INPUT_PROP_DIRECT`) or has
    /// neither a pen tool (`BTN_TOOL_PEN`) nor `INPUT_PROP_POINTER` (a touchpad's), as many
    /// protocol-A screens whose recordings set no property at all.
    public var isTouchscreen: Bool {
        Self.isTouchscreen(axes: axes, properties: properties, keyCodes: keyCodes)
    }

    static func isTouchscreen(axes: [UInt16: EvdevAxisInfo], properties: Set<UInt16>, keyCodes: Set<UInt16>) -> Bool {
        guard axes[EvdevCode.absMTPositionX] != nil && axes[EvdevCode.absMTPositionY] != nil else { return false }
        return properties.contains(EvdevCode.inputPropDirect)
            || !(properties.contains(EvdevCode.inputPropPointer) || keyCodes.contains(EvdevCode.btnToolPen))
    }

    /// Seconds from the first frame to the last.
    public var duration: Double { frames.last?.time ?? 0 }

    /// All events in order, ready for `PenStateMachine.consume(_:)`.
    public var events: [EvdevEvent] { frames.flatMap(\.events) }

    /// The device as the pen decoder needs it.
    public var penDevice: PenDevice {
        PenDevice(
            name: deviceName, pressureAxis: pressureAxis,
            xAxis: axes[EvdevCode.absX], yAxis: axes[EvdevCode.absY],
            hasTouchButton: keyCodes.contains(EvdevCode.btnTouch),
            hasProximityButton: keyCodes.contains(EvdevCode.btnToolPen))
    }

    /// Decodes every frame into pen samples, as a replay would.
    public func penSamples(proximityTimeout: Double? = 0.5) -> [PenSample] {
        var machine = PenStateMachine(device: penDevice, proximityTimeout: proximityTimeout)
        return machine.consume(events)
    }
}

extension EvemuRecording {
    /// Reads a recording whose device description and events share one file.
    public init(contentsOf url: URL) throws {
        try self.init(parsing: try Self.text(of: url), fileName: url.lastPathComponent)
    }

    /// Reads a device description file (`.desc`) and a separate events file.
    public init(description descriptionURL: URL, events eventsURL: URL) throws {
        try self.init(
            parsingDescription: try Self.text(of: descriptionURL),
            fileName: descriptionURL.lastPathComponent,
            events: try Self.text(of: eventsURL), eventsFileName: eventsURL.lastPathComponent)
    }

    /// Parses the text of a recording with its description; `fileName` names it in errors.
    public init(parsing text: String, fileName: String) throws {
        var parser = EvemuParser(fileName: fileName)
        try parser.parse(text)
        try self.init(header: parser, events: parser.events)
    }

    /// Parses a description's text and an events file's text, each named for errors.
    public init(
        parsingDescription description: String, fileName: String,
        events: String, eventsFileName: String
    ) throws {
        var header = EvemuParser(fileName: fileName)
        try header.parse(description)
        var body = EvemuParser(fileName: eventsFileName)
        try body.parse(events)
        try self.init(header: header, events: header.events + body.events)
    }

    /// Builds the model from a parsed header, preferring machine lines over comments.
    private init(header: EvemuParser, events: [EvdevEvent]) throws {
        let axes = header.axes.isEmpty ? header.comments.axes : header.axes
        let properties = header.properties.isEmpty ? header.comments.properties : Self.setBits(header.properties)
        let declaredKeys =
            header.bitmasks[EvdevCode.evKey].map(Self.setBits)
            ?? header.comments.codes[EvdevCode.evKey] ?? []
        let sentKeys = events.lazy.filter { $0.type == EvdevCode.evKey }.map(\.code)
        let keyCodes = declaredKeys.union(sentKeys)
        guard axes[EvdevCode.absPressure] != nil
            || Self.isTouchscreen(axes: axes, properties: properties, keyCodes: keyCodes)
        else {
            throw EvemuError(file: header.fileName, reason: .noPressureAxis)
        }
        self.deviceName = header.name ?? header.comments.name ?? ""
        self.deviceID = header.deviceID ?? header.comments.deviceID
        self.axes = axes
        self.properties = properties
        self.keyCodes = keyCodes
        self.frames = Self.makeFrames(events)
    }

    /// Groups events into frames ending at `SYN_REPORT`, times relative to the first event.
    /// Events after the last `SYN_REPORT` are an unfinished frame and are left out.
    static func makeFrames(_ events: [EvdevEvent]) -> [Frame] {
        guard let start = events.first?.microseconds else { return [] }
        var frames: [Frame] = []
        var pending: [EvdevEvent] = []
        for event in events {
            var shifted = event
            shifted.microseconds -= start
            pending.append(shifted)
            if shifted.isSynReport {
                frames.append(Frame(time: pending[0].seconds, events: pending))
                pending.removeAll(keepingCapacity: true)
            }
        }
        return frames
    }

    /// The numbers of the set bits of a capability bitmask (bit N of byte N / 8).
    static func setBits(_ bytes: [UInt8]) -> Set<UInt16> {
        var bits: Set<UInt16> = []
        for (index, byte) in bytes.enumerated() {
            for bit in 0..<8 where byte & (1 << UInt8(bit)) != 0 {
                bits.insert(UInt16(index * 8 + bit))
            }
        }
        return bits
    }

    /// A file's text, or an `EvemuError` naming the file.
    private static func text(of url: URL) throws -> String {
        do {
            return try TextFile.read(url.path)
        } catch {
            throw EvemuError(file: url.lastPathComponent, reason: .unreadable(error.description))
        }
    }
}
