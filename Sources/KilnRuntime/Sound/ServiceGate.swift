/// Holds back what a scene does to the world while it is re-simulated up to a moment (a
/// step back, a scrub, a reload that keeps its place), then lets it through once the
/// scene has caught up: sounds, impacts, scene events and scene switches.
///
/// Loops are the exception that must not be lost: a hum started during the catch-up and
/// still on when the gate opens starts then, at the volume it has reached.
import KilnCore

package final class ServiceGate {
    /// Whether what the scene does goes through.
    package private(set) var isOpen = false
    private let audio: AudioService
    private let haptics: HapticsService
    private let events: EventSink?
    /// The loops the scene has on, with their volumes.
    private var loops: [Sound: Double] = [:]

    /// A shut gate in front of `audio`, `haptics` and `events`.
    package init(audio: AudioService, haptics: HapticsService, events: EventSink?) {
        self.audio = audio
        self.haptics = haptics
        self.events = events
    }

    /// The audio service the scene is made with.
    package var gatedAudio: AudioService { GatedAudio(gate: self) }
    /// The haptics service the scene is made with.
    package var gatedHaptics: HapticsService { GatedHaptics(gate: self) }
    /// The event sink the scene is made with; `nil` when there is none behind the gate.
    package var gatedEvents: EventSink? { events == nil ? nil : GatedEvents(gate: self) }

    /// A scene switch that happens only once the gate is open.
    package func gatedOpen(_ open: @escaping (String?) -> Void) -> (String?) -> Void {
        { [weak self] name in if self?.isOpen == true { open(name) } }
    }

    /// Lets everything through from now on, starting the loops that are on.
    package func open() {
        guard !isOpen else { return }
        isOpen = true
        for (sound, volume) in loops.sorted(by: { $0.key.description < $1.key.description }) {
            audio.startLoop(sound, volume: volume)
        }
    }

    /// Holds everything back again (a jump through scene time), silencing the loops that are
    /// on; they start again when the gate opens.
    package func close() {
        guard isOpen else { return }
        isOpen = false
        for sound in loops.keys.sorted(by: { $0.description < $1.description }) {
            audio.stopLoop(sound, fadeOut: 0.05)
        }
    }

    private final class GatedAudio: AudioService {
        let gate: ServiceGate
        init(gate: ServiceGate) { self.gate = gate }

        /// Sounds are prepared once the gate opens: a scene made behind it may be made on
        /// another thread than the audio's.
        func prepare(_ sounds: [Sound]) {
            if gate.isOpen { gate.audio.prepare(sounds) }
        }

        func play(_ sound: Sound, volume: Double) {
            if gate.isOpen { gate.audio.play(sound, volume: volume) }
        }

        func startLoop(_ sound: Sound, volume: Double) {
            if gate.isOpen { gate.audio.startLoop(sound, volume: volume) }
            gate.loops[sound] = volume
        }

        func setVolume(_ volume: Double, forLoop sound: Sound) {
            if gate.isOpen { gate.audio.setVolume(volume, forLoop: sound) }
            if gate.loops[sound] != nil { gate.loops[sound] = volume }
        }

        func stopLoop(_ sound: Sound, fadeOut: Double) {
            if gate.isOpen { gate.audio.stopLoop(sound, fadeOut: fadeOut) }
            gate.loops[sound] = nil
        }

        func stopAll(fadeOut: Double) {
            if gate.isOpen { gate.audio.stopAll(fadeOut: fadeOut) }
            gate.loops = [:]
        }
    }

    private final class GatedHaptics: HapticsService {
        let gate: ServiceGate
        init(gate: ServiceGate) { self.gate = gate }

        func impact(intensity: Double, duration: Double) {
            if gate.isOpen { gate.haptics.impact(intensity: intensity, duration: duration) }
        }
    }

    private final class GatedEvents: EventSink {
        let gate: ServiceGate
        init(gate: ServiceGate) { self.gate = gate }

        func record(_ event: SceneEvent) {
            if gate.isOpen { gate.events?.record(event) }
        }
    }
}
