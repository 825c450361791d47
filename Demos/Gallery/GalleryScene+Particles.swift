import Kiln

extension GalleryScene {
    /// Pre-warm emitters this long at init, so that any frame, including time 0, shows them full.
    static let emitterWarmUp = 1.0

    /// The debris preset in the laser's red, spraying from the middle of the beam, clipped to the card.
    func buildDebris(in card: Layer, beamY: Double, beamCenterX: Double) {
        card.masksToBounds = true
        let debris = EmitterLayer(configuration: EmitterPresets.debris(
            center: Point(beamCenterX, beamY), spanWidth: 64, color: Color(hex: 0xFF2B1C), seed: context.seed &+ 7))
        debris.frame = card.bounds
        debris.name = "gallery.debris"
        addEmitter(debris, to: card)
    }

    /// A small night card with the fountain preset, shrunk to fit, clipped to the card.
    func buildFountain(frame: Rect) {
        let card = Layer.make(frame: frame, color: Palette.night, cornerRadius: 14)
        card.masksToBounds = true
        card.applyCardShadow()
        root.addSublayer(card)
        let fountain = EmitterLayer(configuration: EmitterPresets.fountain(
            at: Point(frame.width / 2, frame.height - 8), seed: context.seed))
        fountain.frame = card.bounds
        fountain.name = "gallery.fountain"
        // The preset is sized for a phone screen; a slower, shorter-lived, smaller spray fits the card.
        fountain.velocity = 0.45
        fountain.lifetime = 0.6
        fountain.scale = 0.7
        addEmitter(fountain, to: card)
        card.addSublayer(TextLayer.make("PARTICLES", frame: Rect(10, 7, frame.width - 20, 12), size: 9,
                                        weight: .semibold, color: Color(hex: 0x8E8E93)))
    }

    private func addEmitter(_ emitter: EmitterLayer, to parent: Layer) {
        emitter.advance(by: GalleryScene.emitterWarmUp)
        parent.addSublayer(emitter)
        emitters.append(emitter)
    }
}
