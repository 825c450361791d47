/// A pen device that went away while the app was using it: a tablet unplugged, its
/// event device gone, its X device removed or disabled, or a replayed recording cut off.
///
/// Scenes do not need it: a press that loses its pen goes on with pointer events that
/// carry no pressure (P2's timed fallback). Hosts hand it to the HUD, which names the device.
import KilnCore

package struct PenLoss: Hashable, Sendable {
    /// The device's name, as its source reports it ("Wacom Intuos Pro M Pen").
    package var deviceName: String
    /// The pressure source it belonged to: "xinput2", "evdev" or "evemu".
    package var source: String
    /// When it went, in seconds on the clock of the events it came with.
    package var time: Double
    /// Whether the pen was pressing: a press went on without it.
    package var wasPressing: Bool

    /// Seconds a press is held after its pen was lost when nothing lifts it (the X server
    /// let go of the device, a replay was cut off): long enough for a timed fallback to
    /// fill from empty (2 s in Kiln's scenes) and for the user to click; then it is
    /// cancelled, since a loss must never confirm an action.
    package static let heldPressDuration = 5.0

    /// The pen `deviceName`, read through `source`, lost at scene time `time`, pressing or not.
    package init(deviceName: String, source: String, time: Double, wasPressing: Bool) {
        self.deviceName = deviceName
        self.source = source
        self.time = time
        self.wasPressing = wasPressing
    }
}
