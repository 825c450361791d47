// Input scripts (JSON, X6): `InputScriptParser` reads them, `InputScript.jsonText` writes them
// (captures with --capture). A script that reads prints back to text that reads as the same
// script and prints the same again; a refusal is one line naming a line of the file.

import FuzzSupport
import Kiln

/// One input as a script file. libFuzzer calls it for every input it tries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInputScript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let text = utf8Text(data, size) else { return 0 }
    let script: InputScript
    do {
        script = try InputScriptParser.parse(text, file: "fuzz.json")
    } catch {
        checkRefusal(error, text)
        return 0
    }
    checkRoundTrip(script)
    return 0
}

private func checkRefusal(_ error: InputScriptError, _ text: String) {
    requireOneLine(error.description, "the refusal")
    // Line 0 is kept for a file with nothing in it.
    if text.allSatisfy(\.isWhitespace) {
        require(error.line == 0, "an empty file is refused at line \(error.line)")
    } else {
        requireLine(error.line, in: text, error.description)
    }
}

private func checkRoundTrip(_ script: InputScript) {
    require(script.source?.stepLines.count == script.steps.count, "a step without its line")
    let printed = script.jsonText
    let again: InputScript
    do {
        again = try InputScriptParser.parse(printed, file: "printed.json")
    } catch {
        violated("the printed script is refused: \(error)\n\(printed)")
    }
    var expected = script
    expected.source = again.source
    require(again == expected, "the printed script reads differently:\n\(printed)")
    require(again.jsonText == printed, "the printed script prints differently:\n\(printed)")
}
