/// Small particle images generated in code, so scenes need no asset files.
extension Bitmap {
    /// A round dot of `color`, solid in the middle and fading to clear at the rim.
    ///
    /// `softness` is the fraction of the radius that fades: 0 is a hard disc, 1 fades all the way.
    public static func makeSoftDot(diameter: Int, color: Color, softness: Double = 0.5) -> Bitmap {
        let radius = Double(diameter) / 2
        let fade = min(max(softness, 0.001), 1)
        return makeSprite(width: diameter, height: diameter, color: color) { x, y in
            let r = ((x - radius) * (x - radius) + (y - radius) * (y - radius)).squareRoot() / radius
            return min(max((1 - r) / fade, 0), 1)
        }
    }

    /// A shard of `color`: an irregular four-sided splinter filling `width` × `height`.
    public static func makeShard(width: Int, height: Int, color: Color) -> Bitmap {
        let w = Double(width), h = Double(height)
        // A convex, lopsided outline, clockwise on screen, so it reads as broken, not a diamond.
        let corners = [Point(0.55 * w, 0), Point(w, 0.3 * h), Point(0.7 * w, h), Point(0, 0.65 * h)]
        return makeSprite(width: width, height: height, color: color) { x, y in
            for i in corners.indices {
                let p = corners[i], q = corners[(i + 1) % corners.count]
                if (q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x) < 0 { return 0 }
            }
            return 1
        }
    }

    /// An image whose alpha is `color.alpha` × the shape's coverage of each pixel, from 4×4
    /// samples per pixel so edges are smooth even at 4 px.
    private static func makeSprite(
        width: Int, height: Int, color: Color, coverage: (Double, Double) -> Double
    ) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        let samples = 4
        for py in 0..<height {
            for px in 0..<width {
                var sum = 0.0
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let x = Double(px) + (Double(sx) + 0.5) / Double(samples)
                        let y = Double(py) + (Double(sy) + 0.5) / Double(samples)
                        sum += coverage(x, y)
                    }
                }
                let alpha = color.alpha * sum / Double(samples * samples)
                bitmap.setPixel(x: px, y: py, color.withAlpha(alpha))
            }
        }
        return bitmap
    }
}
