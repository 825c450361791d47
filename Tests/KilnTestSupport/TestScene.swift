import KilnCore

/// A scene holding whatever layers a test puts in it.
public final class TestScene: Scene {
    public let name = "test"
    public let root = Layer()
    public let backgroundColor = Color.white

    /// An empty scene of `size` points.
    public init(size: Size = Size(100, 100)) {
        root.frame = Rect(origin: .zero, size: size)
    }

    public func update(time: Double) {}
    public func handle(_ event: PointerEvent) {}
}
