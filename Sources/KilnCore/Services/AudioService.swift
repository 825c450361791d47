import Foundation

/// Plays the sounds scenes declare. Scenes get one injected; volumes are linear gains in
/// `0...1` (values outside are clamped) and durations are in seconds.
///
/// A service synthesizes each sound once, by its declaration: two scenes' sounds that share
/// a name stay two sounds. Hosts `prepare` the sounds of the scenes they may show before
/// showing them, so that no sound is synthesized while a gesture plays. A loop is identified by its sound: at most one loop of each sound plays at a time.
public protocol AudioService: AnyObject {
    /// Synthesizes those of `sounds` not prepared before, so that playing them does not wait.
    func prepare(_ sounds: [Sound])
    /// Plays `sound` once, alongside whatever else is playing.
    func play(_ sound: Sound, volume: Double)
    /// Starts looping `sound`; if that loop already plays, only its volume changes.
    func startLoop(_ sound: Sound, volume: Double)
    /// Changes the volume of the playing loop of `sound` at once; no loop, no effect.
    func setVolume(_ volume: Double, forLoop sound: Sound)
    /// Stops the loop of `sound`, fading it out over `fadeOut` seconds (0 stops at once).
    func stopLoop(_ sound: Sound, fadeOut: Double)
    /// Stops every sound and loop, fading out over `fadeOut` seconds.
    func stopAll(fadeOut: Double)
}

extension AudioService {
    /// Plays `sound` once at full volume.
    public func play(_ sound: Sound) {
        play(sound, volume: 1)
    }

    /// Stops the loop of `sound` at once.
    public func stopLoop(_ sound: Sound) {
        stopLoop(sound, fadeOut: 0)
    }

    /// Stops every sound and loop at once.
    public func stopAll() {
        stopAll(fadeOut: 0)
    }
}

/// An audio service that plays nothing: used when there is no audio device, and wherever
/// sound does not matter.
public final class SilentAudio: AudioService {
    /// Makes a service that stays silent.
    public init() {}

    public func prepare(_ sounds: [Sound]) {}
    public func play(_ sound: Sound, volume: Double) {}
    public func startLoop(_ sound: Sound, volume: Double) {}
    public func setVolume(_ volume: Double, forLoop sound: Sound) {}
    public func stopLoop(_ sound: Sound, fadeOut: Double) {}
    public func stopAll(fadeOut: Double) {}
}
