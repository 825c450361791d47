// An X window driven and photographed from outside, as a user's input would reach it.
// Limits: xdotool, x11-utils and ImageMagick installed (scripts/bootstrap).
import Foundation
import KilnTestSupport

/// An X window driven with xdotool and photographed with ImageMagick's `import`.
public struct XWindow: Sendable {
    /// The window id as xdotool prints it (decimal).
    public let id: String
    /// The server the window lives on.
    public let session: XvfbSession
    private let xdotool: URL

    /// The window `id` on `session`'s display.
    public init(id: String, session: XvfbSession) throws {
        self.id = id
        self.session = session
        xdotool = try ExternalCommand.require("xdotool", package: "xdotool")
    }

    /// The window's geometry (`xdotool getwindowgeometry --shell`).
    public func geometry(timeout: Double = 5) throws -> WindowGeometry {
        let output = try xdo(["getwindowgeometry", "--shell", id], timeout: timeout).text
        var values: [String: Int] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
        }
        guard let x = values["X"], let y = values["Y"], let width = values["WIDTH"], let height = values["HEIGHT"] else {
            throw EndToEndError("cannot read the geometry of window \(id) from: \(output)")
        }
        return WindowGeometry(x: x, y: y, width: width, height: height)
    }

    /// The title as window managers show it (`xdotool getwindowname`, which prefers `_NET_WM_NAME`).
    public func name(timeout: Double = 5) throws -> String {
        try xdo(["getwindowname", id], timeout: timeout).text
    }

    /// The ICCCM `WM_NAME` property's bytes, decoded as UTF-8 (`xprop`).
    public func wmName(timeout: Double = 5) throws -> String {
        let xprop = try ExternalCommand.require("xprop", package: "x11-utils")
        let output = try ExternalCommand.run(xprop, ["-id", id, "-notype", "-f", "WM_NAME", "8x", "WM_NAME"],
                                             environment: session.environment, timeout: timeout).text
        // "WM_NAME = 0x4b, 0x69, …"
        guard let equals = output.firstIndex(of: "=") else { throw EndToEndError("no WM_NAME in: \(output)") }
        let bytes = output[output.index(after: equals)...].split(separator: ",").compactMap {
            UInt8($0.trimmingCharacters(in: .whitespaces).dropFirst(2), radix: 16)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Clicks button 1 at a canvas point: move there, press, a short pause, release.
    public func click(canvasX x: Double, canvasY y: Double, timeout: Double = 5) throws {
        let point = try geometry(timeout: timeout).windowPoint(canvasX: x, canvasY: y)
        try xdo(["mousemove", "--window", id, "\(point.x)", "\(point.y)",
                 "mousedown", "1", "sleep", "0.05", "mouseup", "1"], timeout: timeout)
    }

    /// Drags with button 1 from one canvas point to another in `steps` straight-line moves,
    /// with `keys` (X keysym names such as "Alt_L" or "Shift_L") held from before the press
    /// until after the release.
    public func drag(fromCanvas start: (x: Double, y: Double), to end: (x: Double, y: Double),
                     steps: Int = 10, holding keys: [String] = [], timeout: Double = 10) throws {
        let geometry = try geometry(timeout: timeout)
        let first = geometry.windowPoint(canvasX: start.x, canvasY: start.y)
        var arguments = ["mousemove", "--window", id, "\(first.x)", "\(first.y)"]
        if !keys.isEmpty { arguments += ["keydown", keys.joined(separator: "+"), "sleep", "0.1"] }
        arguments += ["mousedown", "1"]
        for step in 1...max(1, steps) {
            let t = Double(step) / Double(max(1, steps))
            let point = geometry.windowPoint(canvasX: start.x + (end.x - start.x) * t,
                                             canvasY: start.y + (end.y - start.y) * t)
            arguments += ["sleep", "0.016", "mousemove", "--window", id, "\(point.x)", "\(point.y)"]
        }
        arguments += ["sleep", "0.05", "mouseup", "1"]
        if !keys.isEmpty { arguments += ["sleep", "0.05", "keyup", keys.joined(separator: "+")] }
        try xdo(arguments, timeout: timeout)
    }

    /// Presses the left button at a canvas point, holds it still for `hold` seconds, moves
    /// to `end` in `steps` and releases there: a long press that ends somewhere else. With a
    /// panel `panel` pixels wide open at the window's right edge, the canvas is beside it.
    public func press(atCanvas start: (x: Double, y: Double), holding hold: Double,
                      thenMoveTo end: (x: Double, y: Double), steps: Int = 10, besidePanel panel: Double = 0,
                      timeout: Double = 20) throws {
        let geometry = try geometry(timeout: timeout)
        let first = geometry.windowPoint(canvasX: start.x, canvasY: start.y, besidePanel: panel)
        var arguments = ["mousemove", "--window", id, "\(first.x)", "\(first.y)", "mousedown", "1",
                         "sleep", String(format: "%.3f", hold)]
        for step in 1...max(1, steps) {
            let t = Double(step) / Double(max(1, steps))
            let point = geometry.windowPoint(canvasX: start.x + (end.x - start.x) * t,
                                             canvasY: start.y + (end.y - start.y) * t, besidePanel: panel)
            arguments += ["sleep", "0.02", "mousemove", "--window", id, "\(point.x)", "\(point.y)"]
        }
        arguments += ["sleep", "0.2", "mouseup", "1"]
        try xdo(arguments, timeout: timeout + hold)
    }

    /// Moves the pointer to a canvas point without pressing anything.
    public func moveMouse(toCanvas point: (x: Double, y: Double), timeout: Double = 5) throws {
        let target = try geometry(timeout: timeout).windowPoint(canvasX: point.x, canvasY: point.y)
        try xdo(["mousemove", "--window", id, "\(target.x)", "\(target.y)"], timeout: timeout)
    }

    /// Presses button 1 where the pointer is (`down`) or lets it go.
    public func holdButton(down: Bool, timeout: Double = 5) throws {
        try xdo([down ? "mousedown" : "mouseup", "1"], timeout: timeout)
    }

    /// Holds a key down (`down`) or lets it go, by its X keysym name, like "Alt_L".
    public func hold(_ key: String, down: Bool, timeout: Double = 5) throws {
        try xdo([down ? "keydown" : "keyup", key], timeout: timeout)
    }

    /// Presses and releases a key by its X keysym name, like "Escape" or "1".
    public func key(_ name: String, timeout: Double = 5) throws {
        try xdo(["key", "--window", id, name], timeout: timeout)
    }

    /// Moves the window to the screen's top-left corner and gives it a new size in pixels
    /// (`xdotool windowmove` and `windowsize`): a window that would reach past the screen's
    /// edge is kept within it.
    public func resize(width: Int, height: Int, timeout: Double = 5) throws {
        try xdo(["windowmove", "--sync", id, "0", "0", "windowsize", "--sync", id, "\(width)", "\(height)"],
                timeout: timeout)
    }

    /// Saves the window's contents as a PNG (`import -window`).
    public func screenshot(to path: String, timeout: Double = 10) throws {
        let importTool = try ExternalCommand.require("import", package: "imagemagick")
        try ExternalCommand.run(importTool, ["-window", id, "png:\(path)"], environment: session.environment,
                                timeout: timeout)
    }

    @discardableResult
    private func xdo(_ arguments: [String], timeout: Double) throws -> CommandOutput {
        try ExternalCommand.run(xdotool, arguments, environment: session.environment, timeout: timeout)
    }
}
