import Foundation
import KilnCore
import KilnRuntime
import PropertyBased
import Testing

/// Sounds whose samples are easy to predict: a constant level, and a ramp that shows where
/// in its buffer a voice is.
private extension Sound {
    /// 10 ms at half scale (16384 once in 16 bits).
    static let flat = Sound(name: "test.flat") { synthesizer, _ in
        SoundBuffer(sampleRate: synthesizer.sampleRate, mono: Array(repeating: 0.5, count: synthesizer.frames(0.01)))
    }
    /// A 100-frame loop whose frame i is i/200 of full scale, so its value says its position.
    static let ramp = Sound(name: "test.ramp", isLoop: true) { synthesizer, _ in
        SoundBuffer(sampleRate: synthesizer.sampleRate, mono: (0..<100).map { Float($0 + 1) / 200 })
    }
}

@Suite("Offline mixer")
struct OfflineMixerTests {
    let clock = ManualClock()
    let mixer: OfflineMixer
    let flat = Int16(16384)
    /// The ramp's frame `i` as 16-bit samples.
    func ramp(_ i: Int) -> Int16 { Int16((Float(i % 100 + 1) / 200 * 32767).rounded()) }

    init() {
        mixer = OfflineMixer(clock: clock)
        mixer.startTrack(at: 0)
    }

    /// The left channel of the track up to `end` seconds.
    func left(until end: Double) -> [Int16] {
        let track = mixer.endTrack(at: end)
        return stride(from: 0, to: track.samples.count, by: 2).map { track.samples[$0] }
    }

    @Test("A sound played at scene time t starts at sample round(t × 48000), not at a buffer's edge")
    func sampleExactStart() {
        clock.set(to: 0.0123)   // 590.4 frames

        mixer.play(.flat, volume: 1)

        let samples = left(until: 0.05)
        #expect(samples[589] == 0)
        #expect(samples[590] == flat)
        #expect(samples[590 + 479] == flat)
        #expect(samples[590 + 480] == 0)
    }

    @Test("Two scenes' sounds named \"pop\" are two sounds: each plays its own samples")
    func soundsNamedAlikeStayApart() {
        let quietPop = Sound(name: "pop") { synthesizer, _ in
            SoundBuffer(sampleRate: synthesizer.sampleRate, mono: Array(repeating: 0.25, count: synthesizer.frames(0.01)))
        }
        let loudPop = Sound(name: "pop") { synthesizer, _ in
            SoundBuffer(sampleRate: synthesizer.sampleRate, mono: Array(repeating: 0.5, count: synthesizer.frames(0.01)))
        }
        mixer.prepare([quietPop, loudPop])

        mixer.play(loudPop, volume: 1)
        clock.set(to: 0.02)   // frame 960
        mixer.play(quietPop, volume: 1)

        let samples = left(until: 0.04)
        #expect(quietPop != loudPop)
        #expect(samples[0] == flat)
        #expect(samples[960] == flat / 2)
    }

    @Test("The track lasts exactly from its start to its end, in whole frames at 48 kHz")
    func trackLength() {
        let track = mixer.endTrack(at: 10.0 / 60)

        #expect(track.frameCount == 8000)
        #expect(track.sampleRate == 48_000)
        #expect(track.samples.count == 16_000)
    }

    @Test("Volume scales by whole 128ths, as SDL_mixer's channels do")
    func volume() {
        mixer.play(.flat, volume: 0.5)
        mixer.play(.flat, volume: 0.3)   // 38/128

        let samples = left(until: 0.005)
        #expect(samples[0] == Int16((Float(flat) * 0.5 + Float(flat) * 38 / 128).rounded()))
    }

    @Test("A loop repeats its buffer seamlessly until stopped, and stops on the sample")
    func loopAndStop() {
        mixer.startLoop(.ramp, volume: 1)
        mixer.startLoop(.ramp, volume: 1)   // already playing: it goes on, not again from its start
        clock.set(to: 0.01)   // frame 480

        mixer.stopLoop(.ramp)

        let samples = left(until: 0.02)
        #expect(samples[0] == ramp(0))
        #expect(samples[99] == ramp(99))
        #expect(samples[100] == ramp(0))
        #expect(samples[479] == ramp(479))
        #expect(samples[480...].allSatisfy { $0 == 0 })
    }

    @Test("A fade-out falls linearly to nothing over its whole milliseconds, then the loop stops")
    func fade() {
        mixer.startLoop(.ramp, volume: 1)
        clock.set(to: 0.01)   // frame 480

        mixer.stopLoop(.ramp, fadeOut: 0.01)   // 480 frames

        let samples = left(until: 0.03)
        #expect(samples[480] == ramp(480))
        #expect(samples[720] == Int16((Float(ramp(720)) * 0.5).rounded()))
        #expect(samples[959] == Int16((Float(ramp(959)) / 480).rounded()))
        #expect(samples[960...].allSatisfy { $0 == 0 })
    }

    @Test("A loop's volume changes on the sample it is set at; a fading loop keeps fading")
    func setVolume() {
        mixer.startLoop(.ramp, volume: 1)
        clock.set(to: 0.001)   // frame 48

        mixer.setVolume(0.5, forLoop: .ramp)
        mixer.stopAll(fadeOut: 1)
        mixer.setVolume(1, forLoop: .ramp)

        let samples = left(until: 0.002)
        #expect(samples[47] == ramp(47))
        #expect(samples[48] == Int16((Float(ramp(48)) * 0.5).rounded()))
        #expect(samples[95] < Int16((Float(ramp(95)) * 0.5).rounded()))
    }

    @Test("Sixteen one-shots sound at once; a seventeenth is dropped, as live")
    func oneShotVoices() {
        for _ in 0..<17 { mixer.play(.flat, volume: 1 / 32) }   // 4/128 each

        let samples = left(until: 0.001)
        #expect(samples[0] == 16 * 512)
    }

    @Test("A track started late hears a loop begun earlier from where it has got to")
    func trackFromTheMiddle() {
        let late = OfflineMixer(clock: clock)
        late.startLoop(.ramp, volume: 1)

        late.startTrack(at: 0.5)   // frame 24000
        let track = late.endTrack(at: 0.501)

        #expect(track.frameCount == 48)
        #expect(track.samples[0] == ramp(24000))
        #expect(track.samples[2 * 47] == ramp(24047))
    }

    @Test("The same calls at the same times give the same samples")
    func deterministic() {
        func mix() -> SoundTrack {
            let clock = ManualClock()
            let mixer = OfflineMixer(clock: clock)
            mixer.startTrack(at: 0)
            mixer.startLoop(.ramp, volume: 0.7)
            clock.set(to: 0.0301)
            mixer.play(.flat, volume: 0.4)
            clock.set(to: 0.05)
            mixer.stopAll(fadeOut: 0.02)
            return mixer.endTrack(at: 0.1)
        }

        let first = mix(), second = mix()

        #expect(first == second)
        #expect(first.samples.contains { $0 != 0 })
    }

    /// One call a scene makes to its mixer, at a moment of scene time.
    enum Call: CustomStringConvertible {
        case play(volume: Double), startLoop(volume: Double), setVolume(Double), stopLoop(fade: Double), stopAll(fade: Double)

        static let generator = Gen.oneOf(
            Gen.double(in: 0...1).map { Call.play(volume: $0) },
            Gen.double(in: 0...1).map { Call.startLoop(volume: $0) },
            Gen.double(in: 0...1).map { Call.setVolume($0) },
            Gen.double(in: 0...0.05).map { Call.stopLoop(fade: $0) },
            Gen.double(in: 0...0.05).map { Call.stopAll(fade: $0) })

        func make(_ mixer: OfflineMixer) {
            switch self {
            case .play(let volume): mixer.play(.flat, volume: volume)
            case .startLoop(let volume): mixer.startLoop(.ramp, volume: volume)
            case .setVolume(let volume): mixer.setVolume(volume, forLoop: .ramp)
            case .stopLoop(let fade): mixer.stopLoop(.ramp, fadeOut: fade)
            case .stopAll(let fade): mixer.stopAll(fadeOut: fade)
            }
        }

        var description: String {
            switch self {
            case .play(let volume): "play \(volume)"
            case .startLoop(let volume): "loop \(volume)"
            case .setVolume(let volume): "volume \(volume)"
            case .stopLoop(let fade): "stop loop \(fade)"
            case .stopAll(let fade): "stop all \(fade)"
            }
        }
    }

    @Test("A track taken frame by frame while the scene is stepped is the track taken whole at the end")
    func trackTakenInPieces() async {
        // Each case: a frame rate, where the track starts, and calls at frames of scene time.
        let fps = Gen.oneOf(Gen.always(24.0), Gen.always(30.0), Gen.always(60.0), Gen.double(in: 10...240))
        let calls = zip(Gen.int(in: 0...40), Gen.double(in: 0...1), Call.generator).array(of: 0...12)
        await propertyCheck(count: 200, input: zip(fps, Gen.int(in: 0...10), Gen.int(in: 1...40), calls)) {
            fps, firstFrame, frameCount, calls in
            // The renderer's loop: the track starts first; each frame's calls come while the
            // scene is stepped from the frame before, in order; then the frame is drawn.
            func play(takingEachFrame: Bool) -> [Int16] {
                let clock = ManualClock()
                let mixer = OfflineMixer(clock: clock)
                mixer.startTrack(at: Double(firstFrame) / fps)
                var taken: [Int16] = []
                for frame in 0..<(firstFrame + frameCount) {
                    let time = Double(frame) / fps, before = Double(max(0, frame - 1)) / fps
                    for (_, offset, call) in calls.filter({ $0.0 == frame }).sorted(by: { $0.1 < $1.1 }) {
                        clock.set(to: before + offset * (time - before))
                        call.make(mixer)
                    }
                    clock.set(to: time)
                    if takingEachFrame && frame >= firstFrame { taken += mixer.takeTrack(until: time) }
                }
                return taken + mixer.endTrack(at: Double(firstFrame + frameCount) / fps).samples
            }

            let pieces = play(takingEachFrame: true), whole = play(takingEachFrame: false)

            // Compared by where they first part, so a failure prints a line, not the tracks.
            let common = min(pieces.count, whole.count)
            let parted = (0..<common).first { pieces[$0] != whole[$0] } ?? (pieces.count == whole.count ? nil : common)
            #expect(parted == nil, "fps \(fps), frames \(firstFrame)..<\(firstFrame + frameCount), calls \(calls)")
            let frames = Int((Double(firstFrame + frameCount) / fps * 48_000).rounded())
                - Int((Double(firstFrame) / fps * 48_000).rounded())
            #expect(whole.count == 2 * frames)
        }
    }

    @Test("A track's WAV file holds its samples, and reads back the same")
    func wavRoundTrip() {
        mixer.startLoop(.ramp, volume: 1)
        let track = mixer.endTrack(at: 0.01)

        let data = track.wavData()

        #expect(data.count == 44 + track.samples.count * 2)
        #expect(String(decoding: data[8..<16], as: UTF8.self) == "WAVEfmt ")
        #expect(SoundTrack(wav: data) == track)
    }
}
