import Foundation
import Kiln

/// The three resting heights of the sheet, lowest first.
enum Detent: String, CaseIterable, Sendable {
    case collapsed, medium, large
}

/// The heights (points of sheet above the canvas's bottom edge) of each detent.
struct DetentHeights: Equatable, Sendable {
    var collapsed: Double
    var medium: Double
    var large: Double

    init(collapsed: Double, medium: Double, large: Double) {
        self.collapsed = collapsed
        self.medium = medium
        self.large = large
    }

    /// The detents of a tuning on a canvas `height` points tall.
    init(tuning: BottomSheetTuning, canvasHeight height: Double) {
        large = height - tuning.largeTopInset
        medium = min(large, (height * tuning.mediumFraction).rounded())
        collapsed = min(medium, tuning.collapsedHeight)
    }

    /// The height of one detent.
    subscript(detent: Detent) -> Double {
        switch detent {
        case .collapsed: collapsed
        case .medium: medium
        case .large: large
        }
    }

    /// The detent whose height is closest to `height`; the lower one on a tie.
    func nearest(to height: Double) -> Detent {
        Detent.allCases.min { abs(self[$0] - height) < abs(self[$1] - height) }!
    }
}

/// The arithmetic of the sheet, kept apart from layers so that it can be tested alone.
enum SheetPhysics {
    /// The scrim's opacity at a sheet height: each detent's opacity, interpolated between
    /// detents and held beyond the lowest and the highest.
    static func scrimOpacity(atHeight height: Double, detents: DetentHeights,
                             opacities: (collapsed: Double, medium: Double, large: Double)) -> Double {
        if height <= detents.medium {
            return modulate(height, from: (detents.collapsed, detents.medium),
                            to: (opacities.collapsed, opacities.medium), clamped: true)
        }
        return modulate(height, from: (detents.medium, detents.large),
                        to: (opacities.medium, opacities.large), clamped: true)
    }
}
