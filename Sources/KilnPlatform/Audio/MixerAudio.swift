// Scenes' sounds on SDL_mixer. Limits: one MixerAudio at a time (SDL_mixer's device is
// process-wide); the device is opened at 44.1 kHz, 16-bit stereo, and SDL converts if the
// hardware differs; sounds are synthesized when prepared (the app prepares every scene's
// when the device opens, under 0.1 s optimized), and a sound played unprepared is
// synthesized then; one-shots share 16 channels and are dropped when all are busy; fades
// are SDL_mixer's, linear and in whole milliseconds. Call it from one thread (the app's
// main thread).
import CSDL2
import Glibc
import CSDL2Mixer
import KilnCore

/// An `AudioService` that plays synthesized sounds through SDL_mixer. Each prepared sound's
/// loop has a channel of its own, so loops never steal one-shots' channels or each other's.
public final class MixerAudio: AudioService {
    private static let oneShotChannels: Int32 = 16
    private let synthesizer: SoundSynthesizer
    /// Each prepared sound's loop channel, by sound; channels below `oneShotChannels` are
    /// the one-shots'. No default value: until the device is open, self is not initialized,
    /// so a throwing init never runs deinit (which closes the device).
    private var loopChannels: [Sound: Int32]
    /// The samples of each prepared sound that SDL_mixer accepted, by sound.
    private var chunks: [Sound: MixerChunk]

    /// The audio service to use: a `MixerAudio` with `sounds` prepared when an audio device
    /// opens; otherwise `SilentAudio`, after saying why in exactly one line through `warn`.
    public static func make(sounds: [Sound] = [], warn: (String) -> Void) -> AudioService {
        do {
            // ALSA reports a missing card on stderr in a dozen lines of its own; the one line
            // below says the same, so the library's chatter is set aside while the device opens.
            return try withStandardErrorSilenced { try MixerAudio(sounds: sounds) }
        } catch {
            warn("no audio device (\(error)): running silently")
            return SilentAudio()
        }
    }

    /// Runs `body` with file descriptor 2 pointed at /dev/null, restoring it afterwards.
    static func withStandardErrorSilenced<T>(_ body: () throws -> T) rethrows -> T {
        let saved = dup(2)
        let null = open("/dev/null", O_WRONLY)
        if saved >= 0 && null >= 0 { dup2(null, 2) }
        defer {
            if saved >= 0 { dup2(saved, 2); close(saved) }
            if null >= 0 { close(null) }
        }
        return try body()
    }

    /// Opens the audio device and prepares `sounds` with `synthesizer`.
    /// Throws `PlatformError.sdl` with SDL's reason when no device opens.
    public init(synthesizer: SoundSynthesizer = SoundSynthesizer(), sounds: [Sound] = []) throws(PlatformError) {
        guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else {
            throw .sdl(Self.lastError())
        }
        let format = UInt16(AUDIO_S16SYS)
        guard Mix_OpenAudioDevice(Int32(synthesizer.sampleRate), format, 2, 1024, nil, 0) == 0 else {
            let reason = Self.lastError()
            SDL_QuitSubSystem(SDL_INIT_AUDIO)
            throw .sdl(reason)
        }
        self.synthesizer = synthesizer
        loopChannels = [:]
        chunks = [:]
        Mix_AllocateChannels(Self.oneShotChannels)
        prepare(sounds)
    }

    deinit {
        Mix_HaltChannel(-1)
        chunks.removeAll()
        Mix_CloseAudio()
        SDL_QuitSubSystem(SDL_INIT_AUDIO)
    }

    public func prepare(_ sounds: [Sound]) {
        let prepared = loopChannels.count
        for sound in sounds where loopChannels[sound] == nil {
            loopChannels[sound] = Self.oneShotChannels + Int32(loopChannels.count)
            chunks[sound] = MixerChunk(synthesizer.render(sound))
        }
        // Adding channels leaves those playing as they are.
        if loopChannels.count > prepared {
            Mix_AllocateChannels(Self.oneShotChannels + Int32(loopChannels.count))
        }
    }

    public func play(_ sound: Sound, volume: Double) {
        guard let chunk = chunk(of: sound), let channel = freeOneShotChannel() else { return }
        // The volume is set before playing so that no sample sounds at the previous one.
        Mix_Volume(channel, Self.mixerVolume(volume))
        Mix_PlayChannelTimed(channel, chunk, 0, -1)
    }

    public func startLoop(_ sound: Sound, volume: Double) {
        guard let chunk = chunk(of: sound), let channel = loopChannels[sound] else { return }
        Mix_Volume(channel, Self.mixerVolume(volume))
        let isFadingOut = Mix_FadingChannel(channel) == MIX_FADING_OUT
        if Mix_Playing(channel) == 0 || isFadingOut {
            Mix_PlayChannelTimed(channel, chunk, -1, -1)
        }
    }

    public func setVolume(_ volume: Double, forLoop sound: Sound) {
        guard let channel = loopChannels[sound], Mix_Playing(channel) != 0,
              Mix_FadingChannel(channel) != MIX_FADING_OUT else { return }
        Mix_Volume(channel, Self.mixerVolume(volume))
    }

    public func stopLoop(_ sound: Sound, fadeOut: Double) {
        guard let channel = loopChannels[sound] else { return }
        Self.stop(channel: channel, fadeOut: fadeOut)
    }

    public func stopAll(fadeOut: Double) {
        Self.stop(channel: -1, fadeOut: fadeOut)
    }

    // MARK: Channels

    /// The chunk of `sound`, prepared now if it was not before.
    private func chunk(of sound: Sound) -> UnsafeMutablePointer<Mix_Chunk>? {
        if loopChannels[sound] == nil { prepare([sound]) }
        return chunks[sound]?.chunk
    }

    private func freeOneShotChannel() -> Int32? {
        (0..<Self.oneShotChannels).first { Mix_Playing($0) == 0 }
    }

    private static func stop(channel: Int32, fadeOut: Double) {
        let milliseconds = Int32((min(max(fadeOut, 0), 60) * 1000).rounded())
        if milliseconds > 0 {
            Mix_FadeOutChannel(channel, milliseconds)
        } else {
            Mix_HaltChannel(channel)
        }
    }

    private static func mixerVolume(_ volume: Double) -> Int32 {
        Int32((min(max(volume, 0), 1) * Double(MIX_MAX_VOLUME)).rounded())
    }

    private static func lastError() -> String {
        let message = String(cString: SDL_GetError())
        return message.isEmpty ? "unknown SDL error" : message
    }
}
