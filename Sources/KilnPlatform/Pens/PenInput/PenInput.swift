// The live window's pens: every pen source polled once per frame, their readings merged
// into the pointer events by a `PenHub`, and one stderr line whenever a pen appears
// or goes. Limits: the pen must also move the pointer (as the X server does for tablets
// it drives); a tablet read only through evdev, with no X driver, gives pressure but no
// pointer motion.
import CEvdev
import Foundation
import KilnCore
import KilnRuntime

/// Pen sources and the hub that merges them into pointer events.
public final class PenInput {
    private let sources: [PenSource]
    private var hub = PenHub()
    private let warn: (String) -> Void

    /// Reads `sources`; messages about pens go to `warn`.
    public init(sources: [PenSource], warn: @escaping (String) -> Void) {
        self.sources = sources
        self.warn = warn
    }

    /// The sources for a live SDL window: XInput2 pens on its X window (when SDL runs on
    /// X11 or XWayland), the tablet at `tabletPath` if given, and every readable evdev pen.
    /// A `tabletPath` that cannot be used is one line through `warn`; the rest goes on.
    static func forWindow(_ window: OpaquePointer, tabletPath: String?, warn: @escaping (String) -> Void) -> PenInput {
        var sources: [PenSource] = []
        if let reference = x11Reference(of: window),
           let reader = try? XInput2PenReader(displayName: reference.displayName) {
            // No XInput 2 just means no X pens; `kiln devices` says why.
            reader.attach(window: reference.window)
            sources.append(reader)
        }
        var excluded: Set<String> = []
        if let tabletPath {
            do {
                sources.append(try EvdevTablet.open(path: tabletPath))
                excluded.insert(URL(fileURLWithPath: tabletPath).resolvingSymlinksInPath().path)
            } catch {
                warn("--tablet \(error); going on without it")
            }
        }
        sources.append(EvdevPenScanner(excluding: excluded))
        return PenInput(sources: sources, warn: warn)
    }

    /// Reads every source; pens that appeared or went are announced. Returns the pens that
    /// were in use and went (a tablet unplugged), stamped `eventTime` on the pointer events' clock.
    @discardableResult
    package func poll(eventTime: Double) -> [PenLoss] {
        let now = kiln_monotonic_seconds()
        var losses: [PenLoss] = []
        for source in sources {
            for update in source.poll(now: now) {
                switch update {
                case .appeared(_, let description): warn("pen found: \(description)")
                case .disappeared(_, _, let description): warn("pen gone: \(description)")
                case .reading: break
                }
                if let loss = hub.apply(update, at: eventTime) { losses.append(loss) }
            }
        }
        for loss in losses where loss.wasPressing {
            warn("\(loss.deviceName) was lost mid-press; the press goes on with the timed fallback")
        }
        return losses
    }

    /// `event` with the pen's tool and pressure when a pen drives the pointer; nil when it is
    /// held back for a press that outlives its lost pen (see `PenHub`).
    public func merge(_ event: PointerEvent) -> PointerEvent? {
        hub.merge(event)
    }

    /// Events for pen changes that came without pointer motion (see `PenHub`).
    public func catchUp(at time: Double) -> [PointerEvent] {
        hub.catchUp(at: time)
    }
}
