import ArgumentParser

/// The HUD options of the commands that open the window.
struct HUDOptions: ParsableArguments {
    @Flag(help: "Show the HUD from the start: frame times, pressure, threshold guides (F1 toggles it, F2 layer bounds).")
    var hud = false
}
