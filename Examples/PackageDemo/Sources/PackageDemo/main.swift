import Kiln

/// The package's one prototype: what the launcher shows, and how to make it.
let bloom = Prototype(
    name: "bloom", title: "Bloom",
    subtitle: "Tap the button: its petals spring open, tap again to close them",
    make: { BloomScene(context: $0, tuning: $0.tuning()) },
    tuning: .of(BloomTuning.self))

KilnApp.main(prototypes: [bloom], version: "1.0")
