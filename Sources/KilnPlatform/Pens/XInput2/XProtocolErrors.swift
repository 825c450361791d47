// Catches X protocol errors on Kiln's own connection. Xlib's default handler prints the
// error and exits the process, and the handler is one per process (SDL2 shares it), so
// Kiln's handler is set only around its own requests and passes errors on other
// connections to the handler it replaced. Limits: main thread only.
import CXInput2

/// Runs X requests with protocol errors on one connection caught instead of fatal.
enum XProtocolErrors {
    nonisolated(unsafe) private static var watched: OpaquePointer?
    nonisolated(unsafe) private static var caught = false
    nonisolated(unsafe) private static var replaced: XErrorHandler?

    /// Runs `body`, waits for the server's answers (XSync) and says whether no error came.
    static func catching(on display: OpaquePointer, _ body: () -> Void) -> Bool {
        watched = display
        caught = false
        replaced = XSetErrorHandler { display, event in
            if display == XProtocolErrors.watched {
                XProtocolErrors.caught = true
                return 0
            }
            return XProtocolErrors.replaced?(display, event) ?? 0
        }
        body()
        XSync(display, False)
        XSetErrorHandler(replaced)
        watched = nil
        return !caught
    }
}
