// The asset reader the platform installs for the toolkit: gdk-pixbuf, librsvg and rlottie
// behind one cache, keyed by path and the file's stamp, so that each version of a file is
// decoded once and a saved file is read again.
import Foundation
import KilnCore

/// Reads images, SVG and Lottie files for every scene of the process.
package final class PlatformAssetReader: AssetReader {
    /// The reader every scene of the process uses.
    package static let shared = PlatformAssetReader()

    /// Makes `shared` the toolkit's reader; called by every host before it makes a scene.
    package static func install() {
        Assets.install(shared)
    }

    private struct Key: Hashable {
        let path: String
        let stamp: AssetStamp
    }

    private let bitmaps = Locked<[Key: Bitmap]>([:])
    private let vectors = Locked<[Key: VectorDocument]>([:])
    private let lotties = Locked<[Key: LottieDocument]>([:])

    private func key(_ url: URL) -> Key {
        Key(path: url.standardizedFileURL.path, stamp: AssetStamp(of: url))
    }

    package func imageSize(of url: URL) throws(AssetError) -> (width: Int, height: Int) {
        if let cached = bitmaps.withLock({ $0[key(url)] }) { return (cached.width, cached.height) }
        return try ImageDecoder.size(of: url)
    }

    package func bitmap(of url: URL) throws(AssetError) -> Bitmap {
        let key = key(url)
        if let cached = bitmaps.withLock({ $0[key] }) { return cached }
        let decoded = try ImageDecoder.decode(url)
        bitmaps.withLock { cache in
            cache = cache.filter { $0.key.path != key.path }
            cache[key] = decoded
        }
        return decoded
    }

    package func vectorDocument(of url: URL) throws(AssetError) -> (size: Size, elements: [VectorElement], parts: [VectorPart]) {
        let document = try vector(url)
        return (document.size, document.elements, document.parts)
    }

    package func lottie(of url: URL) throws(AssetError) -> LottieInfo {
        try lottieDocument(url).info
    }

    /// The parsed SVG at `url`, as the file is now.
    func vector(_ url: URL) throws(AssetError) -> VectorDocument {
        let key = key(url)
        if let cached = vectors.withLock({ $0[key] }) { return cached }
        let document = try VectorDocument(url: url)
        vectors.withLock { cache in
            cache = cache.filter { $0.key.path != key.path }
            cache[key] = document
        }
        return document
    }

    /// The Lottie at `url`, as the file is now.
    func lottieDocument(_ url: URL) throws(AssetError) -> LottieDocument {
        let key = key(url)
        if let cached = lotties.withLock({ $0[key] }) { return cached }
        let document = try LottieDocument(url: url)
        lotties.withLock { cache in
            cache = cache.filter { $0.key.path != key.path }
            cache[key] = document
        }
        return document
    }
}
