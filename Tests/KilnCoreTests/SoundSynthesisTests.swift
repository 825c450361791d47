import Foundation
import KilnCore
import Testing

/// A declared sound of `seconds` of white noise: every sample comes from its generator.
private func noise(named name: String, seconds: Double = 0.01, seed: UInt64? = nil) -> Sound {
    Sound(name: name, seed: seed) { synthesizer, random in
        SoundBuffer(sampleRate: synthesizer.sampleRate,
                    mono: SoundSynthesizer.noise(synthesizer.frames(seconds), &random))
    }
}

@Suite("Sound synthesis")
struct SoundSynthesisTests {
    let synthesizer = SoundSynthesizer()

    @Test("A sound is its declaration: copies of one are one sound, two declared with one name are two")
    func soundsAreKnownByDeclaration() {
        let short = noise(named: "blip", seconds: 0.01)
        let long = noise(named: "blip", seconds: 0.2)
        let copy = short

        #expect(short == copy)
        #expect(short != long)
        #expect(Set([short, copy, long, noise(named: "blop")]).count == 3)
        #expect("\(short)" == "blip" && short.seed == long.seed)
    }

    @Test("Each sound draws from its own generator: other sounds rendered first change nothing")
    func soundsDrawFromTheirOwnGenerators() {
        let first = synthesizer.render(noise(named: "a"))

        _ = synthesizer.render(noise(named: "b"))
        let again = synthesizer.render(noise(named: "a"))

        #expect(again == first)
        #expect(synthesizer.render(noise(named: "a", seed: 9)) != first)
        #expect(SoundSynthesizer(seed: 7).render(noise(named: "a")) != first)
    }

    @Test("Without a seed, a sound's comes from its name: FNV-1a, the same on every run")
    func defaultSeedComesFromTheName() {
        // FNV-1a's published 64-bit value for "a".
        #expect(noise(named: "a").seed == 0xAF63_DC4C_8601_EC8C)
        #expect(noise(named: "a", seed: 3).seed == 3)
    }

    @Test("Filtering a loop circularly gives what filtering it forever would")
    func circularFilteringMatchesRepetition() {
        var random = SplitMix64(seed: 3)
        let loop = SoundSynthesizer.noise(2000, &random)

        let circular = OnePoleLowpass.circular(loop, cutoff: 200, sampleRate: 44_100)
        var filter = OnePoleLowpass(cutoff: 200, sampleRate: 44_100)
        let repeated = (loop + loop + loop).map { filter.process($0) }

        for i in 0..<loop.count {
            #expect(abs(circular[i] - repeated[2 * loop.count + i]) < 1e-4)
        }
    }

    @Test("16-bit output interleaves left and right and clamps overs")
    func pcm16() {
        let buffer = SoundBuffer(sampleRate: 44_100, left: [0.5, 2], right: [-1, 0])

        #expect(buffer.interleavedPCM16() == [16384, -32767, 32767, 0])
    }
}
