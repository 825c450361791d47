import Foundation
@testable import Kiln
import KilnPlatform
import KilnTestSupport
import Testing

/// The programs Kiln runs are found only in PATH's absolute folders: an empty or relative
/// entry stands for the current folder, where a downloaded repository could hold a program
/// of the same name.
@Suite("Programs are looked up in PATH's absolute folders only", .serialized)
struct ExecutableSearchTests {
    private let scratch: URL

    init() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-path-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        for name in ["ffmpeg", "kiln-probe", "pkg-config"] {
            let program = scratch.appendingPathComponent(name)
            // Leaves a mark when run, and gives pkg-config's answer a folder of its own.
            let script = "#!/bin/sh\ntouch '\(scratch.path)/ran-\(name)'\necho -I/planted/\(name)\n"
            try script.write(to: program, atomically: true, encoding: .utf8)
            chmod(program.path, 0o755)
        }
    }

    /// `scratch` as a path relative to the current folder: the same folder, written as a
    /// PATH entry that a shell reads from wherever it runs.
    private var relativeScratch: String {
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        return String(repeating: "../", count: depth) + scratch.path.dropFirst()
    }

    @Test("A program in a relative or empty PATH entry is not found; the same folder written absolute is")
    func relativeEntriesAreSkipped() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        #expect(FileManager.default.isExecutableFile(atPath: relativeScratch + "/kiln-probe"), "the relative entry reaches it")

        let relative = ExecutableSearch.locate("kiln-probe", environment: ["PATH": "\(relativeScratch)::."])
        let absolute = ExecutableSearch.locate("kiln-probe", environment: ["PATH": "\(relativeScratch):\(scratch.path)"])
        let folders = ExecutableSearch.folders(environment: ["PATH": ":bin:/usr/bin:./x:/usr/bin:/bin:"])
        let trusted = ExecutableSearch.trustedEnvironment(["PATH": ".::/usr/bin:tools", "HOME": "/h"])

        #expect(relative == nil)
        #expect(absolute?.path == scratch.appendingPathComponent("kiln-probe").path)
        #expect(folders == ["/usr/bin", "/bin"])
        #expect(trusted == ["PATH": "/usr/bin", "HOME": "/h"])
        #expect(ExecutableSearch.locate("../kiln-probe", environment: ["PATH": scratch.path]) == nil)
    }

    @Test("ffmpeg in a relative PATH entry is not the one video output runs")
    func ffmpegInARelativeEntryIsSkipped() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }

        let relative = Result { try FFmpegLocator.locate(environment: ["PATH": relativeScratch]) }
        let absolute = try FFmpegLocator.locate(environment: ["PATH": "\(relativeScratch):\(scratch.path)"])

        #expect(throws: PlatformError.self) { try relative.get() }
        #expect(absolute.path == scratch.appendingPathComponent("ffmpeg").path)
    }

    @Test("pkg-config in a relative or empty PATH entry is not run for a prototype's header folders")
    func pkgConfigInARelativeEntryIsSkipped() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"

        let flags = PrototypeToolchain.cModuleFlags(checkout: ProjectFiles.root, environment: ["PATH": "\(relativeScratch):" + path])

        #expect(!flags.contains("-I/planted/pkg-config"))
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("ran-pkg-config").path))
        #expect(flags.contains { $0.hasPrefix("-I/usr/include/SDL2") }, "the system's pkg-config answers: \(flags)")
    }
}
