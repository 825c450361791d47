// Reading a child's pipe to its end without blocking anyone else.
import Foundation

/// Reads a pipe to its end on a thread of its own.
final class PipeDrain: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        // A blocking read holds its thread until the pipe closes: on a shared queue a few of
        // them would starve the rest (two cores give GCD few threads), so each has its own.
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock { data.append(chunk) }
            }
            done.signal()
        }.start()
    }

    /// The data read once the pipe closes, or what has arrived after `seconds` if it stays open.
    func collected(within seconds: Double) -> Data {
        if done.wait(timeout: .now() + seconds) == .success { done.signal() }
        return lock.withLock { data }
    }
}
