import Foundation
import KilnCore
import KilnPlatform
import KilnTestSupport
import Testing

/// A Lottie layer played by its markers, once or in a loop, and by a spring on `progress`,
/// with animation time given by hand. `pulse.json` has 60 frames at 60 fps and two markers:
/// `beat` over frames 0–20 and `rest` over 20–60.
@Suite("Lottie layers play markers, once or looping, and follow a spring")
struct LottieLayerPlayTests {
    let animation: LottieAnimation

    init() throws {
        PlatformAssetReader.install()
        animation = try LottieAnimation(contentsOf: AssetFixtures.sample("pulse.json"))
    }

    @Test("play(marker:) plays the marker's span once at the file's speed, and ends on its last frame")
    func playsAMarker() throws {
        let layer = LottieLayer(animation: animation)
        var finished: Bool?
        let beat = try #require(animation.progress(ofMarker: "beat"))
        let seconds = animation.duration * (beat.upperBound - beat.lowerBound)

        layer.play(marker: "beat") { finished = $0 }
        layer.advanceAnimations(to: 0)
        let start = layer.shownFrame
        layer.advanceAnimations(to: seconds / 2)
        let halfway = layer.progress
        layer.advanceAnimations(to: seconds)

        #expect(start == 0)
        #expect(abs(halfway - (beat.lowerBound + beat.upperBound) / 2) < 1e-6, "\(halfway)")
        #expect(layer.shownFrame == 20 && !layer.isPlaying && finished == true)
    }

    @Test("jump(toMarker:) shows the marker's first frame and stops a play; a marker the file lacks changes nothing")
    func jumpsToAMarker() {
        let layer = LottieLayer(animation: animation)
        layer.play()
        layer.advanceAnimations(to: 0)
        layer.advanceAnimations(to: 0.1)

        layer.jump(toMarker: "rest")
        let rest = layer.shownFrame
        let stopped = !layer.isPlaying
        layer.advanceAnimations(to: 0.5)
        layer.jump(toMarker: "no-such-marker")
        layer.play(marker: "no-such-marker")

        #expect(rest == 20 && stopped)
        #expect(layer.shownFrame == 20 && !layer.isPlaying, "time passing and an unknown marker leave it on frame 20")
    }

    @Test("Played once it stops on the last frame and calls back; looping it goes round and does not")
    func onceAndLooping() {
        let (once, looping) = (LottieLayer(animation: animation), LottieLayer(animation: animation))
        var onceFinished: Bool?, loopFinished: Bool?
        once.play(loops: false) { onceFinished = $0 }
        looping.play { loopFinished = $0 }
        let length = animation.duration

        for layer in [once, looping] { layer.advanceAnimations(to: 0) }
        for layer in [once, looping] { layer.advanceAnimations(to: length * 2.5) }

        #expect(once.progress == 1 && once.shownFrame == 59 && !once.isPlaying && onceFinished == true)
        #expect(looping.isPlaying && loopFinished == nil)
        #expect(abs(looping.progress - 0.5) < 1e-6, "half way through its third round: \(looping.progress)")
    }

    @Test("A spring on progress drives the frames: each shown frame is the progress's, it never passes the end, and it settles there")
    func followsASpring() {
        let layer = LottieLayer(animation: animation)
        let spring = SpringAnimation(.progress, from: 0, to: 1, spring: Spring(dampingRatio: 0.5, response: 0.4))
        layer.progress = 1
        layer.add(spring, forKey: "spring")
        layer.advanceAnimations(to: 0)
        let first = layer.shownFrame

        var seen: [(progress: Double, frame: Int)] = []
        for step in 1...30 {
            layer.advanceAnimations(to: spring.duration * Double(step) / 30)
            seen.append((layer.progress, layer.shownFrame))
        }

        #expect(first == 0)
        #expect(seen.allSatisfy { $0.frame == animation.frame(atProgress: $0.progress) })
        #expect(seen.contains { $0.progress > 0.2 && $0.progress < 0.8 }, "it passes through the middle frames")
        #expect(seen.allSatisfy { $0.progress <= 1 }, "an underdamped spring's overshoot is held at the last frame")
        #expect(seen.last?.frame == 59)
    }
}
