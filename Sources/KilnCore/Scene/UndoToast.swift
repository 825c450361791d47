
/// The "… deleted · Undo" toast the scenes show after a delete (X7): a dark pill near the
/// bottom of the canvas that rises in, and fades after a while unless Undo is tapped first.
public final class UndoToast {
    /// The pill, named "toast"; its Undo label is "toast.undo".
    public let layer = Layer()
    private var hideAt: Double?

    /// An empty toast; `build(message:canvas:bottomInset:color:shadowOpacity:)` lays it out.
    public init() {}

    /// Lays the pill out `bottomInset` points above the canvas's bottom, hidden.
    public func build(message: String, canvas: Size, bottomInset: Double, color: Color, shadowOpacity: Double) {
        let width = min(320, canvas.width - 40)
        layer.name = "toast"
        layer.frame = Rect((canvas.width - width) / 2, canvas.height - bottomInset, width, 52)
        layer.backgroundColor = color
        layer.cornerRadius = 26
        layer.shadowColor = .black
        layer.shadowOpacity = shadowOpacity
        layer.shadowRadius = 12
        layer.shadowOffset = Point(0, 6)
        layer.addSublayer(TextLayer.make(message, frame: Rect(24, 15, width - 120, 22), size: 16,
                                         weight: .medium, color: .white))
        let undo = TextLayer.make("Undo", frame: Rect(width - 96, 15, 72, 22), size: 16, weight: .bold,
                                  color: Color(hex: 0xFFD60A), alignment: .right)
        undo.name = "toast.undo"
        layer.addSublayer(undo)
        layer.opacity = 0
    }

    /// Rises in at scene time `now` and stays for `duration` seconds.
    public func show(at now: Double, for duration: Double) {
        hideAt = now + duration
        layer.removeAllAnimations()
        layer.opacity = 1
        layer.add(BasicAnimation(.opacity, from: 0, to: 1, duration: 0.2, timing: .easeOut), forKey: "show")
        layer.add(SpringAnimation(.positionY, from: layer.position.y + 40, to: layer.position.y,
                                  spring: Spring(dampingRatio: 0.8, response: 0.35)), forKey: "rise")
    }

    /// Fades out, if shown.
    public func hide() {
        hideAt = nil
        guard layer.opacity > 0 else { return }
        layer.opacity = 0
        layer.add(BasicAnimation(.opacity, from: 1, to: 0, duration: 0.25, timing: .easeIn), forKey: "hide")
    }

    /// Hides the toast once its time is up.
    public func update(now: Double) {
        if let hideAt, now >= hideAt { hide() }
    }
}
