extension PrototypeTemplate {
    /// The scene's type: the prototype's name in upper camel case and `Scene`, `CardScene`
    /// for `card`.
    package var sceneType: String { moduleName + "Scene" }

    /// The tuning's type: `CardTuning` for `card`.
    package var tuningType: String { moduleName + "Tuning" }

    /// The Swift file: a tuning type, a scene with a card to drag, and the `prototype`.
    /// Its tuning fields are `StarterTuning`'s, so that `tuning.toml` matches them; its
    /// types are named after the prototype (`sceneType`, `tuningType`), not after the card,
    /// which the designer may rename or replace.
    package var swiftSource: String {
        """
        import Kiln

        /// Every value the scene reads. `tuning.toml` beside this file overrides them, and
        /// the window applies a saved change at once.
        struct \(tuningType): SceneTuning {
            var spring = Spring(dampingRatio: 0.62, response: 0.42)
            var liftScale = 1.06
            var color = Color(hex: 0x0A84FF)

            static let title = "\(name): a card you drag, which springs home"
            static let fields: [TuningField<\(tuningType)>] = [
                .spring("card.spring", \\.spring, "How the card springs home when let go, with the speed it was let go at."),
                .number("card.lift_scale", \\.liftScale, "How much the card grows while it is held.", in: 1...1.5),
                .color("card.color", \\.color, "The card's colour."),
            ]
        }

        /// A card in the middle of the canvas: drag it anywhere, let go, and it springs home
        /// with the speed you let it go at.
        final class \(sceneType): TunedScene {
            static let name = "\(name)"
            let root = Layer()
            let backgroundColor = Color(hex: 0xF2F2F7)
            private let context: SceneContext
            private let tuning: \(tuningType)
            private let card = Layer()
            private var home = Point.zero
            private var dragStart = Point.zero
            private var now = 0.0

            init(context: SceneContext, tuning: \(tuningType)) {
                self.context = context
                self.tuning = tuning
                let size = context.canvasSize
                root.bounds = Rect(origin: .zero, size: size)
                root.position = Point(x: size.width / 2, y: size.height / 2)

                card.name = "card"
                card.frame = Rect(size.width / 2 - 110, size.height / 2 - 70, 220, 140)
                card.backgroundColor = tuning.color
                card.cornerRadius = 22
                card.shadowColor = .black
                card.shadowOpacity = 0.2
                card.shadowRadius = 14
                card.shadowOffset = Point(x: 0, y: 8)
                // From Assets/ beside this file; save a new version and the window shows it.
                let icon = ImageLayer(named: "\(Self.iconName)")
                icon.name = "icon"
                icon.frame = Rect(94, 16, 32, 32)
                card.addSublayer(icon)
                let label = TextLayer()
                label.frame = Rect(0, 0, 220, 140)
                label.string = "Drag me"
                label.fontSize = 24
                label.fontWeight = .bold
                label.foregroundColor = .white
                label.alignmentMode = .center
                label.isVerticallyCentered = true
                card.addSublayer(label)
                root.addSublayer(card)
                home = card.position

                let pan = PanGestureRecognizer { [weak self] in self?.drag($0) }
                pan.minimumDistance = 2
                card.addGestureRecognizer(pan)
            }

            /// The scene's time, for the events it sends.
            func update(time: Double) {
                now = time
            }

            var primaryControl: Point? { card.position }

            private func drag(_ pan: PanGestureRecognizer) {
                switch pan.state {
                case .began:
                    // Catch the card where it is, even halfway home.
                    let shown = card.position
                    card.removeAnimation(forKey: "home")
                    card.position = shown
                    dragStart = shown
                    card.uniformScale = tuning.liftScale
                case .changed:
                    let moved = pan.translation(in: nil)
                    card.position = Point(x: dragStart.x + moved.x, y: dragStart.y + moved.y)
                case .ended, .cancelled:
                    let from = card.position
                    card.position = home
                    card.uniformScale = 1
                    card.add(SpringAnimation(.position, from: from, to: home,
                                             initialVelocity: pan.velocity(in: nil), spring: tuning.spring),
                             forKey: "home")
                    context.emit("card.released", at: now, ["x": .number(from.x.rounded()), "y": .number(from.y.rounded())])
                default:
                    break
                }
            }
        }

        /// What kiln loads from this folder: the scene, made with its tuning, and its
        /// launcher card.
        let prototype = Prototype(\(sceneType).self, title: "\(name)", subtitle: "A card you drag, which springs home")

        """
    }
}
