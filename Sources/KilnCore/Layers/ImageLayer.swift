import Foundation

/// A layer that shows an image file: a photo, an icon exported from a design tool, an SVG.
/// Like `UIImageView`: the image sits in the bounds by `contentsGravity`, and is clipped
/// by the layer's own `cornerRadius` when `masksToBounds` is set.
///
/// ```swift
/// let avatar = ImageLayer(named: "avatar.png")   // sized to the image
/// avatar.cornerRadius = 24
/// avatar.masksToBounds = true
/// ```
///
/// An SVG stays crisp: it is drawn again by librsvg whenever its size on screen or the
/// canvas scale changes. A file that cannot be read shows a crossed box, and one line
/// naming the file goes to standard error; the scene runs on.
public final class ImageLayer: Layer {
    /// The image shown; `nil` shows nothing.
    public var image: Image? { didSet { problem = nil; wanted = nil; invalidateContent() } }
    /// Why the layer shows a crossed box instead of its image, when it does.
    public private(set) var problem: AssetError?
    /// What a crossed box made by `init(named:)` asked for, so the file shows once it can.
    package var wanted: AssetRequest?

    /// A layer showing `image`, its bounds the image's size in points.
    public init(image: Image? = nil) {
        self.image = image
        super.init()
        if let image { bounds = Rect(origin: .zero, size: image.size) }
    }

    /// A layer showing the image `name` from the scene's asset folders, sized to it. A
    /// file that cannot be read is said in one line, and the layer shows a crossed box
    /// 44 points square instead.
    public convenience init(named name: String) {
        do {
            self.init(image: try Image(named: name))
        } catch {
            self.init(image: nil)
            bounds = Rect(x: 0, y: 0, width: 44, height: 44)
            wanted = AssetRequest(name: name, kind: .image, placeholderBounds: bounds)
            show(error)
        }
    }

    /// Shows a crossed box for `error`, and says it once.
    package func show(_ error: AssetError) {
        problem = error
        invalidateContent()
        AssetProblems.report(error)
    }

    public override var hasContent: Bool { super.hasContent || image != nil || problem != nil }
}
