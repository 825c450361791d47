/// One vertex of a particle quad, laid out exactly like `SDL_Vertex`.
///
/// `SDL_Vertex` is `SDL_FPoint position` (two floats), `SDL_Color color` (four bytes),
/// `SDL_FPoint tex_coord` (two floats): 20 bytes, so an array of these can be handed to
/// `SDL_RenderGeometry` as it is.
package struct ParticleVertex: Hashable, Sendable {
    /// Horizontal position in the target's coordinates.
    package var x: Float
    /// Vertical position in the target's coordinates.
    package var y: Float
    /// Red, not premultiplied (straight alpha).
    package var r: UInt8
    /// Green, not premultiplied (straight alpha).
    package var g: UInt8
    /// Blue, not premultiplied (straight alpha).
    package var b: UInt8
    /// Alpha: the particle's alpha times the layer's opacity.
    package var a: UInt8
    /// Horizontal texture coordinate, 0 at the image's left edge, 1 at its right.
    package var u: Float
    /// Vertical texture coordinate, 0 at the image's top edge, 1 at its bottom.
    package var v: Float

    /// A vertex from its parts.
    package init(x: Float, y: Float, r: UInt8, g: UInt8, b: UInt8, a: UInt8, u: Float, v: Float) {
        self.x = x; self.y = y
        self.r = r; self.g = g; self.b = b; self.a = a
        self.u = u; self.v = v
    }

    /// A transparent vertex at the origin, for filling buffers.
    package static let zero = ParticleVertex(x: 0, y: 0, r: 0, g: 0, b: 0, a: 0, u: 0, v: 0)
}
