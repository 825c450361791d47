import Kiln
import Testing
@testable import BottomSheet

@Suite("Sheet physics")
struct SheetPhysicsTests {
    let detents = DetentHeights(collapsed: 104, medium: 405, large: 790)

    @Test("The detent nearest the projection is chosen, not the one nearest the release",
          arguments: [
              (0.0, Detent.medium), (300, .medium), (800, .large), (1500, .large),
              (-300, .medium), (-500, .collapsed), (-2500, .collapsed),
          ])
    func detentForVelocity(_ velocity: Double, expected: Detent) {
        let projected = Decay.project(detents.medium, velocity: velocity, rate: DecelerationRate.normal)

        #expect(detents.nearest(to: projected) == expected)
    }

    @Test("The scrim darkens steadily with height and holds each detent's opacity there")
    func scrimMonotonic() {
        let opacities = (collapsed: 0.0, medium: 0.08, large: 0.38)
        var previous = -1.0
        for height in stride(from: 0.0, through: 900, by: 0.5) {
            let opacity = SheetPhysics.scrimOpacity(atHeight: height, detents: detents, opacities: opacities)
            #expect(opacity >= previous && (0...0.38).contains(opacity))
            previous = opacity
        }

        #expect(SheetPhysics.scrimOpacity(atHeight: 104, detents: detents, opacities: opacities) == 0)
        #expect(abs(SheetPhysics.scrimOpacity(atHeight: 405, detents: detents, opacities: opacities) - 0.08) < 1e-12)
        #expect(abs(SheetPhysics.scrimOpacity(atHeight: 790, detents: detents, opacities: opacities) - 0.38) < 1e-12)
    }
}
