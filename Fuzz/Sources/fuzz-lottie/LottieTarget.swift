// Lottie files read through rlottie: any bytes as a file `LottieAnimation(contentsOf:)` opens
// (Kiln checks the JSON's shape before rlottie sees it), then one frame, picked by the last
// byte, drawn in a `LottieLayer` offscreen. The target checks that an animation it takes has
// a size within `AssetError.maximumSide`, frames and a finite frame rate, markers within its
// frames' reach of progress 0…1, a frame of the size asked for, and that a refusal is one line
// naming the file.

import FuzzSupport
import KilnCore
import KilnPlatform

private let file = AssetFile(named: "input.json")
private let canvas = Size(width: 48, height: 48)
/// Made once: it installs the asset reader, and draws every input's frame.
// libFuzzer calls the target from one thread only.
nonisolated(unsafe) private let host: OffscreenHost = {
    guard let host = try? OffscreenHost(canvas: canvas, scale: 1) else { violated("no offscreen host") }
    return host
}()

/// One input as a Lottie file. libFuzzer calls it for every input it tries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLottie(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = host
    let input = bytes(data, size)
    file.write(input)
    let animation: LottieAnimation
    do {
        animation = try LottieAnimation(contentsOf: file.url)
    } catch {
        requireOneLine(error.description, "the refusal")
        require(error.description.hasPrefix("input.json: "), "the refusal names no file: \(error.description)")
        return 0
    }
    let limit = Double(AssetError.maximumSide), info = animation.info
    require(info.size.width > 0 && info.size.height > 0 && info.size.width <= limit && info.size.height <= limit,
            "an animation of \(info.size) points")
    require(info.frameCount > 0 && info.frameRate.isFinite && info.frameRate > 0,
            "\(info.frameCount) frames at \(info.frameRate) fps")
    for marker in info.markers {
        if let span = animation.progress(ofMarker: marker.name) {
            require(span.lowerBound >= 0 && span.upperBound <= 1, "the marker \(marker.name) spans \(span)")
        }
    }
    let layer = LottieLayer(animation: animation)
    layer.frame = Rect(x: 4, y: 4, width: 40, height: 40)
    layer.progress = Double(input.last ?? 0) / 255
    require((0..<info.frameCount).contains(layer.shownFrame), "frame \(layer.shownFrame) of \(info.frameCount)")
    let root = Layer()
    root.frame = Rect(origin: .zero, size: canvas)
    root.addSublayer(layer)
    let frame = host.render(root: root, background: .white)
    require(frame.width == 48 && frame.height == 48, "a \(frame.width)×\(frame.height) frame for 48×48")
    return 0
}
