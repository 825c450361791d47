import Foundation

/// A Lottie animation file (After Effects exported with Bodymovin), played by rlottie in a
/// `LottieLayer`.
///
/// ```swift
/// let burst = LottieLayer(animation: try LottieAnimation(named: "burst.json"))
/// burst.play(loops: false)
/// ```
public struct LottieAnimation: Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public let url: URL
    /// What the file holds: size, frames, frame rate, markers.
    public let info: LottieInfo
    /// The file's version when it was read.
    package let stamp: AssetStamp

    /// The animation `name` from the scene's asset folders, or at `name` when it is an
    /// absolute path. Throws a one-line `AssetError` when the file is missing or rlottie
    /// refuses it.
    public init(named name: String) throws(AssetError) {
        try self.init(contentsOf: Assets.locate(name))
    }

    /// The animation in the file at `url`.
    public init(contentsOf url: URL) throws(AssetError) {
        let stamp = AssetStamp(of: url)
        info = try Assets.reader(for: url.lastPathComponent).lottie(of: url)
        self.url = url
        self.stamp = stamp
    }

    /// The composition's size in points.
    public var size: Size { info.size }
    /// The length in seconds at its own frame rate.
    public var duration: Double { info.duration }

    /// The progress (0…1) of frame `frame`.
    public func progress(ofFrame frame: Int) -> Double {
        info.frameCount > 1 ? Double(max(0, min(frame, info.frameCount - 1))) / Double(info.frameCount - 1) : 0
    }

    /// The frame shown at `progress`: the nearest, from 0 to the last.
    public func frame(atProgress progress: Double) -> Int {
        guard info.frameCount > 1, progress.isFinite else { return 0 }
        return Int((max(0, min(1, progress)) * Double(info.frameCount - 1)).rounded())
    }

    /// The span of progress the marker `name` covers; `nil` when there is no such marker.
    public func progress(ofMarker name: String) -> ClosedRange<Double>? {
        guard let marker = info.markers.first(where: { $0.name == name }) else { return nil }
        let start = progress(ofFrame: marker.startFrame), end = progress(ofFrame: marker.endFrame)
        return min(start, end)...max(start, end)
    }

    /// Whether the file changed since it was read.
    package var isStale: Bool { AssetStamp(of: url) != stamp }

    public var description: String {
        "\(url.lastPathComponent) (Lottie, \(info.size.width)×\(info.size.height) pt, \(info.frameCount) frames at \(info.frameRate) fps)"
    }
}
