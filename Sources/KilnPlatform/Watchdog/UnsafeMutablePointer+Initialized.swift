extension UnsafeMutablePointer {
    /// The memory, `count` copies of `value` from here, initialized: for the tables a signal
    /// handler reads, allocated and filled once, before any handler is installed.
    package func initialized(repeating value: Pointee, count: Int) -> Self {
        initialize(repeating: value, count: count)
        return self
    }
}
