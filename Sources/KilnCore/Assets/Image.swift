import Foundation

/// An image file a layer shows: a PNG, JPEG, WebP or GIF (its first frame) decoded by the
/// platform's image library, or an SVG drawn by librsvg at whatever size it is shown.
///
/// ```swift
/// let photo = ImageLayer()
/// photo.image = try Image(named: "photo.jpg")     // from the prototype's Assets/
/// photo.frame = Rect(x: 20, y: 80, width: 335, height: 220)
/// photo.contentsGravity = .resizeAspectFill
/// ```
///
/// As on iOS, `name@2x.png` and `name@3x.png` beside `name.png` are the same image at two
/// and three pixels a point: the variant that fits the canvas scale is drawn, and `size`
/// is in points either way. Pixels are decoded once, premultiplied, and cached by path and
/// modification time; a file saved again is read again.
public struct Image: Equatable, Sendable, CustomStringConvertible {
    /// How an image is drawn.
    public enum Kind: Equatable, Sendable {
        /// Pixels, scaled to the size shown.
        case bitmap
        /// An SVG document, rasterized again whenever its size on screen changes.
        case vector
    }

    /// One file of the image, at its pixels per point.
    package struct Variant: Equatable, Sendable {
        /// The file.
        package let url: URL
        /// Pixels per point: 1, or 2 and 3 for `@2x` and `@3x` files.
        package let scale: Double
        /// The file's version when it was read.
        package let stamp: AssetStamp
    }

    /// The file the image was made from.
    public let url: URL
    /// Pixels or vector.
    public let kind: Kind
    /// The image's size in points.
    public let size: Size
    /// Its files, by increasing scale.
    package let variants: [Variant]

    /// The image `name` from the scene's asset folders (a prototype's `Assets/`, Kiln's
    /// `Resources/`, folders added with `AssetFolders.add`), or at `name` when it is an
    /// absolute path. Throws a one-line `AssetError` when the file is missing, unreadable,
    /// corrupt, or claims more than `AssetError.maximumSide` pixels on a side.
    public init(named name: String) throws(AssetError) {
        let found = try Self.locate(name)
        try self.init(variants: found, named: name)
    }

    /// The image in the file at `url`, with its `@2x` and `@3x` siblings when they exist.
    public init(contentsOf url: URL) throws(AssetError) {
        try self.init(variants: Self.variantFiles(of: url), named: url.lastPathComponent)
    }

    private init(variants files: [(url: URL, scale: Double)], named name: String) throws(AssetError) {
        guard let first = files.first else { throw AssetError(file: name, reason: "no such file") }
        let reader = try Assets.reader(for: name)
        url = first.url
        if Self.isVector(first.url) {
            kind = .vector
            size = try reader.vectorDocument(of: first.url).size
            variants = [Variant(url: first.url, scale: 1, stamp: AssetStamp(of: first.url))]
            return
        }
        kind = .bitmap
        var made: [Variant] = []
        var pointSize: Size?
        for file in files {
            let pixels = try reader.imageSize(of: file.url)
            if pointSize == nil {
                pointSize = Size(width: Double(pixels.width) / file.scale, height: Double(pixels.height) / file.scale)
            }
            made.append(Variant(url: file.url, scale: file.scale, stamp: AssetStamp(of: file.url)))
        }
        variants = made
        size = pointSize ?? .zero
        // Decoding now finds a corrupt file where the image is made, and warms the cache
        // for the variant a 2× canvas draws.
        _ = try reader.bitmap(of: variant(forScale: 2).url)
    }

    /// The variant to draw at `scale` pixels a point: the smallest at least that fine, else
    /// the finest there is.
    package func variant(forScale scale: Double) -> Variant {
        variants.first { $0.scale >= scale - 0.01 } ?? variants[variants.count - 1]
    }

    /// The decoded pixels of the variant for `scale`, premultiplied.
    package func bitmap(forScale scale: Double) throws(AssetError) -> Bitmap {
        try Assets.reader(for: url.lastPathComponent).bitmap(of: variant(forScale: scale).url)
    }

    /// Whether any of the image's files changed since it was read.
    package var isStale: Bool {
        variants.contains { AssetStamp(of: $0.url) != $0.stamp }
    }

    public var description: String {
        "\(url.lastPathComponent) (\(kind == .vector ? "SVG" : "image"), \(size.width)×\(size.height) pt)"
    }

    /// Whether `url` names an SVG document.
    package static func isVector(_ url: URL) -> Bool {
        ["svg", "svgz"].contains(url.pathExtension.lowercased())
    }

    /// The files `name` stands for now, found as `init(named:)` finds them; empty when there
    /// are none.
    package static func files(named name: String) -> [URL] {
        ((try? locate(name)) ?? []).map(\.url)
    }

    /// The files of `name`: the one named and its `@2x` and `@3x` siblings, by scale. When
    /// only `@2x` or `@3x` files exist, those.
    private static func locate(_ name: String) throws(AssetError) -> [(url: URL, scale: Double)] {
        do {
            return variantFiles(of: try Assets.locate(name))
        } catch {
            let ext = (name as NSString).pathExtension
            let stem = (name as NSString).deletingPathExtension
            for scale in [2, 3] {
                if let found = try? Assets.locate("\(stem)@\(scale)x.\(ext)") { return variantFiles(of: found) }
            }
            throw error
        }
    }

    /// The pixels a point of a file called `stem`: 2 and 3 for `@2x` and `@3x`, else 1.
    private static func scale(ofStem stem: String) -> Double {
        stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
    }

    /// The file at `url` and the finer `@2x`/`@3x` files beside it, by scale.
    private static func variantFiles(of url: URL) -> [(url: URL, scale: Double)] {
        guard !isVector(url) else { return [(url, 1)] }
        var stem = url.deletingPathExtension().lastPathComponent
        let own = scale(ofStem: stem)
        var files: [(url: URL, scale: Double)] = [(url, own)]
        if own > 1 { stem = String(stem.dropLast(3)) }
        for finer in [2.0, 3.0] where finer > own {
            let sibling = url.deletingLastPathComponent()
                .appendingPathComponent("\(stem)@\(Int(finer))x").appendingPathExtension(url.pathExtension)
            if FileManager.default.fileExists(atPath: sibling.path) { files.append((sibling, finer)) }
        }
        return files
    }
}
