// What `kiln devices --watch` follows: pens coming and going, from the same sources the
// window reads. XInput2 brings pens plugged in, removed or disabled (XI_HierarchyChanged on
// the root window); evdev brings pens found by rescanning /dev/input and pens lost when a
// read fails (unplugged: ENODEV, EIO or the end of the stream). Limits: polled; an evdev pen
// that appears is seen at the next rescan (every second), an unreadable node is not a pen
// until its permissions allow reading it; without an X server only evdev is watched.
import CEvdev
import Foundation

/// One pen change, as `kiln devices --watch` prints it.
public struct DeviceChange: Equatable, Sendable {
    /// What happened to the pen.
    public enum Kind: String, Equatable, Sendable {
        /// It was there when watching began.
        case present
        /// It was plugged in (or enabled) while watching.
        case added
        /// It was unplugged, removed or disabled, or its device stopped reading.
        case removed
    }

    /// What happened.
    public var kind: Kind
    /// The pen and its source, as its source describes it (with the reason, for a removal).
    public var description: String

    /// Makes a change from its fields.
    public init(kind: Kind, description: String) {
        self.kind = kind
        self.description = description
    }

    /// "pen added: <description>".
    public var line: String { "pen \(kind.rawValue): \(description)" }
}

/// Polls pen sources and turns their appearances and disappearances into changes.
public final class DeviceWatcher {
    private let sources: [PenSource]
    private var hasPolled = false
    /// What is being watched, in a few words ("pens on X server :0 and in /dev/input").
    public let scope: String
    /// Why the X server is not watched, when it is not.
    public let xProblem: String?

    /// Watches `sources`; `scope` and `xProblem` are what the opening line says.
    public init(sources: [PenSource], scope: String, xProblem: String? = nil) {
        self.sources = sources
        self.scope = scope
        self.xProblem = xProblem
    }

    /// A watcher of the X server's pens (through `DISPLAY`), when there is one, and of the
    /// evdev pens in `inputDirectory`.
    public static func forSystem(inputDirectory: String = "/dev/input") -> DeviceWatcher {
        let scanner = EvdevPenScanner(directory: inputDirectory, rescanInterval: 1)
        do {
            let reader = try XInput2PenReader()
            reader.attach(window: reader.rootWindow)
            return DeviceWatcher(sources: [reader, scanner],
                                 scope: "pens on X server \(reader.displayName) and in \(inputDirectory)")
        } catch {
            return DeviceWatcher(sources: [scanner], scope: "evdev pens in \(inputDirectory) only",
                                 xProblem: error.description)
        }
    }

    /// Reads every source at `now` (seconds on the monotonic clock); the pens that came or
    /// went since the last poll. The first poll reports the pens already there as present.
    public func poll(now: Double = kiln_monotonic_seconds()) -> [DeviceChange] {
        var changes: [DeviceChange] = []
        for source in sources {
            for update in source.poll(now: now) {
                switch update {
                case .appeared(_, let description):
                    changes.append(DeviceChange(kind: hasPolled ? .added : .present, description: description))
                case .disappeared(_, _, let description):
                    changes.append(DeviceChange(kind: .removed, description: description))
                case .reading:
                    break
                }
            }
        }
        hasPolled = true
        return changes
    }
}
