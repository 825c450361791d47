import Kiln

/// The prototype this folder makes: `kiln dev Examples/CardStack` loads it.
let prototype = Prototype(
    name: "card-stack", title: "Card stack",
    subtitle: "Swipe right to like, left to pass; the card flies off with your flick",
    make: { CardStackScene(context: $0, tuning: $0.tuning()) },
    tuning: .of(CardStackTuning.self),
    sounds: CardStackScene.sounds)
