import Foundation
@testable import KilnCore
import Testing

/// Opening asset files: only regular files are read, a FIFO or a device is refused at once
/// rather than blocking or reading for ever, and the size limit applies before a byte is read.
@Suite("Asset files")
struct AssetFileTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-asset-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func reason(_ body: () throws(AssetError) -> Void) -> String? {
        do throws(AssetError) {
            try body()
            return nil
        } catch {
            return error.description
        }
    }

    @Test("A regular file is read whole, through a link when links are followed")
    func regularFile() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.png")
        try Data("hello".utf8).write(to: file)
        let link = folder.appendingPathComponent("link.png")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)

        let read = try AssetFile.read(file)
        let throughLink = try AssetFile.read(link)

        #expect(read == Data("hello".utf8))
        #expect(throughLink == read)
        #expect(try AssetFile.check(file) == 5)
    }

    @Test("A FIFO with no writer is refused at once, not waited on")
    func fifo() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("photo.png")
        #expect(mkfifo(fifo.path, 0o600) == 0)

        let read = reason { () throws(AssetError) in _ = try AssetFile.read(fifo) }
        let checked = reason { () throws(AssetError) in try AssetFile.check(fifo) }

        #expect(read == "photo.png: is a FIFO, not a regular file; not read")
        #expect(checked == read)
    }

    @Test("A device, a folder and a socket are refused in one line")
    func notFiles() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let socketPath = folder.appendingPathComponent("s.svg")
        let socket = Foundation.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in socketPath.path.utf8.enumerated() where i < raw.count - 1 { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)

        let zero = reason { () throws(AssetError) in _ = try AssetFile.read(URL(fileURLWithPath: "/dev/zero")) }
        let directory = reason { () throws(AssetError) in _ = try AssetFile.read(folder) }
        let unix = reason { () throws(AssetError) in _ = try AssetFile.read(socketPath) }

        #expect(zero == "zero: is a device, not a regular file; not read")
        #expect(directory?.hasSuffix("is a folder, not a regular file; not read") == true)
        #expect(unix?.hasPrefix("s.svg: is a socket") == true)
    }

    @Test("A link is refused where links are not followed, and a missing file is named")
    func linksAndMissing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("passwd.png")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/etc/passwd")

        let refused = reason { () throws(AssetError) in _ = try AssetFile.read(link, links: .refused) }
        let missing = reason { () throws(AssetError) in _ = try AssetFile.read(folder.appendingPathComponent("none.png")) }

        #expect(refused == "passwd.png: is a link, which is not followed here; not read")
        #expect(missing == "none.png: no such file")
    }

    @Test("A file past the limit is refused before it is read")
    func tooLarge() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.json")
        FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(AssetFile.maximumBytes) + 4 << 20)
        try handle.close()

        let refused = reason { () throws(AssetError) in _ = try AssetFile.read(file) }
        let small = reason { () throws(AssetError) in _ = try AssetFile.read(file, limit: 1000) }

        #expect(refused == "big.json: 68.0 MB is larger than the 64.0 MB an asset may be; refused")
        #expect(small == "big.json: 68.0 MB is larger than the 1000 bytes an asset may be; refused")
    }
}
