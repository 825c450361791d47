import Foundation
import KilnCore

/// An `AudioService` that mixes the sounds a scene plays into samples, in step with scene
/// time instead of a sound card: the sound track of an offline render.
///
/// Every call is stamped with its clock's time, and takes effect at sample
/// `round(time × sampleRate)`, not at the next buffer as a device would. It plays as
/// `MixerAudio` does live: each sound synthesized once at the mixer's rate, sixteen
/// one-shot voices (a one-shot is dropped when all are busy), one loop voice per sound,
/// volumes in steps of 1/128, fades that fall linearly over whole milliseconds and then
/// stop. Deterministic: the same calls at the same times give the same samples.
///
/// ```swift
/// let clock = ManualClock()
/// let mixer = OfflineMixer(clock: clock)
/// mixer.startTrack(at: 0)
/// // … the scene plays sounds while the clock moves on …
/// let track = mixer.endTrack(at: 2)   // 2 s of 48 kHz stereo
/// ```
package final class OfflineMixer: AudioService {
    /// The rate of every track: 48 kHz, as video files carry.
    package static let sampleRate = 48_000
    /// How many one-shots sound at once, as SDL_mixer's one-shot channels live.
    static let oneShotVoices = 16

    private let clock: Clock
    private let synthesizer: SoundSynthesizer
    private var buffers: [Sound: [Int16]] = [:]
    private var oneShots: [Voice] = []
    private var loops: [Sound: Voice] = [:]
    /// Frames mixed so far, counted from scene time 0.
    private var mixedFrames = 0
    /// The first frame kept for the track; frames before it are mixed and dropped.
    private var keptFrom = 0
    /// Samples of the track mixed and not yet handed over.
    private var kept: [Int16] = []
    /// Samples of the track handed over so far (`takeTrack`).
    private var handed = 0

    /// A mixer whose calls take effect at `clock`'s time, synthesizing with `synthesizer`
    /// (by default the live one's seed, at 48 kHz).
    package init(clock: Clock, synthesizer: SoundSynthesizer = SoundSynthesizer(sampleRate: OfflineMixer.sampleRate)) {
        self.clock = clock
        self.synthesizer = synthesizer
    }

    /// Scene seconds a second of the track holds: in a slow-motion clip each sound starts
    /// at its scene moment and plays at its own pitch, so the track stretches between them.
    package var speed = 1.0

    /// Frames per second of the track.
    package var sampleRate: Int { synthesizer.sampleRate }

    /// The frame that scene time `time` falls on.
    package func frame(at time: Double) -> Int {
        Int((max(0, time) / speed * Double(synthesizer.sampleRate)).rounded())
    }

    // MARK: The track

    /// Keeps the samples from scene time `time` on. Sounds that started earlier are heard
    /// from where they have got to.
    package func startTrack(at time: Double) {
        mix(until: frame(at: time))
        keptFrom = frame(at: time)
        kept = []
        handed = 0
    }

    /// Mixes up to scene time `time` and hands over the samples kept since `startTrack` (those
    /// not taken yet by `takeTrack`).
    package func endTrack(at time: Double) -> SoundTrack {
        SoundTrack(sampleRate: synthesizer.sampleRate, samples: takeTrack(until: time))
    }

    /// Mixes up to scene time `time` and hands over the track's samples up to there that were
    /// not handed over yet (interleaved stereo). Samples before the clock's time are final: a
    /// sound started later begins later. So a track taken piece by piece while the scene is
    /// stepped, frame by frame, is the very track `endTrack` gives at the end.
    package func takeTrack(until time: Double) -> [Int16] {
        mix(until: frame(at: time))
        let wanted = max(0, frame(at: time) - keptFrom) * 2 - handed
        guard wanted > 0 else { return [] }
        var samples = Array(kept.prefix(wanted))
        kept.removeFirst(samples.count)
        samples += repeatElement(0, count: wanted - samples.count)
        handed += wanted
        return samples
    }

    // MARK: AudioService

    package func prepare(_ sounds: [Sound]) {
        for sound in sounds where buffers[sound] == nil {
            buffers[sound] = synthesizer.render(sound).interleavedPCM16()
        }
    }

    package func play(_ sound: Sound, volume: Double) {
        catchUp()
        let samples = buffer(of: sound)
        guard oneShots.count < Self.oneShotVoices, !samples.isEmpty else { return }
        oneShots.append(Voice(samples: samples, gain: Self.gain(volume), isLoop: false))
    }

    package func startLoop(_ sound: Sound, volume: Double) {
        catchUp()
        let samples = buffer(of: sound)
        guard !samples.isEmpty else { return }
        if var voice = loops[sound], voice.fade == nil {
            voice.gain = Self.gain(volume)
            loops[sound] = voice
        } else {
            // Not playing, or fading out: it starts again from its beginning.
            loops[sound] = Voice(samples: samples, gain: Self.gain(volume), isLoop: true)
        }
    }

    package func setVolume(_ volume: Double, forLoop sound: Sound) {
        catchUp()
        guard var voice = loops[sound], voice.fade == nil else { return }
        voice.gain = Self.gain(volume)
        loops[sound] = voice
    }

    package func stopLoop(_ sound: Sound, fadeOut: Double) {
        catchUp()
        guard var voice = loops[sound] else { return }
        if let fade = Self.fadeFrames(fadeOut, rate: synthesizer.sampleRate) {
            voice.fadeOut(over: fade)
            loops[sound] = voice
        } else {
            loops[sound] = nil
        }
    }

    package func stopAll(fadeOut: Double) {
        catchUp()
        guard let fade = Self.fadeFrames(fadeOut, rate: synthesizer.sampleRate) else {
            oneShots = []
            loops = [:]
            return
        }
        for i in oneShots.indices { oneShots[i].fadeOut(over: fade) }
        for sound in loops.keys { loops[sound]?.fadeOut(over: fade) }
    }

    // MARK: Mixing

    private func buffer(of sound: Sound) -> [Int16] {
        prepare([sound])
        return buffers[sound] ?? []
    }

    /// Mixes up to the clock's time, so that a change takes effect exactly there.
    private func catchUp() {
        mix(until: frame(at: clock.now))
    }

    /// Mixes every voice from `mixedFrames` up to `end`, keeping what the track holds.
    private func mix(until end: Int) {
        guard end > mixedFrames else { return }
        let count = end - mixedFrames
        var sum = [Float](repeating: 0, count: count * 2)
        for i in oneShots.indices { oneShots[i].add(into: &sum) }
        for sound in loops.keys { loops[sound]?.add(into: &sum) }
        oneShots.removeAll { $0.isFinished }
        loops = loops.filter { !$0.value.isFinished }
        let skip = max(0, keptFrom - mixedFrames) * 2
        if skip < sum.count {
            kept.reserveCapacity(kept.count + sum.count - skip)
            for value in sum[skip...] {
                kept.append(Int16(max(-32768, min(32767, value.rounded()))))
            }
        }
        mixedFrames = end
    }

    /// SDL_mixer's volume: a whole number of 128ths.
    static func gain(_ volume: Double) -> Float {
        Float((min(max(volume, 0), 1) * 128).rounded()) / 128
    }

    /// A fade in whole milliseconds (capped at a minute) as frames; `nil` to stop at once.
    static func fadeFrames(_ seconds: Double, rate: Int) -> Int? {
        let milliseconds = Int((min(max(seconds, 0), 60) * 1000).rounded())
        return milliseconds > 0 ? milliseconds * rate / 1000 : nil
    }
}

/// One sound playing: its interleaved samples, where it has got to, and its level.
private struct Voice {
    let samples: [Int16]
    var gain: Float
    let isLoop: Bool
    /// The next frame of `samples` to play.
    var position = 0
    /// While fading out: the frames the fade lasts, and how many have passed.
    var fade: (length: Int, done: Int)?
    var isFinished = false

    init(samples: [Int16], gain: Float, isLoop: Bool) {
        self.samples = samples
        self.gain = gain
        self.isLoop = isLoop
    }

    var frameCount: Int { samples.count / 2 }

    mutating func fadeOut(over frames: Int) {
        // A fade already under way goes on as it was, as SDL_mixer's does.
        if fade == nil { fade = (frames, 0) }
    }

    /// Adds the voice's next `sum.count / 2` frames to `sum`.
    mutating func add(into sum: inout [Float]) {
        let frames = sum.count / 2
        var i = 0
        while i < frames && !isFinished {
            if position == frameCount {
                if isLoop { position = 0 } else { isFinished = true; break }
            }
            var level = gain
            if let (length, done) = fade {
                if done >= length { isFinished = true; break }
                level *= Float(length - done) / Float(length)
                fade = (length, done + 1)
            }
            sum[2 * i] += Float(samples[2 * position]) * level
            sum[2 * i + 1] += Float(samples[2 * position + 1]) * level
            position += 1
            i += 1
        }
    }
}
