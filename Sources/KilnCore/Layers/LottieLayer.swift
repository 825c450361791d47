import Foundation

/// A layer that plays a Lottie animation with rlottie. `progress` (0 at the first frame, 1
/// at the last) is an animatable property, so the animation can play on a timing curve,
/// follow a spring, or track a gesture:
///
/// ```swift
/// let heart = LottieLayer(named: "heart.json")
/// heart.play()                                   // loops at the file's own speed
/// pan.onChange { pan in                          // or scrub it with a drag
///     heart.progress = pan.translation(in: nil).x / 300
/// }
/// ```
///
/// Frames are rendered at the canvas scale and cached while `progress` stays on one frame.
/// The animation sits in the bounds by `contentsGravity`, `.resizeAspect` unless set.
public final class LottieLayer: Layer {
    /// The animation shown; `nil` shows nothing.
    public var animation: LottieAnimation? {
        didSet { problem = nil; wanted = nil; shownFrame = animation?.frame(atProgress: progress) ?? 0; invalidateContent() }
    }
    /// How far through the animation it shows, 0…1; values outside are clamped.
    public var progress: Double = 0 {
        didSet {
            if !progress.isFinite { progress = 0 } else if progress < 0 || progress > 1 { progress = max(0, min(1, progress)) }
            let frame = animation?.frame(atProgress: progress) ?? 0
            if frame != shownFrame {
                shownFrame = frame
                invalidateContent()
            }
            implicitChange(.progress, from: oldValue)
        }
    }
    /// The frame `progress` falls on, the one drawn.
    public private(set) var shownFrame = 0
    /// Why the layer shows a crossed box instead of its animation, when it does.
    public private(set) var problem: AssetError?
    /// What a crossed box made by `init(named:)` asked for, so the file shows once it can.
    package var wanted: AssetRequest?

    /// The key the playing animation of `progress` runs under.
    public static let playingKey = "lottie.play"

    /// A layer showing `animation` at its first frame, its bounds the animation's size.
    public init(animation: LottieAnimation? = nil) {
        self.animation = animation
        super.init()
        contentsGravity = .resizeAspect
        if let animation { bounds = Rect(origin: .zero, size: animation.size) }
    }

    /// A layer showing the Lottie file `name` from the scene's asset folders, sized to it.
    /// A file rlottie refuses is said in one line, and the layer shows a crossed box.
    public convenience init(named name: String) {
        do {
            self.init(animation: try LottieAnimation(named: name))
        } catch {
            self.init(animation: nil)
            bounds = Rect(x: 0, y: 0, width: 44, height: 44)
            wanted = AssetRequest(name: name, kind: .animation, placeholderBounds: bounds)
            show(error)
        }
    }

    /// Plays from `progress` `from` to `to` at the file's own speed times `speed`, over and
    /// over when `loops`, calling `completion` when a single play ends.
    public func play(from: Double = 0, to: Double = 1, loops: Bool = true, speed: Double = 1,
                     completion: ((Bool) -> Void)? = nil) {
        guard let animation, animation.duration > 0, speed > 0 else { return }
        let play = BasicAnimation(.progress, from: from, to: to,
                                  duration: animation.duration * abs(to - from) / speed, timing: .linear)
        play.repeatCount = loops ? .infinity : 1
        play.completion = completion
        withoutImplicitAnimation { progress = to }
        add(play, forKey: Self.playingKey)
    }

    /// Plays the marker `name`'s span; does nothing when the file has no such marker.
    public func play(marker name: String, loops: Bool = false, speed: Double = 1, completion: ((Bool) -> Void)? = nil) {
        guard let span = animation?.progress(ofMarker: name) else { return }
        play(from: span.lowerBound, to: span.upperBound, loops: loops, speed: speed, completion: completion)
    }

    /// Shows the first frame of the marker `name`, stopping any play.
    public func jump(toMarker name: String) {
        guard let span = animation?.progress(ofMarker: name) else { return }
        stop()
        withoutImplicitAnimation { progress = span.lowerBound }
    }

    /// Stops playing, keeping the frame shown now.
    public func stop() {
        let shown = progress
        removeAnimation(forKey: Self.playingKey)
        withoutImplicitAnimation { progress = shown }
    }

    /// Whether a play started with `play` is running.
    public var isPlaying: Bool { animation(forKey: Self.playingKey) != nil }

    /// Shows a crossed box for `error`, and says it once.
    package func show(_ error: AssetError) {
        problem = error
        invalidateContent()
        AssetProblems.report(error)
    }

    private func withoutImplicitAnimation(_ body: () -> Void) {
        withPresentation(body)
    }

    public override var hasContent: Bool { super.hasContent || animation != nil || problem != nil }
}

extension AnimatableProperty where Value == Double {
    /// A Lottie layer's `progress` through its animation, 0…1.
    public static let progress = AnimatableProperty("progress", \LottieLayer.progress)
}
