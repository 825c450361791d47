import KilnCore
import KilnPlatform

/// What the window shows under `kiln dev` while the prototype's code has never compiled: an
/// empty canvas, which the compile error's banner goes over. Esc closes the window, as it
/// does from the launcher.
final class PrototypeWaitingScene: HostedScene {
    let name: String
    let root = Layer()
    let backgroundColor = Color(hex: 0xF2F2F7)
    var isHome: Bool { true }

    /// An empty canvas of `canvasSize`, titled `name` (the prototype's folder).
    init(name: String, canvasSize: Size) {
        self.name = name
        root.bounds = Rect(origin: .zero, size: canvasSize)
        root.position = Point(x: canvasSize.width / 2, y: canvasSize.height / 2)
    }

    func advance(to time: Double) {}
    func handle(_ event: PointerEvent) {}
    func handle(_ key: KeyPress, at time: Double) -> Bool { false }
    func close() {}
}
