import Kiln

/// The laser card burner as a prototype: drag a savings Pocket through a laser to delete it.
/// The kiln executable lists it first in its launcher.
public let laserPrototype = Prototype(
    name: "laser", title: "Laser card burner",
    subtitle: "Drag a savings Pocket through a laser to delete it",
    make: { LaserScene(context: $0, tuning: $0.tuning()) }, tuning: .of(LaserTuning.self),
    sounds: LaserScene.sounds)
