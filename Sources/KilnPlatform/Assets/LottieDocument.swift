// Plays Lottie files with rlottie. rlottie caches the models it parses by key, so each
// version of a file is handed over as data under a key of its own: a reload reads the
// file's new contents, never rlottie's cached model of the old ones. The data is the document
// Kiln read and checked (LottieJSON, LottieImageAssets), never the file's own bytes.
import CRlottie
import Foundation
import KilnCore

/// One version of a Lottie file, parsed by rlottie; renders one frame at a time, under a
/// lock of its own (rlottie's animations are not for two threads at once).
final class LottieDocument: @unchecked Sendable {
    let info: LottieInfo
    private let animation: OpaquePointer
    private let lock = NSLock()
    private static let versions = Locked<Int>(0)

    /// Parses the file at `url`; a one-line error names the file when Kiln or rlottie refuses it.
    /// The file is read once; rlottie is handed the document Kiln checked, written out again.
    init(url: URL) throws(AssetError) {
        let name = url.lastPathComponent
        let document = try LottieJSON.read(AssetFile.read(url), name: name)
        try Self.check(document, name: name)
        let folder = url.deletingLastPathComponent()
        var text = try LottieJSON.text(of: LottieImageAssets.confined(document, folder: folder, name: name), name: name)
        let version = Self.versions.withLock { $0 += 1; return $0 }
        let key = "\(url.path)#\(version)"
        // rlottie puts the folder straight before each image's `u` + `p`, which the check made
        // relative to the folder with its links followed.
        let resolved = LottieImageAssets.resolvedFolder(of: folder)
        let resources = resolved.hasSuffix("/") ? resolved : resolved + "/"
        let made: OpaquePointer? = text.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                lottie_animation_from_data($0, key, resources)
            }
        }
        guard let made else { throw AssetError(file: name, reason: "not a Lottie animation rlottie can play") }
        var width = 0, height = 0
        lottie_animation_get_size(made, &width, &height)
        let frames = lottie_animation_get_totalframe(made), rate = lottie_animation_get_framerate(made)
        let limit = AssetError.maximumSide
        guard width > 0, height > 0, width <= limit, height <= limit, frames > 0, rate.isFinite, rate > 0 else {
            lottie_animation_destroy(made)
            throw AssetError(file: name, reason: width > limit || height > limit
                ? "\(width)×\(height) px is larger than \(limit) px on a side; refused"
                : "a Lottie animation with no size or no frames")
        }
        var markers: [LottieMarker] = []
        if let list = lottie_animation_get_markerlist(made), let items = list.pointee.ptr {
            for i in 0..<list.pointee.size {
                let marker = items[i]
                markers.append(LottieMarker(name: marker.name.map { String(cString: $0) } ?? "",
                                            startFrame: Int(marker.startframe), endFrame: Int(marker.endframe)))
            }
        }
        animation = made
        info = LottieInfo(size: Size(width: Double(width), height: Double(height)), frameCount: Int(frames),
                          frameRate: rate, markers: markers)
    }

    deinit { lottie_animation_destroy(animation) }

    /// Refuses what is not a JSON object with a Lottie's size, frame rate, end frame and list of
    /// layers, and repeaters that ask for more copies than Kiln allows, before rlottie sees it:
    /// rlottie is made for files exported by tools, not for arbitrary bytes.
    private static func check(_ document: JSONNode, name: String) throws(AssetError) {
        guard let width = document["w"]?.number, let height = document["h"]?.number,
              document["fr"]?.number != nil, document["op"]?.number != nil,
              case .array = document["layers"]?.value else {
            throw AssetError(file: name, reason: "not a Lottie animation (JSON with w, h, fr, op and layers)")
        }
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw AssetError(file: name, reason: "a Lottie animation with no size")
        }
        let limit = Double(AssetError.maximumSide)
        guard width <= limit, height <= limit else {
            throw AssetError.oversized(name, width, height, unit: "px")
        }
        let copies = LottieRepeaters.largestCopies(in: document)
        guard copies <= LottieRepeaters.maximumCopies else {
            let count = copies.isFinite && copies < 1e15 ? String(Int(copies)) : "\(copies)"
            throw AssetError(file: name, reason: "its repeaters make \(count) copies of a shape, more than "
                             + "\(Int(LottieRepeaters.maximumCopies)); refused")
        }
    }

    /// Frame `frame` rendered `width` × `height` pixels into `pixels`: premultiplied ARGB32
    /// rows of `stride` bytes, as Cairo keeps them.
    func render(frame: Int, into pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        lock.lock()
        defer { lock.unlock() }
        let clamped = max(0, min(frame, info.frameCount - 1))
        lottie_animation_render(animation, clamped, pixels.assumingMemoryBound(to: UInt32.self), width, height, stride)
    }
}
