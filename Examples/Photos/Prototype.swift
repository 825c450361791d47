import Kiln

/// The prototype this folder makes: `kiln dev Examples/Photos` loads it.
let prototype = Prototype(
    name: "photos", title: "Photos",
    subtitle: "Tap a photo; pinch, rotate, double tap, page, and swipe down to close",
    make: { PhotosScene(context: $0, tuning: $0.tuning()) },
    tuning: .of(PhotosTuning.self),
    sounds: PhotosScene.sounds)
