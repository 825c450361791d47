// A value shared between threads behind a pthread mutex.
//
// Kiln used the standard library's `Mutex` until the thread sanitizer reported races on it.
// On Linux that `Mutex` is a priority-inheritance futex: when it is contended, the kernel
// hands the lock to the waiting thread, and the thread sanitizer, which sees only atomics
// and the calls it intercepts, never sees the hand-over. It then reports the two threads'
// accesses to the value as a race, though the lock orders them. The sanitizer intercepts
// `pthread_mutex_lock`, so a value behind this lock is checked without false reports, and a
// real race on it is still found.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value that any thread may read and change, one thread at a time.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A lock holding `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while no other thread holds the lock, and returns its result.
    /// `body` must not take this lock again.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
