import Foundation
@testable import KilnPlatform
import KilnTestSupport
import Testing

/// Finding a stuck prototype's file and line: /proc/self/maps read for its library, and
/// addr2line's answers read.
@Suite("Source locator")
struct SourceLocatorTests {
    @Test("addr2line's answer is a file and line, without its discriminator; unknown places are none")
    func answers() {
        #expect(SourceLocator.parse("/tmp/spin/Spin.swift:42\n") == "/tmp/spin/Spin.swift:42")
        #expect(SourceLocator.parse("/tmp/spin/Spin.swift:7 (discriminator 3)\n") == "/tmp/spin/Spin.swift:7")
        #expect(SourceLocator.parse("??:0\n") == nil)
        #expect(SourceLocator.parse("??:?\n") == nil)
        #expect(SourceLocator.parse("/tmp/spin/Spin.swift:0\n") == nil)
        #expect(SourceLocator.parse("") == nil)
    }

    @Test("Each mapping of a file knows the file's base, where its first byte is mapped")
    func mappings() {
        let maps = """
            55d0c0000000-55d0c0100000 r--p 00000000 fe:00 1234                       /usr/bin/kiln
            7f6e092f4000-7f6e092fb000 r-xp 00000000 fe:00 9576685                    /cache/libKilnPrototype_1.so
            7f6e092fb000-7f6e092fc000 ---p 00007000 fe:00 9576685                    /cache/libKilnPrototype_1.so
            7f6e092fd000-7f6e092fe000 rw-p 00008000 fe:00 9576685                    /cache/libKilnPrototype_1.so
            7f6e09300000-7f6e09321000 rw-p 00000000 00:00 0                          [heap]
            7f6e09400000-7f6e09401000 rw-p 00000000 00:00 0
            """

        let regions = LibraryRegion.parse(maps).filter { $0.path == "/cache/libKilnPrototype_1.so" }

        #expect(regions.count == 3)
        #expect(regions.allSatisfy { $0.base == 0x7f6e092f4000 })
        #expect(regions.first?.contains(0x7f6e092f80e0) == true)
        #expect(regions.contains { $0.contains(0x7f6e092fc800) } == false)
        #expect(LibraryRegion.parse(maps).count == 4)
    }

    @Test("Addresses in no prototype library have no location")
    func noLibraryNoLocation() {
        #expect(SourceLocator.locate([0x10, 0x20]) == nil)
    }

    @Test("An address in a library built with -g and registered is named by its file and line")
    func locatesInALibraryWithDebugInfo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-locator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("Spin.swift")
        try """
            public func spin(_ turns: Int) -> Int {
                var total = 0
                for turn in 0..<turns { total &+= turn }
                return total
            }

            """.write(to: source, atomically: true, encoding: .utf8)
        let library = folder.appendingPathComponent("libSpin.so")
        let swiftc = try ExternalCommand.require("swiftc", package: "the Swift toolchain")
        try ExternalCommand.run(swiftc, ["-emit-library", "-g", "-Onone", "-module-name", "Spin", source.path,
                                         "-o", library.path], timeout: 300)
        let handle = try #require(dlopen(library.path, RTLD_NOW | RTLD_LOCAL))
        // The Swift function itself: a @_cdecl thunk is compiler-generated code, with no line.
        let function = try #require(dlsym(handle, "$s4Spin4spinyS2iF"))

        let before = SourceLocator.locate([UInt(bitPattern: function)])
        SourceLocator.register(library: library.path)
        // A return address: the byte before it is the call, inside the function.
        let found = try #require(SourceLocator.locate([0x10, UInt(bitPattern: function) + 8]))

        #expect(before == nil)
        #expect(found.hasSuffix("Spin.swift:1") || found.hasSuffix("Spin.swift:2"), "\(found)")
    }
}
