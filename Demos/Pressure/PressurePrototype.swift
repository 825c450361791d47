import Kiln

/// The pressure confirm ring as a prototype: press Delete hard with a pen, or hold it, then
/// slide into the ring.
public let pressurePrototype = Prototype(
    name: "pressure", title: "Pressure confirm ring",
    subtitle: "Press Delete hard with a pen, or hold it, then slide into the ring",
    make: { PressureScene(context: $0, tuning: $0.tuning()) }, tuning: .of(PressureTuning.self),
    sounds: PressureScene.sounds)
