import Foundation
import Kiln
import KilnTesting
@testable import CardStack

/// The prototype's folder (Tests/ → the folder), whose `Assets/` the scene reads.
let cardStackFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

/// A card stack on an iPhone 14 canvas, its frames at 60 fps and the pointer at 120 Hz, with
/// its events and sounds recorded.
typealias StackHarness = SceneHarness<CardStackScene>

extension SceneHarness where S == CardStackScene {
    /// The stack with `tuning`, its photos, stamps and burst read from the folder's
    /// `Assets/`, run for a tenth of a second.
    convenience init(tuning: CardStackTuning = CardStackTuning()) {
        AssetFolders.add(cardStackFolder.appendingPathComponent("Assets"))
        self.init(framesPerSecond: 60, settlingFor: 0.1) { CardStackScene(context: $0, tuning: tuning) }
    }

    /// The card on top.
    var top: ProfileCard { scene.cards[0] }

    /// A point on the top card, a little above its middle.
    var onCard: Point { Point(scene.cardFrame.midX, scene.cardFrame.midY - 60) }

    /// Drags the top card sideways by `dx` over `duration`, holds still for `hold`, and lets go.
    func swipe(by dx: Double, over duration: Double, hold: Double = 0) {
        drag(from: onCard, by: dx, 0, over: duration, hold: hold)
    }
}
