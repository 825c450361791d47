import KilnCore
import KilnEndToEndSupport
import MailboxDemo
import PressureDemo
import Testing

/// The plays of `sound` recorded so far, by volume.
private func volumes(of sound: Sound, in audio: RecordingAudio) -> [Double] {
    audio.calls.compactMap { if case .play(sound, let volume) = $0 { volume } else { nil } }
}

@Suite("Sounds on the ring's states and the Mailbox's options")
struct FeedbackSoundTests {
    @Test("P6: the ring ticks softly once on turning selected, at sound.selected_volume, and not again while it stays")
    func selectedTick() throws {
        var tuning = PressureTuning()
        tuning.selectedVolume = 0.25
        let h = SceneHarness<PressureScene>(tuning: tuning)
        try h.penDown(pressure: 0.2)
        h.wait(0.1)
        let beforeFull = h.audio.playedSounds

        h.pressure = 0.5
        h.send(.moved)
        h.wait(1)

        #expect(beforeFull == [.tick], "only the press's own tick (P1)")
        #expect(h.scene.state == .selected)
        #expect(h.audio.playedSounds == [.tick, .tick], "one more tick for selected, none per frame")
        #expect(volumes(of: .tick, in: h.audio) == [0.3, 0.25])
    }

    @Test("P6: turning confirmed plays the rising chirp once, at sound.confirmed_volume, and not again while it stays")
    func confirmedChirp() throws {
        var tuning = PressureTuning()
        tuning.confirmedVolume = 0.6
        let h = SceneHarness<PressureScene>(tuning: tuning)
        try h.penDown(pressure: 0.5)
        h.wait(0.1)
        h.audio.removeAllCalls()

        try h.move(to: h.ringCentre)
        h.wait(1)

        #expect(h.scene.state == .confirmed)
        #expect(h.audio.calls == [.play(.confirm, volume: 0.6)])
    }

    @Test("P6: leaving the ring and coming back sounds each real change once, in order")
    func eachChangeSoundsOnce() throws {
        let h = SceneHarness<PressureScene>()
        let tuning = PressureTuning()
        try h.penDown(pressure: 0.5)
        h.wait(0.1)
        h.audio.removeAllCalls()

        for point in try [h.ringCentre, h.buttonCentre, h.ringCentre] {
            h.move(to: point)
            h.wait(0.3)
        }

        #expect(h.audio.calls == [
            .play(.confirm, volume: tuning.confirmedVolume),
            .play(.tick, volume: tuning.selectedVolume),
            .play(.confirm, volume: tuning.confirmedVolume),
        ])
    }

    @Test("P6: with their volumes at 0 the ring's state sounds are silent")
    func silentRing() throws {
        var tuning = PressureTuning()
        tuning.selectedVolume = 0
        tuning.confirmedVolume = 0
        let h = SceneHarness<PressureScene>(tuning: tuning)

        try h.penDown(pressure: 0.5)
        h.wait(0.1)
        try h.move(to: h.ringCentre)
        h.wait(0.1)

        #expect(volumes(of: .confirm, in: h.audio) == [0])
        #expect(volumes(of: .tick, in: h.audio) == [0.3, 0], "the press's own tick is not the selected one")
    }

    @Test("M4: the options come in with one quiet pop at sound.panel_volume, once the message has left",
          arguments: [60.0, 260.0])
    func optionsPop(_ dx: Double) throws {
        var tuning = MailboxTuning()
        tuning.panelVolume = 0.2
        let h = SceneHarness<MailboxScene>(tuning: tuning)
        try h.drag(by: -dx - 20)
        h.up()
        let atRelease = volumes(of: .pop, in: h.audio)

        h.wait(0.6)
        let shown = volumes(of: .pop, in: h.audio)
        h.wait(2)
        h.tap(at: Point(195, 400))
        h.wait(0.8)

        #expect(atRelease.isEmpty, "the message is still sliding off")
        #expect(shown == [0.2])
        #expect(volumes(of: .pop, in: h.audio) == [0.2], "waiting and dismissing add none")
    }

    @Test("M4: with sound.panel_volume at 0 the options' pop is silent")
    func silentOptions() throws {
        var tuning = MailboxTuning()
        tuning.panelVolume = 0
        let h = SceneHarness<MailboxScene>(tuning: tuning)

        try h.drag(by: -100)
        h.up()
        h.wait(0.6)

        #expect(volumes(of: .pop, in: h.audio) == [0])
    }
}
