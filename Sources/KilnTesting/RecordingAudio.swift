import Kiln

/// An audio service for tests: plays nothing, records every call with its arguments, and
/// keeps track of which loops would be playing.
public final class RecordingAudio: AudioService {
    /// One call made to the service.
    public enum Call: Equatable, Sendable {
        /// `play(_:volume:)`.
        case play(Sound, volume: Double)
        /// `startLoop(_:volume:)`.
        case startLoop(Sound, volume: Double)
        /// `setVolume(_:forLoop:)`.
        case setVolume(Double, loop: Sound)
        /// `stopLoop(_:fadeOut:)`.
        case stopLoop(Sound, fadeOut: Double)
        /// `stopAll(fadeOut:)`.
        case stopAll(fadeOut: Double)
    }

    /// Every call so far, oldest first.
    public private(set) var calls: [Call] = []
    /// The loops that would be playing now, with their volumes.
    public private(set) var loopVolumes: [Sound: Double] = [:]
    /// The sounds prepared so far, each once, in the order first prepared. Preparing is
    /// kept apart from `calls`, which are what is heard.
    public private(set) var preparedSounds: [Sound] = []

    /// Makes a recorder with nothing recorded.
    public init() {}

    /// The sounds played once, in order.
    public var playedSounds: [Sound] {
        calls.compactMap { if case .play(let sound, _) = $0 { sound } else { nil } }
    }

    /// The sounds played once or started as loops, in order.
    public var heardSounds: [Sound] {
        calls.compactMap {
            switch $0 {
            case .play(let sound, _), .startLoop(let sound, _): sound
            default: nil
            }
        }
    }

    /// Whether the loop of `sound` would be playing now.
    public func isLooping(_ sound: Sound) -> Bool {
        loopVolumes[sound] != nil
    }

    /// Forgets the calls recorded so far; loops keep playing.
    public func removeAllCalls() {
        calls.removeAll()
    }

    public func prepare(_ sounds: [Sound]) {
        for sound in sounds where !preparedSounds.contains(sound) {
            preparedSounds.append(sound)
        }
    }

    public func play(_ sound: Sound, volume: Double) {
        calls.append(.play(sound, volume: volume))
    }

    public func startLoop(_ sound: Sound, volume: Double) {
        calls.append(.startLoop(sound, volume: volume))
        loopVolumes[sound] = volume
    }

    public func setVolume(_ volume: Double, forLoop sound: Sound) {
        calls.append(.setVolume(volume, loop: sound))
        if loopVolumes[sound] != nil {
            loopVolumes[sound] = volume
        }
    }

    public func stopLoop(_ sound: Sound, fadeOut: Double) {
        calls.append(.stopLoop(sound, fadeOut: fadeOut))
        loopVolumes[sound] = nil
    }

    public func stopAll(fadeOut: Double) {
        calls.append(.stopAll(fadeOut: fadeOut))
        loopVolumes.removeAll()
    }
}
