import Foundation

/// What a layer showing a crossed box asked for: the name code gave it, found again through
/// the asset folders each time the watcher looks, and the versions of the files it was
/// refused at. A file that appears, or is saved again, differs from those versions, so the
/// watcher tries the name once more; until then nothing is read, and nothing said again.
package struct AssetRequest: Equatable, Sendable {
    /// What the name stands for: an image (with its `@2x` and `@3x` files) or a Lottie file.
    package enum Kind: Equatable, Sendable {
        /// An image or SVG, found as `Image(named:)` finds it.
        case image
        /// A Lottie file, found as `LottieAnimation(named:)` finds it.
        case animation
    }

    /// One file the name stood for, and its version.
    package struct FileVersion: Equatable, Sendable {
        /// Where the file was found.
        package let path: String
        /// Its version then.
        package let stamp: AssetStamp
    }

    /// The name or absolute path code gave.
    package let name: String
    /// How the name is found.
    package let kind: Kind
    /// The files the name stood for when it was last tried; empty while there were none.
    package var versions: [FileVersion]
    /// The bounds the crossed box was given: a layer still at them takes the asset's size.
    package let placeholderBounds: Rect

    /// The request for `name`, refused now, in a crossed box of `placeholderBounds`.
    package init(name: String, kind: Kind, placeholderBounds: Rect) {
        self.name = name
        self.kind = kind
        self.placeholderBounds = placeholderBounds
        versions = Self.versions(of: name, kind: kind)
    }

    /// The files `name` stands for now, with their versions: a `stat` each, nothing read.
    package static func versions(of name: String, kind: Kind) -> [FileVersion] {
        let files: [URL]
        switch kind {
        case .image: files = Image.files(named: name)
        case .animation: files = (try? Assets.locate(name)).map { [$0] } ?? []
        }
        return files.map { FileVersion(path: $0.path, stamp: AssetStamp(of: $0)) }
    }
}
