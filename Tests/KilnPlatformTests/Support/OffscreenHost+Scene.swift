import KilnCore
import KilnPlatform

extension OffscreenHost {
    /// Draws a scene's current state.
    func render(_ scene: Scene) -> Bitmap {
        render(root: scene.root, background: scene.backgroundColor)
    }
}
