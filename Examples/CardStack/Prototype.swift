import Kiln

/// The prototype this folder makes: `kiln dev Examples/CardStack` loads it.
let prototype = Prototype(
    CardStackScene.self, title: "Card stack",
    subtitle: "Swipe right to like, left to pass; the card flies off with your flick")
