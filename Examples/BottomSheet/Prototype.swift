import Kiln

/// The prototype this folder makes: `kiln dev Examples/BottomSheet` loads it.
let prototype = Prototype(
    name: "bottom-sheet", title: "Bottom sheet",
    subtitle: "Fling the sheet between three detents; the list scrolls once it is at the top",
    make: { BottomSheetScene(context: $0, tuning: $0.tuning()) },
    tuning: .of(BottomSheetTuning.self),
    sounds: BottomSheetScene.sounds)
