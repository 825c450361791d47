import Kiln

/// The laser card burner as a prototype: drag a savings Pocket through a laser to delete it.
/// The kiln executable lists it first in its launcher.
public let laserPrototype = Prototype(
    LaserScene.self, title: "Laser card burner",
    subtitle: "Drag a savings Pocket through a laser to delete it")
