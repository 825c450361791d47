import Foundation
@testable import KilnPlatform
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
}
