// Tuning files (TOML, X4): `TuningParser` reads them and `SceneTuning.resolve` applies them
// to a scene; `tomlText` writes entries back and `SceneTuning.fileText` writes a whole
// tuning. A file that reads prints back to entries with the same keys and values; a file
// that resolves prints a tuning that resolves again, without warnings, to the same text. A
// refusal is one line naming a line of the file; so is each warning. A value the writer sets
// in a file that resolves, wherever and however its table is written (a header, dotted keys,
// an inline table), reads back as set.

import FuzzSupport
import Kiln
@_spi(Fuzzing) import KilnCore
import LaserDemo
import MailboxDemo
import PressureDemo

/// One input as a tuning file, read alone and applied to each scene. libFuzzer calls it for every input it tries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTuning(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let text = utf8Text(data, size) else { return 0 }
    do {
        checkRoundTrip(try TuningParser.parse(text, file: "fuzz.toml"))
    } catch {
        checkRefusal(error, text)
    }
    checkResolve(LaserTuning.self, text)
    checkResolve(MailboxTuning.self, text)
    checkResolve(PressureTuning.self, text)
    checkWrite(text)
    return 0
}

/// Sets a number of the Mailbox tuning, and a spring's one number, into the file; a file
/// the writer takes reads back with them set.
private func checkWrite(_ text: String) {
    guard (try? MailboxTuning.resolve([TuningSource(name: "fuzz.toml", text: text)])) != nil else { return }
    let changes: [TuningChange] = [.set("swipe.icon_inset", to: 24), .set("\"swipe\".return_spring.response", toTOML: "0.5")]
    guard let written = try? TuningWriter(profile: .of(MailboxTuning.self)).apply(changes, to: text) else { return }
    do {
        let value = try MailboxTuning.resolve([TuningSource(name: "written.toml", text: written.text)]).value
        require(value.iconInset == 24 && abs(2 * Double.pi / value.returnSpring.naturalFrequency - 0.5) < 1e-9,
                "the written values read back otherwise:\n\(written.text)")
    } catch {
        violated("the written file is refused: \(error)\n\(written.text)")
    }
}

private func checkRefusal(_ error: TuningError, _ text: String) {
    requireOneLine(error.description, "the refusal")
    requireLine(error.line, in: text, error.description)
    if let column = error.column { require(column >= 1, "column \(column) in \(error)") }
}

private func checkRoundTrip(_ entries: [TuningEntry]) {
    let printed = entries.tomlText
    let again: [TuningEntry]
    do {
        again = try TuningParser.parse(printed, file: "printed.toml")
    } catch {
        violated("the printed entries are refused: \(error)\n\(printed)")
    }
    require(again.count == entries.count && zip(again, entries).allSatisfy { $0.key == $1.key && same($0.value, $1.value) },
            "the printed entries read differently:\n\(printed)")
}

/// Equal values, a nan being the same as a nan (the file says nan both times).
private func same(_ a: TuningValue, _ b: TuningValue) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)): x == y || (x.isNaN && y.isNaN)
    case (.array(let xs), .array(let ys)): xs.count == ys.count && zip(xs, ys).allSatisfy(same)
    case (.table(let xs), .table(let ys)):
        xs.count == ys.count && zip(xs, ys).allSatisfy { $0.key == $1.key && same($0.value, $1.value) }
    default: a == b
    }
}

private func checkResolve<Tuning: SceneTuning>(_ type: Tuning.Type, _ text: String) {
    let resolved: ResolvedTuning<Tuning>
    do {
        resolved = try Tuning.resolve([TuningSource(name: "fuzz.toml", text: text)])
    } catch {
        checkRefusal(error, text)
        return
    }
    for warning in resolved.warnings { requireOneLine(warning, "a warning") }
    // A file that sets nothing of this scene prints the defaults, which the unit tests read back.
    guard resolved.origins.values.contains(where: { $0 != "default" }) else { return }
    let printed = Tuning.fileText(resolved.value)
    do {
        let again = try Tuning.resolve([TuningSource(name: "printed.toml", text: printed)])
        require(again.warnings.isEmpty, "the printed tuning warns: \(again.warnings)")
        require(Tuning.fileText(again.value) == printed, "the printed tuning resolves differently:\n\(printed)")
    } catch {
        violated("the printed tuning is refused: \(error)\n\(printed)")
    }
}
