// Turns the return addresses of a stuck thread into the prototype's own file and line:
// each address is looked up in /proc/self/maps, and the first that falls in a prototype
// library (registered as it is loaded) goes to binutils' addr2line with its offset from
// the library's base. The file is printed as the debug info has it.
// Limits: code built without -g, or an addr2line that is missing, gives no location.
import Foundation
import KilnCore

/// Where a stuck prototype is, in its own source.
package enum SourceLocator {
    private static let libraries = Locked<Set<String>>([])

    /// `path` holds prototype code: its frames are the ones worth naming.
    package static func register(library path: String) {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        libraries.withLock { _ = $0.insert(resolved) }
    }

    /// "FILE:LINE" of the innermost of `addresses` that lies in a registered library and
    /// that its debug info places; `nil` when none does.
    package static func locate(_ addresses: [UInt]) -> String? {
        let known = libraries.withLock { $0 }
        // Read to the end: /proc files give their size as 0, which a whole-file read trusts.
        guard !known.isEmpty, let maps = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile()
        else { return nil }
        let regions = LibraryRegion.parse(String(decoding: maps, as: UTF8.self)).filter { known.contains($0.path) }
        for (index, address) in addresses.enumerated() {
            // A return address is the instruction after the call: one byte back is the call's line.
            // The first is where the thread was interrupted, itself.
            let pc = index == 0 ? address : address - 1
            guard let region = regions.first(where: { $0.contains(pc) }) else { continue }
            if let line = addressToLine(library: region.path, offset: pc - region.base) { return line }
        }
        return nil
    }

    /// The "FILE:LINE" addr2line gives for `offset` in `library`, or `nil`.
    static func addressToLine(library: String, offset: UInt) -> String? {
        guard let tool = ExecutableSearch.locate("addr2line") else { return nil }
        let process = Process()
        process.executableURL = tool
        process.arguments = ["-e", library, "0x" + String(offset, radix: 16)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return parse(String(decoding: data, as: UTF8.self))
    }

    /// addr2line's answer as "FILE:LINE", without a discriminator; `nil` for "??:0" and the like.
    static func parse(_ answer: String) -> String? {
        let line = answer.split(separator: "\n").first.map(String.init) ?? ""
        let place = line.components(separatedBy: " (discriminator").first ?? line
        guard let colon = place.lastIndex(of: ":"), let number = Int(place[place.index(after: colon)...]), number > 0
        else { return nil }
        let file = place[..<colon]
        guard !file.isEmpty, file != "??" else { return nil }
        return place
    }
}

/// Where a library is mapped: its base (the mapping of its first byte) and its extent.
struct LibraryRegion: Equatable {
    var path: String
    var base: UInt
    var start: UInt
    var end: UInt

    func contains(_ address: UInt) -> Bool { address >= start && address < end }

    /// The mappings of files in /proc/self/maps text, each with its file's base.
    static func parse(_ maps: String) -> [LibraryRegion] {
        var bases: [String: UInt] = [:]
        var regions: [LibraryRegion] = []
        for line in maps.split(separator: "\n") {
            // The path is all from the first slash: no field before it has one.
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            let fields = line[..<slash].split(separator: " ")
            guard fields.count == 5 else { continue }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16),
                  let offset = UInt(fields[2], radix: 16) else { continue }
            if offset == 0, bases[path] == nil { bases[path] = start }
            regions.append(LibraryRegion(path: path, base: 0, start: start, end: end))
        }
        return regions.compactMap { region in
            guard let base = bases[region.path] else { return nil }
            var based = region
            based.base = base
            return based
        }
    }
}
