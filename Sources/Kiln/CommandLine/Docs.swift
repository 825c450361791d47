import ArgumentParser
import Foundation
import KilnPlatform
import Synchronization

/// `kiln docs`: serves the installed API reference of Kiln and KilnTesting on 127.0.0.1 and
/// opens it in the browser.
struct Docs: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the API reference of Kiln and KilnTesting in the browser.",
        discussion: """
            The reference is a static site, installed with kiln in PREFIX/share/doc/kiln/reference \
            (in a checkout, make docs writes it to .build/docs; KILN_REFERENCE names another folder). \
            A browser reads its pages only over HTTP, so kiln serves the folder on 127.0.0.1 at a \
            free port, prints the address and opens it with xdg-open when there is a display, \
            until Ctrl+C.
            """)

    @Flag(help: "Print the folder of the reference and exit.")
    var path = false

    @Flag(help: "Do not open the browser; only print the address.")
    var noOpen = false

    func run() throws {
        let reference: ReferenceFolder
        switch ReferenceFolder.located() {
        case .success(let found): reference = found
        case .failure(let missing):
            warn("\(missing)")
            throw ExitCode(1)
        }
        if path {
            print(reference.url.path)
            return
        }
        let server: ReferenceServer
        do { server = try ReferenceServer(folder: reference.url) } catch {
            warn("\(error)")
            throw ExitCode(1)
        }
        let stop = ServeStopRequest()
        let address = "http://127.0.0.1:\(server.port)/\(ReferenceFolder.landingPage)"
        FileHandle.standardOutput.write(Data("\(AppIdentity.current.name): the reference is at \(address) — Ctrl+C to stop\n".utf8))
        if !noOpen { Self.openInBrowser(address) }
        server.run { stop.isRequested }
    }

    /// Opens `address` with `xdg-open` when there is a display to show a browser on; says
    /// nothing when there is none, as the address is printed already.
    private static func openInBrowser(_ address: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let hasDisplay = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        guard hasDisplay, let opener = ExecutableSearch.locate("xdg-open", environment: environment) else { return }
        let process = Process()
        process.executableURL = opener
        process.arguments = [address]
        process.environment = ExecutableSearch.trustedEnvironment(environment)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { warn("cannot start xdg-open: \(error); open \(address) yourself") }
    }
}

/// Set by the SIGINT and SIGTERM handlers; a global, since a C signal handler captures nothing.
private let serveStopSignalled = Atomic(false)

/// Turns SIGINT and SIGTERM into a flag the server's loop checks, so it ends cleanly.
private struct ServeStopRequest {
    init() {
        serveStopSignalled.store(false, ordering: .relaxed)
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in serveStopSignalled.store(true, ordering: .relaxed) }
        }
    }

    /// Whether a stop was asked for.
    var isRequested: Bool { serveStopSignalled.load(ordering: .relaxed) }
}
