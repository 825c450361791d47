import KilnCore
import KilnRuntime

/// A scene as an offline render takes it: the scene to step and draw, and the mixer its
/// sounds go to, whose samples become the clip's sound track (`nil` for a silent clip).
///
/// The window never hears a mixer; only the offline host is handed one, beside the scene.
package struct OfflineScene {
    /// The scene stepped and drawn frame by frame.
    package let scene: HostedScene
    /// Where the scene's sounds are mixed sample-exact: `nil` for a silent clip.
    package let mixer: OfflineMixer?

    /// An offline scene: `scene`, heard through `mixer` when there is one.
    package init(_ scene: HostedScene, mixer: OfflineMixer?) {
        self.scene = scene
        self.mixer = mixer
    }
}
