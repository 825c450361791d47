// Reads the human-readable `# EVEMU` header that evemu-record writes above the data.
// Limits: a fallback only; free-form comments it does not recognize are skipped.

import Foundation

/// What the `#` commented header of an evemu file says about the device.
struct EvemuCommentHeader {
    /// From `# Input device name: "…"`.
    private(set) var name: String?
    /// From `# Input device ID: bus 0x03 vendor 0x56a product 0x333 version 0x110`.
    private(set) var deviceID: EvemuRecording.DeviceID?
    /// From `# Event code N (ABS_…)` blocks under `# Event type 3 (EV_ABS)`.
    private(set) var axes: [UInt16: EvdevAxisInfo] = [:]
    /// The `# Property type N (INPUT_PROP_…)` lines' numbers.
    private(set) var properties: Set<UInt16> = []
    /// Every `# Event code` listed, by event type.
    private(set) var codes: [UInt16: Set<UInt16>] = [:]
    private var eventType: UInt16?
    private var eventCode: UInt16?

    /// Reads one comment line, without its `#` and surrounding blanks.
    mutating func read(_ text: String) {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        if text.hasPrefix("Input device name:") {
            let value = text.dropFirst("Input device name:".count)
            name = value.trimmingCharacters(in: .whitespaces.union(["\""]))
        } else if text.hasPrefix("Input device ID:") {
            readDeviceID(words)
        } else if text.hasPrefix("Event type "), words.count >= 3 {
            eventType = UInt16(words[2])
            eventCode = nil
        } else if text.hasPrefix("Event code "), words.count >= 3 {
            readEventCode(words[2])
        } else if text.hasPrefix("Property "), words.count >= 3, let property = UInt16(words[2]) {
            properties.insert(property)
        } else if text.hasPrefix("Properties:") {
            eventType = nil
            eventCode = nil
        } else if words.count == 2, let value = Int32(words[1]) {
            readAxisField(String(words[0]), value)
        }
    }

    /// Records a listed code; under EV_ABS it opens an axis block for the fields below it.
    private mutating func readEventCode(_ word: Substring) {
        guard let type = eventType, let code = UInt16(word) else { return }
        eventCode = code
        codes[type, default: []].insert(code)
        if type == EvdevCode.evAbs {
            axes[code] = EvdevAxisInfo(code: code, minimum: 0, maximum: 0)
        }
    }

    /// `Min`, `Max`, `Fuzz`, `Flat` or `Resolution` of the open axis block.
    private mutating func readAxisField(_ field: String, _ value: Int32) {
        guard eventType == EvdevCode.evAbs, let code = eventCode, var axis = axes[code] else {
            return
        }
        switch field {
        case "Min": axis.minimum = value
        case "Max": axis.maximum = value
        case "Fuzz": axis.fuzz = value
        case "Flat": axis.flat = value
        case "Resolution": axis.resolution = value
        default: return
        }
        axes[code] = axis
    }

    /// `bus 0x03 vendor 0x56a product 0x333 version 0x110` after `Input device ID:`.
    private mutating func readDeviceID(_ words: [Substring]) {
        var numbers: [String: UInt16] = [:]
        for (key, value) in zip(words, words.dropFirst()) where value.hasPrefix("0x") {
            numbers[String(key)] = UInt16(value.dropFirst(2), radix: 16)
        }
        guard let bus = numbers["bus"], let vendor = numbers["vendor"],
            let product = numbers["product"], let version = numbers["version"]
        else { return }
        deviceID = EvemuRecording.DeviceID(
            bus: bus, vendor: vendor, product: product, version: version)
    }
}
