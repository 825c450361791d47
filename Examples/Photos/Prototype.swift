import Kiln

/// The prototype this folder makes: `kiln dev Examples/Photos` loads it.
let prototype = Prototype(
    PhotosScene.self, title: "Photos",
    subtitle: "Tap a photo; pinch, rotate, double tap, page, and swipe down to close")
