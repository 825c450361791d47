// Every readable evdev pen, found on its own: /dev/input is scanned at start and again
// every `rescanInterval` seconds for tablets plugged in later. Limits: nodes that cannot
// be read, or are not pens, are skipped quietly (`kiln devices` says why); unreadable ones
// are tried again at every scan (udev sets a new node's permissions a moment after it
// appears); a path that is already read (such as `--tablet`) is left to its reader.

/// A pen source that finds and reads every readable pen in an event device directory.
public final class EvdevPenScanner: PenSource {
    private let directory: String
    private let rescanInterval: Double
    private let excluded: Set<String>
    private var tablets: [String: EvdevTablet] = [:]
    /// Nodes that were read and are not pens: skipped until they go away.
    private var skipped: Set<String> = []
    private var lastScan: Double?

    /// Makes a scanner of `directory` that leaves the paths in `excluded` alone.
    public init(directory: String = "/dev/input", excluding excluded: Set<String> = [], rescanInterval: Double = 2) {
        self.directory = directory
        self.excluded = excluded
        self.rescanInterval = rescanInterval
    }

    /// The paths of the pens being read.
    public var tabletPaths: [String] { tablets.keys.sorted() }

    public func poll(now: Double) -> [PenSourceUpdate] {
        if lastScan.map({ now - $0 >= rescanInterval }) ?? true {
            lastScan = now
            rescan()
        }
        var updates: [PenSourceUpdate] = []
        for path in tablets.keys.sorted() {
            guard let tablet = tablets[path] else { continue }
            updates += tablet.poll(now: now)
            if !tablet.isConnected { tablets[path] = nil }
        }
        return updates
    }

    /// Opens pens that appeared since the last scan.
    private func rescan() {
        let nodes = Set(EvdevDirectory.eventNodes(in: directory))
        skipped.formIntersection(nodes)
        for path in nodes.sorted() where tablets[path] == nil && !skipped.contains(path) && !excluded.contains(path) {
            guard let file = try? EvdevDeviceFile(path: path) else { continue }
            if let capabilities = try? file.capabilities(), let device = capabilities.penDevice {
                tablets[path] = EvdevTablet(file: file, device: device, absoluteAxes: Array(capabilities.axes.keys))
            } else {
                skipped.insert(path)
            }
        }
    }
}
