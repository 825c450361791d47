import Kiln

/// The prototype this folder makes: `kiln dev Examples/BottomSheet` loads it.
let prototype = Prototype(
    BottomSheetScene.self, title: "Bottom sheet",
    subtitle: "Fling the sheet between three detents; the list scrolls once it is at the top")
