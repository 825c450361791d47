import Foundation
import Kiln

/// A round button that blooms: tap it and its petals spring out around it one after the
/// other, tap again and they fold back behind it. Holding it down presses it in.
final class BloomScene: TunedScene {
    /// Closed: the petals hide behind the button. Open: they stand around it.
    enum State {
        case closed, open
    }

    static let name = "bloom"
    let root = Layer()
    let backgroundColor = Color(hex: 0xF2F2F7)
    private let context: SceneContext
    private let tuning: BloomTuning
    private let button = ShapeLayer()
    private let glyph = ShapeLayer()
    private var petals: [ShapeLayer] = []
    private var state = State.closed
    /// Petals waiting to set off, with the scene time each goes.
    private var departures: [(petal: Int, time: Double)] = []
    private var now = 0.0

    init(context: SceneContext, tuning: BloomTuning) {
        self.context = context
        self.tuning = tuning
        root.bounds = Rect(origin: .zero, size: context.canvasSize)
        root.position = Point(context.canvasSize.width / 2, context.canvasSize.height / 2)
        buildTitle()
        buildPetals()
        buildButton()
    }

    /// The button's centre: where a replayed pen recording presses first.
    var primaryControl: Point? { center }

    private var center: Point { Point(context.canvasSize.width / 2, context.canvasSize.height * 0.55) }

    func update(time: Double) {
        now = time
        let due = departures.filter { $0.time <= time }
        departures.removeAll { $0.time <= time }
        for departure in due { move(petals[departure.petal], open: state == .open) }
    }

    // MARK: Building

    private func buildTitle() {
        let title = TextLayer()
        title.string = "Bloom"
        title.fontSize = 34
        title.fontWeight = .bold
        title.frame = Rect(24, 60, context.canvasSize.width - 48, 44)
        let hint = TextLayer()
        hint.string = "A prototype of its own, in a package that depends on Kiln. Tap the button."
        hint.fontSize = 15
        hint.isWrapped = true
        hint.foregroundColor = Color(hex: 0x8E8E93)
        hint.frame = Rect(24, 106, context.canvasSize.width - 48, 44)
        root.addSublayer(title)
        root.addSublayer(hint)
    }

    private func buildPetals() {
        let r = tuning.petalRadius
        for index in 0..<tuning.petalCount {
            let petal = ShapeLayer()
            petal.name = "petal-\(index)"
            petal.bounds = Rect(0, 0, 2 * r, 2 * r)
            petal.path = Path(circleCenter: Point(r, r), radius: r)
            petal.fillColor = tuning.petalColors[index % tuning.petalColors.count]
            petal.position = center
            petal.uniformScale = 0.3
            petal.opacity = 0
            petal.isHitTestable = false
            root.addSublayer(petal)
            petals.append(petal)
        }
    }

    private func buildButton() {
        button.name = "button"
        button.bounds = Rect(0, 0, 88, 88)
        button.path = Path(circleCenter: Point(44, 44), radius: 44)
        button.fillColor = tuning.buttonColor
        button.shadowColor = .black
        button.shadowOpacity = 0.25
        button.shadowRadius = 12
        button.shadowOffset = Point(0, 6)
        button.position = center
        var plus = Path()
        plus.move(to: Point(44, 28))
        plus.addLine(to: Point(44, 60))
        plus.move(to: Point(28, 44))
        plus.addLine(to: Point(60, 44))
        glyph.bounds = button.bounds
        glyph.position = Point(44, 44)
        glyph.path = plus
        glyph.strokeColor = .white
        glyph.lineWidth = 5
        glyph.lineCap = .round
        glyph.isHitTestable = false
        button.addSublayer(glyph)
        root.addSublayer(button)

        let press = PressGestureRecognizer { [weak self] in self?.pressChanged($0) }
        press.allowableMovement = 24
        button.addGestureRecognizer(press)
    }

    // MARK: Behaviour

    private func pressChanged(_ press: PressGestureRecognizer) {
        switch press.state {
        case .began:
            spring(button, .scale, \.uniformScale, to: tuning.pressedScale, with: tuning.closeSpring)
        case .ended:
            spring(button, .scale, \.uniformScale, to: 1, with: tuning.openSpring)
            toggle()
        case .cancelled, .failed:
            spring(button, .scale, \.uniformScale, to: 1, with: tuning.closeSpring)
        default:
            break
        }
    }

    /// Opens or closes: petals set off in turn, outwards from the first when opening and
    /// back from the last when closing.
    private func toggle() {
        state = state == .closed ? .open : .closed
        let order = state == .open ? Array(petals.indices) : petals.indices.reversed()
        departures = order.enumerated().map { (petal: $1, time: now + Double($0) * tuning.stagger) }
        spring(glyph, .rotation, \.rotation, to: state == .open ? .pi / 4 : 0, with: tuning.openSpring)
        context.emit(state == .open ? "bloom.opened" : "bloom.closed", at: now, ["petals": .number(Double(petals.count))])
    }

    private func move(_ petal: ShapeLayer, open: Bool) {
        let index = petals.firstIndex { $0 === petal } ?? 0
        let angle = 2 * Double.pi * Double(index) / Double(petals.count) - .pi / 2
        let target = open
            ? Point(center.x + tuning.bloomRadius * cos(angle), center.y + tuning.bloomRadius * sin(angle))
            : center
        let motion = open ? tuning.openSpring : tuning.closeSpring
        spring(petal, .position, \.position, to: target, with: motion)
        spring(petal, .scale, \.uniformScale, to: open ? 1 : 0.3, with: motion)
        spring(petal, .opacity, \.opacity, to: open ? 1 : 0, with: tuning.closeSpring)
    }

    /// Springs `property` of `layer` (read and written through `keyPath`) from where it
    /// shows now to `value`, taking over from any spring still running on it.
    private func spring<Value: VectorValue>(_ layer: Layer, _ property: AnimatableProperty<Value>,
                                            _ keyPath: ReferenceWritableKeyPath<Layer, Value>,
                                            to value: Value, with spring: Spring) {
        let presented = layer[keyPath: keyPath]
        layer.removeAnimation(forKey: property.name)
        layer[keyPath: keyPath] = value
        layer.add(SpringAnimation(property, from: presented, to: value, spring: spring), forKey: property.name)
    }
}
