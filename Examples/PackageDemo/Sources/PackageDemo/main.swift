import Kiln

/// The package's one prototype: what the launcher shows, and how to make it.
let bloom = Prototype(
    BloomScene.self, title: "Bloom",
    subtitle: "Tap the button: its petals spring open, tap again to close them")

KilnApp.main(prototypes: [bloom], version: "1.0")
