import ArgumentParser

/// The HUD options of the commands that open the window.
struct HUDOptions: ParsableArguments {
    @Flag(help: "Show the HUD from the start: frame times, pressure, threshold guides (F1 toggles it, F2 layer bounds).")
    var hud = false

    @Flag(help: "Keep the HUD in recordings of the window; without this they leave it out.")
    var recordHud = false
}
