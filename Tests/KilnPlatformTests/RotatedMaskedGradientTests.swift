import KilnCore
import KilnPlatform
import KilnTestSupport
import Testing

/// A card tilted by a tenth of a radian holding a masked, rounded layer filled by a gradient:
/// the smallest tree that once crashed the offline renderer at 2× (and came out smeared at
/// other scales), rendered at 1×, 2× and 3×.
@Suite struct RotatedMaskedGradientTests {
    static let canvas = Size(width: 420, height: 580)

    /// A 340 × 500 pt card rotated by 0.1 rad, holding a full-size layer that masks to its
    /// bounds with 18 pt corners, holding a full-size gradient.
    static func makeCard() -> Layer {
        let root = Layer()
        root.frame = Rect(origin: .zero, size: canvas)
        let card = Layer()
        card.bounds = Rect(0, 0, 340, 500)
        card.position = Point(x: canvas.width / 2, y: canvas.height / 2)
        card.transform = Transform(rotationAngle: 0.1)
        let clip = Layer()
        clip.frame = card.bounds
        clip.masksToBounds = true
        clip.cornerRadius = 18
        let gradient = GradientLayer()
        gradient.frame = clip.bounds
        gradient.colors = [Color(red: 0.95, green: 0.55, blue: 0.2), Color(red: 0.3, green: 0.2, blue: 0.8)]
        root.addSublayer(card)
        card.addSublayer(clip)
        clip.addSublayer(gradient)
        return root
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func aTiltedCardWithAMaskedGradientRendersOfflineAsTheReferenceDrawsIt(scale: Double) async throws {
        // A crash would end the whole test run, so the render is first tried in a process
        // of its own.
        let trial = await #expect(processExitsWith: .success, "rendering the card at \(scale)×") { [scale] in
            let host = try OffscreenHost(canvas: RotatedMaskedGradientTests.canvas, scale: scale)
            _ = host.render(root: RotatedMaskedGradientTests.makeCard(), background: LayerTreeSpec.background)
        }
        guard case .exitCode(0)? = trial?.exitStatus else { return }
        let root = Self.makeCard()

        let actual = try OffscreenHost(canvas: Self.canvas, scale: scale)
            .render(root: root, background: LayerTreeSpec.background)
        let reference = ReferenceRenderer.render(root: root, canvas: Self.canvas, scale: scale,
                                                 background: LayerTreeSpec.background)

        FrameMatch.expect(actual, matches: reference, name: "tilted-card-\(scale)x",
                          details: "a 340 × 500 pt card rotated by 0.1 rad, masked with 18 pt corners, gradient inside")
    }
}
