// Bad asset files given to `kiln render`: each is one line naming the file, exit status 1,
// and nothing written, neither the picture nor the video, nor an empty file in its place.
import Foundation
import KilnEndToEndSupport
import Testing

@Suite("Rendering bad asset files")
final class AssetBadFileTests {
    let kiln: URL
    let scratch: URL

    init() throws {
        kiln = try KilnBinary.locate()
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-bad-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// The bytes of a PNG whose header claims `width`×`height` pixels, with one row of data,
    /// its chunks' checksums right so that only the size is wrong.
    static func png(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func chunk(_ type: String, _ body: [UInt8]) {
            let typed = Array(type.utf8) + body
            data.append(contentsOf: bigEndian(UInt32(body.count)))
            data.append(contentsOf: typed)
            data.append(contentsOf: bigEndian(crc32(typed)))
        }
        chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0])
        chunk("IDAT", [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])
        chunk("IEND", [])
        return data
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// The CRC-32 a PNG chunk ends with (ISO 3309, reflected, polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// The bad files, by name: what each holds (`nil`: no file at all) and a word its line must say.
    static func files() throws -> [(name: String, contents: Data?, says: String)] {
        let dot = try Data(contentsOf: ProjectFiles.root.appendingPathComponent("Resources/Assets/kiln-dot.png"))
        let pulse = try Data(contentsOf: ProjectFiles.root.appendingPathComponent("Resources/Assets/pulse.json"))
        return [
            ("missing.png", nil, "no such file"),
            ("corrupt.png", Data((0..<600).map { UInt8(($0 * 37 + 11) % 251) }), "corrupt.png"),
            ("truncated.png", dot.prefix(dot.count / 2), "truncated.png"),
            ("huge.png", png(width: 20_000, height: 20_000), "20000"),
            ("huge.svg", Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100"><rect width="10" height="10"/></svg>"#.utf8), "huge.svg"),
            ("broken.svg", Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect"#.utf8), "broken.svg"),
            ("truncated.json", pulse.prefix(pulse.count / 2), "truncated.json"),
            ("notes.json", Data(#"{"note": "not an animation"}"#.utf8), "notes.json"),
        ]
    }

    @Test("A missing, corrupt, truncated or refused asset file is one line naming it, exit status 1, and nothing written",
          arguments: ["missing.png", "corrupt.png", "truncated.png", "huge.png", "huge.svg", "broken.svg",
                      "truncated.json", "notes.json"])
    func badFile(_ name: String) throws {
        let bad = try #require(try Self.files().first { $0.name == name })
        let file = scratch.appendingPathComponent(name)
        if let contents = bad.contents { try contents.write(to: file) }

        for out in ["out.png", "out.mp4"] {
            let output = scratch.appendingPathComponent(out)
            let result = try ExternalCommand.run(kiln, ["render", file.path, "--out", output.path], timeout: 60,
                                                 allowFailure: true)
            let lines = result.stderr.split(separator: "\n")

            #expect(result.status == 1 && !result.wasSignalled, "\(name) → \(out): \(result.status) \(result.stderr)")
            #expect(lines.count == 1, "one line: \(result.stderr)")
            #expect(lines.first?.contains(file.path) == true, "the line names the file: \(result.stderr)")
            #expect(lines.first?.contains(bad.says) == true, "the line says '\(bad.says)': \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: output.path), "\(out) was written")
        }
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: scratch.path)) == Set(bad.contents == nil ? [] : [name]),
                "nothing beside the file, hidden or not")
    }

    @Test("An image refused for its size says the size and the limit")
    func hugeImageSaysItsSize() throws {
        let file = scratch.appendingPathComponent("huge.png")
        try Self.png(width: 20_000, height: 20_000).write(to: file)

        let result = try ExternalCommand.run(kiln, ["render", file.path, "--out", scratch.appendingPathComponent("x.png").path],
                                             timeout: 60, allowFailure: true)

        #expect(result.status == 1)
        #expect(result.stderr.contains("20000×20000") && result.stderr.contains("16384"), "\(result.stderr)")
    }
}
