import Kiln

/// The pressure confirm ring as a prototype: press Delete hard with a pen, or hold it, then
/// slide into the ring.
public let pressurePrototype = Prototype(
    PressureScene.self, title: "Pressure confirm ring",
    subtitle: "Press Delete hard with a pen, or hold it, then slide into the ring")
