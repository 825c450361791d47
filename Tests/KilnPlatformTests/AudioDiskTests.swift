import CSDL2
import Foundation
import KilnCore
import KilnPlatform
import LaserDemo
import Testing

/// SDL_mixer through SDL's `disk` audio driver, which writes the mixed stream (16-bit
/// stereo at 44.1 kHz here) to a file in real time. Serialized: the device is process-wide.
@Suite("Audio through SDL's disk driver", .serialized)
struct AudioDiskTests {
    static let bytesPerSecond = 44_100 * 4
    /// 50 ms windows: long enough to hold several hum periods, short enough to find edges.
    static let windowFrames = 2_205

    @Test("The hum loop is heard at its synthesized level while it plays, then silence")
    func humThenSilence() throws {
        let levels = try recordDiskOutput { audio, output in
            audio.startLoop(.hum, volume: 1)
            try output.waitForGrowth(seconds: 0.5)
            audio.stopLoop(.hum)
            try output.waitForGrowth(seconds: 0.3)
        }
        let expected = Self.synthesizedHumLevel()

        let loud = levels.filter { $0 > 0.25 * expected }
        let loudSeconds = Double(loud.count * Self.windowFrames) / 44_100

        #expect(loudSeconds >= 0.35, "only \(loudSeconds) s of hum in \(levels)")
        let meanLoud = loud.reduce(0, +) / Double(max(1, loud.count))
        #expect(abs(meanLoud - expected) < 0.2 * expected, "hum level \(meanLoud), expected \(expected)")
        // The last 150 ms were mixed at least 150 ms after the stop: nothing may remain.
        #expect(levels.suffix(3).allSatisfy { $0 < 0.001 }, "\(levels.suffix(3))")
    }

    @Test("Changing a loop's volume while it plays changes what is heard at once")
    func liveLoopVolume() throws {
        let levels = try recordDiskOutput { audio, output in
            audio.startLoop(.hum, volume: 0.8)
            try output.waitForGrowth(seconds: 0.4)
            audio.setVolume(0.4, forLoop: .hum)
            try output.waitForGrowth(seconds: 0.4)
            audio.stopAll()
        }
        let floor = 0.1 * Self.synthesizedHumLevel()

        let audible = levels.filter { $0 > floor }
        let third = audible.count / 3
        let before = median(audible.prefix(third)), after = median(audible.suffix(third))

        #expect(third >= 3, "too little hum: \(levels)")
        #expect(abs(after / before - 0.5) < 0.12, "before \(before), after \(after)")
    }

    @Test("L2/L3: the laser scene's hum is heard while the laser is on, then silence after leaving")
    func laserSceneHumThenSilence() throws {
        var events: [String] = []
        let levels = try recordDiskOutput { audio, output in
            let recorder = EventRecorder()
            let scene = LaserScene(context: SceneContext(canvasSize: DevicePreset.iPhone14.size, events: recorder,
                                                         audio: audio))
            // Past ignition (0.35 s) on scene time; the device plays on in real time.
            for frame in 1...60 { scene.advance(to: Double(frame) / 120) }
            events = recorder.names
            try output.waitForGrowth(seconds: 1.2)
            scene.leave()
            try output.waitForGrowth(seconds: 0.5)
        }
        // The scene starts the hum at 55 % volume; the ignition sound is over after 0.6 s.
        let floor = 0.25 * 0.55 * Self.synthesizedHumLevel()
        // The device's file starts when it opens; on a busy machine making the scene may take
        // a few windows more, so the hum is looked for from where sound is first heard, past the
        // ignition.
        let onset = try #require(levels.firstIndex { $0 > floor }, "no hum: \(levels)")
        let laserOn = levels[min(levels.count, onset + 12)..<min(levels.count, onset + 22)]

        #expect(laserOn.count == 10, "the hum started too late: \(levels)")
        #expect(events == ["laser.on"])
        #expect(laserOn.allSatisfy { $0 > floor }, "hum below \(floor) while on: \(Array(laserOn))")
        // leave() fades over 0.15 s; the last 150 ms were mixed at least 350 ms after it.
        #expect(levels.suffix(3).allSatisfy { $0 < 0.001 }, "\(levels.suffix(3))")
    }

    @Test("A sound declared outside Kiln's scenes is prepared, looped and heard at its level")
    func declaredSoundIsHeard() throws {
        // One second of 440 Hz at 0.5: a whole number of periods, so the loop is seamless.
        let tone = Sound(name: "test.tone", isLoop: true) { synthesizer, _ in
            let count = synthesizer.sampleRate
            return SoundBuffer(sampleRate: count, mono: (0..<count).map {
                Float(0.5 * sin(2 * Double.pi * 440 * synthesizer.time($0)))
            })
        }

        let levels = try recordDiskOutput { audio, output in
            audio.prepare([tone])
            audio.startLoop(tone, volume: 1)
            try output.waitForGrowth(seconds: 0.5)
            audio.stopAll()
            try output.waitForGrowth(seconds: 0.3)
        }
        let expected = 0.5 / 2.0.squareRoot()

        let loud = levels.filter { $0 > 0.25 * expected }
        let meanLoud = loud.reduce(0, +) / Double(max(1, loud.count))

        #expect(Double(loud.count * Self.windowFrames) / 44_100 >= 0.35, "\(levels)")
        #expect(abs(meanLoud - expected) < 0.1 * expected, "tone level \(meanLoud), expected \(expected)")
        #expect(levels.suffix(3).allSatisfy { $0 < 0.001 }, "\(levels.suffix(3))")
    }

    @Test("Two scenes' loops named \"hum\" are two sounds: the loud one plays its own samples, not the silent one's")
    func soundsNamedAlikeStayApart() throws {
        let silentHum = Sound(name: "hum", isLoop: true) { synthesizer, _ in
            SoundBuffer(sampleRate: synthesizer.sampleRate, mono: Array(repeating: 0, count: synthesizer.sampleRate))
        }
        let loudHum = Sound(name: "hum", isLoop: true) { synthesizer, _ in
            let count = synthesizer.sampleRate
            return SoundBuffer(sampleRate: count, mono: (0..<count).map {
                Float(0.5 * sin(2 * Double.pi * 440 * synthesizer.time($0)))
            })
        }

        let levels = try recordDiskOutput { audio, output in
            audio.prepare([silentHum, loudHum])
            audio.startLoop(loudHum, volume: 1)
            try output.waitForGrowth(seconds: 0.5)
            audio.stopAll()
            try output.waitForGrowth(seconds: 0.3)
        }
        let expected = 0.5 / 2.0.squareRoot()

        let loud = levels.filter { $0 > 0.25 * expected }
        #expect(Double(loud.count * Self.windowFrames) / 44_100 >= 0.35, "\(levels)")
    }

    @Test("Without an audio device, make warns once and returns a silent service that works")
    func noDeviceRunsSilently() {
        SDL_SetHintWithPriority(SDL_HINT_AUDIODRIVER, "kiln-no-such-driver", SDL_HINT_OVERRIDE)
        defer { SDL_ResetHint(SDL_HINT_AUDIODRIVER) }
        var warnings: [String] = []

        let audio = MixerAudio.make { warnings.append($0) }
        audio.startLoop(.hum, volume: 1)
        audio.play(.chime)
        audio.stopAll()

        #expect(audio is SilentAudio)
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("no audio device (") == true)
        #expect(warnings.first?.hasSuffix("): running silently") == true)
        #expect(warnings.first?.contains("kiln-no-such-driver") == true, "\(warnings)")
    }

    // MARK: Helpers

    /// Opens MixerAudio on the disk driver, runs `body`, closes the device and returns the
    /// RMS level (0…1) of each 50 ms window of what was written.
    private func recordDiskOutput(
        _ body: (AudioService, DiskOutput) throws -> Void
    ) throws -> [Double] {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("kiln-audio-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).raw").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        SDL_SetHintWithPriority(SDL_HINT_AUDIODRIVER, "disk", SDL_HINT_OVERRIDE)
        setenv("SDL_DISKAUDIOFILE", path, 1)
        defer {
            SDL_ResetHint(SDL_HINT_AUDIODRIVER)
            unsetenv("SDL_DISKAUDIOFILE")
        }
        do {
            let audio = try MixerAudio()
            try withExtendedLifetime(audio) { try body(audio, DiskOutput(path: path)) }
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return windowLevels(data)
    }

    private func windowLevels(_ data: Data) -> [Double] {
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        let window = 2 * Self.windowFrames
        return stride(from: 0, to: samples.count - window + 1, by: window).map { start in
            let sum = samples[start..<start + window].reduce(0.0) { $0 + Double($1) * Double($1) }
            return (sum / Double(window)).squareRoot() / 32_768
        }
    }

    private static func synthesizedHumLevel() -> Double {
        let hum = SoundSynthesizer().render(.hum)
        let squares = (hum.left + hum.right).reduce(0.0) { $0 + Double($1) * Double($1) }
        return (squares / Double(2 * hum.frameCount)).squareRoot()
    }
}

/// The file the disk driver writes, watched as it grows.
private struct DiskOutput {
    let path: String

    /// Waits until the driver has written `seconds` more audio, for at most 5 s of real time
    /// plus the audio's own length (a loaded machine may starve the audio thread).
    func waitForGrowth(seconds: Double) throws {
        let target = size() + Int(seconds * Double(AudioDiskTests.bytesPerSecond))
        let deadline = Date().addingTimeInterval(5 + seconds)
        while size() < target {
            guard Date() < deadline else {
                throw DiskOutputStalled(path: path, size: size(), target: target)
            }
            usleep(10_000)
        }
    }

    private func size() -> Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.size] as? Int) ?? 0
    }
}

private struct DiskOutputStalled: Error, CustomStringConvertible {
    let path: String, size: Int, target: Int
    var description: String { "\(path) stopped growing at \(size) bytes, waiting for \(target)" }
}

private func median<C: Collection<Double>>(_ values: C) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}
