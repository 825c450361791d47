import Foundation

/// An element of an SVG document that has an `id`, with the elements with ids inside it:
/// what a Figma frame exported with "Include id attribute" becomes.
public struct VectorElement: Equatable, Sendable {
    /// The element's `id` attribute.
    public let id: String
    /// The element's drawn extent in the document's coordinates (its ink, with strokes).
    public let frame: Rect
    /// The elements with ids nested in this one, in document order.
    public let children: [VectorElement]

    /// The element's own `opacity`, which its layer carries (its drawings leave it out).
    package var opacity: Double = 1
    /// Whether the element draws its whole subtree in one piece: it has elements with ids inside
    /// it and an opacity under 1, a filter, a mask or a clip path, or is drawn again elsewhere
    /// in the document, so its parts cannot be drawn apart as the document draws them.
    package var isComposited = false
    /// What the element's layer shows drawn apart, back to front: runs of its own content and
    /// its children. Empty when it has no children.
    package var parts: [VectorPart] = []

    /// An element `id` covering `frame`, holding `children`.
    public init(id: String, frame: Rect, children: [VectorElement]) {
        self.id = id
        self.frame = frame
        self.children = children
    }
}

/// A stretch of an element's own drawing between two of its children with ids: drawn as
/// the element with everything outside the stretch left out, so that it keeps its place in
/// the document's order.
package struct VectorRun: Equatable, Sendable {
    /// The stretch's drawn extent in the document's coordinates, its filters' reach included.
    package let frame: Rect
    /// CSS selectors of what the element's drawing leaves out to show only the stretch.
    package let hidden: [String]

    package init(frame: Rect, hidden: [String]) {
        self.frame = frame
        self.hidden = hidden
    }
}

/// One part of what an element's layer shows, in document order.
package enum VectorPart: Equatable, Sendable {
    /// A stretch of the element's own drawing.
    case run(VectorRun)
    /// The child element at this index of `children`.
    case child(Int)
}

/// What a Lottie file holds, as its reader finds it.
public struct LottieInfo: Equatable, Sendable {
    /// The composition's size in points.
    public let size: Size
    /// How many frames it has.
    public let frameCount: Int
    /// Frames per second.
    public let frameRate: Double
    /// Its named markers, in file order.
    public let markers: [LottieMarker]

    /// A Lottie of `size`, `frameCount` frames at `frameRate`, with `markers`.
    public init(size: Size, frameCount: Int, frameRate: Double, markers: [LottieMarker]) {
        self.size = size
        self.frameCount = frameCount
        self.frameRate = frameRate
        self.markers = markers
    }

    /// The length in seconds.
    public var duration: Double { frameRate > 0 ? Double(frameCount) / frameRate : 0 }
}

/// A named span of a Lottie animation, as After Effects' composition markers give it.
public struct LottieMarker: Equatable, Sendable {
    /// The marker's name.
    public let name: String
    /// Its first frame.
    public let startFrame: Int
    /// Its last frame.
    public let endFrame: Int

    /// A marker `name` from `startFrame` to `endFrame`.
    public init(name: String, startFrame: Int, endFrame: Int) {
        self.name = name
        self.startFrame = startFrame
        self.endFrame = endFrame
    }
}

/// Reads asset files with the platform's libraries. The toolkit is pure Swift, so the
/// platform installs a reader, and `Image`, `SVGLayer` and `LottieAnimation` ask it.
package protocol AssetReader: Sendable {
    /// The pixel size in an image file's header, read without decoding the pixels.
    func imageSize(of url: URL) throws(AssetError) -> (width: Int, height: Int)
    /// The image decoded into premultiplied pixels, cached by path and stamp.
    func bitmap(of url: URL) throws(AssetError) -> Bitmap
    /// An SVG document's size in points and its elements with ids; its root's parts.
    func vectorDocument(of url: URL) throws(AssetError) -> (size: Size, elements: [VectorElement], parts: [VectorPart])
    /// What a Lottie file holds.
    func lottie(of url: URL) throws(AssetError) -> LottieInfo
}

/// The reader the platform installed, and the folders assets are found in.
package enum Assets {
    private static let installed = Locked<AssetReader?>(nil)
    private static let sceneFolders = Locked<[URL]>([])
    private static let extraFolders = Locked<[URL]>([])

    /// Makes `reader` the one every asset is read with.
    package static func install(_ reader: AssetReader) {
        installed.withLock { $0 = reader }
    }

    /// The installed reader; an error naming `file` when the process has none.
    package static func reader(for file: String) throws(AssetError) -> AssetReader {
        guard let reader = installed.withLock({ $0 }) else {
            throw AssetError(file: file, reason: "no asset reader in this process (the toolkit alone cannot decode files)")
        }
        return reader
    }

    /// Sets where the scene being hosted keeps its assets (a prototype folder's `Assets/`),
    /// searched before every other folder.
    package static func setSceneFolders(_ folders: [URL]) {
        sceneFolders.withLock { $0 = folders }
    }

    /// Adds `folder` to the folders assets are found in, after the scene's own: a package
    /// app's resources, say.
    package static func addFolder(_ folder: URL) {
        extraFolders.withLock { if !$0.contains(folder) { $0.append(folder) } }
    }

    /// Every folder searched, in order.
    package static var folders: [URL] {
        sceneFolders.withLock { $0 } + extraFolders.withLock { $0 }
    }

    /// The file `name` names: an absolute path as it is, else the first folder holding it.
    package static func locate(_ name: String) throws(AssetError) -> URL {
        if name.hasPrefix("/") {
            let url = URL(fileURLWithPath: name)
            guard FileManager.default.fileExists(atPath: url.path) else { throw AssetError(file: name, reason: "no such file") }
            return url
        }
        let places = folders
        for folder in places {
            let url = folder.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        let looked = places.isEmpty ? "no asset folder is set" : "not in " + places.map(\.path).joined(separator: ", ")
        throw AssetError(file: name, reason: "no such asset (\(looked))")
    }
}

/// Finds assets for code outside Kiln's own modules: a package app registers the folder its
/// resources are in, and `Image(named:)` looks there after the prototype's `Assets/`.
public enum AssetFolders {
    /// Adds `folder` to the folders `Image(named:)`, `SVGLayer(named:)` and
    /// `LottieAnimation(named:)` search, after the scene's own `Assets/`:
    /// `AssetFolders.add(Bundle.module.resourceURL!)` in a package app.
    public static func add(_ folder: URL) {
        Assets.addFolder(folder)
    }

    /// The folders searched, in order.
    public static var searched: [URL] { Assets.folders }

    /// The file `name` stands for: an absolute path, or a name in one of the folders.
    public static func url(named name: String) throws(AssetError) -> URL {
        try Assets.locate(name)
    }
}
