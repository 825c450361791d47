// What /dev/input holds for Kiln: its event devices, which of them can be read, which are
// pens, and whether the user is in group `input`. Limits: Linux only; opening every node
// once is cheap (no reads), but a scan is still a few dozen system calls, so the live app
// repeats it only every couple of seconds.
import Foundation
import Glibc

/// One readable event device and what it can do.
public struct EvdevDeviceListing: Equatable, Sendable {
    /// The device path, like /dev/input/event5.
    public var path: String
    /// Its name, keys and axes.
    public var capabilities: EvdevCapabilities
}

/// The event devices of one directory.
public struct EvdevDirectoryScan: Equatable, Sendable {
    /// The directory scanned.
    public var directory: String
    /// Whether it exists.
    public var exists: Bool
    /// Every eventN node, in number order.
    public var eventNodes: [String]
    /// The devices that could be opened and described.
    public var readable: [EvdevDeviceListing]
    /// The nodes that could not, with the reason.
    public var unreadable: [EvdevOpenError]

    /// The readable devices that are pens.
    public var pens: [EvdevDeviceListing] { readable.filter(\.capabilities.isPen) }
}

/// Scans event device directories.
public enum EvdevDirectory {
    /// Lists and opens every eventN node of `directory`.
    public static func scan(_ directory: String = "/dev/input") -> EvdevDirectoryScan {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue
        let nodes = eventNodes(in: directory)
        var readable: [EvdevDeviceListing] = []
        var unreadable: [EvdevOpenError] = []
        for path in nodes {
            do {
                let file = try EvdevDeviceFile(path: path)
                readable.append(EvdevDeviceListing(path: path, capabilities: try file.capabilities()))
            } catch {
                unreadable.append(error)
            }
        }
        return EvdevDirectoryScan(directory: directory, exists: exists, eventNodes: nodes,
                                  readable: readable, unreadable: unreadable)
    }

    /// The eventN entries of `directory`, sorted by N.
    public static func eventNodes(in directory: String = "/dev/input") -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix("event"), let number = Int(name.dropFirst(5)) else { return nil }
            return (number, directory + "/" + name)
        }
        .sorted { $0.0 < $1.0 }
        .map(\.1)
    }

    /// Whether the user is in group `input`; nil when the system has no such group.
    public static func isUserInInputGroup() -> Bool? {
        guard let group = getgrnam("input") else { return nil }
        let inputGroup = group.pointee.gr_gid
        if getegid() == inputGroup { return true }
        let count = getgroups(0, nil)
        guard count > 0 else { return false }
        var groups = [gid_t](repeating: 0, count: Int(count))
        let filled = getgroups(count, &groups)
        return groups.prefix(Int(max(filled, 0))).contains(inputGroup)
    }
}
