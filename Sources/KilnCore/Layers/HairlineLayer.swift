/// A layer that draws polylines one device pixel wide, for overlays that change every frame
/// (the HUD's layer bounds and guides).
///
/// Like particles, hairlines are not rasterized: the render list gives the layer a lines
/// item and the compositor draws the points straight, so moving them costs nothing but the
/// drawing. They take the layer's transform and opacity; they ignore clipping.
public final class HairlineLayer: Layer {
    /// The lines, each a list of points in the layer's coordinates joined in order.
    public var polylines: [[Point]] = []
    /// The lines' colour.
    public var lineColor: Color = .white

    /// An empty hairline layer.
    public override init() {
        super.init()
    }
}
