@testable import Kiln
import KilnEndToEndSupport
import Testing

/// What `KilnApp.main` checks of a package's prototypes before it registers them.
@Suite("Kiln app")
struct KilnAppTests {
    @Test("A prototype's name is one the command line takes as a scene")
    func namesTheCommandLineTakes() {
        let reserved = KilnApp.reservedNames

        for name in ["bloom", "bottom-sheet", "card2"] {
            #expect(KilnApp.problem(naming: name, reserved: reserved) == nil, "\(name)")
        }
        for name in ["", "Bloom", "-bloom", "my card", "sheet_2", "café"] {
            #expect(KilnApp.problem(naming: name, reserved: reserved) != nil, "\(name)")
        }
    }

    @Test("A prototype cannot take the name of a registered scene, the launcher or a command, which would hide it")
    func reservedNames() {
        DemoCatalog.register()  // as the kiln executable registers its demos
        let reserved = KilnApp.reservedNames

        for name in ["launcher", "laser", "mailbox", "pressure", "gallery", "open", "render", "play", "bench",
                     "tuning", "help"] {
            #expect(reserved.contains(name), "\(name)")
            #expect(KilnApp.problem(naming: name, reserved: reserved) != nil, "\(name)")
        }
    }
}
