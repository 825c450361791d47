import ArgumentParser
import KilnPlatform

/// `kiln devices`: what input and output devices Kiln can use, and why pens are missing.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List pointer devices, pens with their pressure ranges, audio outputs and game controllers.",
        discussion: "Works without a display: what cannot be asked is said, and the rest is listed.")

    func run() {
        for line in DeviceReport.gather().lines {
            print(line)
        }
    }
}
