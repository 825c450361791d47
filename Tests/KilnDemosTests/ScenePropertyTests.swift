import KilnCore
import KilnRuntime
import KilnEndToEndSupport
import Testing

/// A catalogue scene in a session (touch indicators on, so the overlay is fuzzed too), with
/// recording services, driven by random scripts at 60 Hz.
final class SceneFuzz: PointerFuzzTarget {
    static let canvas = DevicePreset.iPhone14.size
    /// The keys scripts press: the scenes' undo, and keys the scenes leave to the host.
    static let keys = [KeyPress("z", modifiers: .ctrl), KeyPress("escape"), KeyPress("1"), KeyPress("z")]

    let events = EventRecorder()
    let audio = RecordingAudio()
    let clock = ManualClock()
    let session: SceneSession
    private(set) var driver: PointerFuzzDriver!
    private let openRequests: Box<[String?]>

    /// A new scene by catalogue name, run for `warmUp` seconds (the laser ignites) before input.
    init(_ name: String, warmUp: Double = 0.6) {
        var context = SceneContext(canvasSize: Self.canvas, events: events, audio: audio,
                                   haptics: RecordingHaptics(clock: clock))
        let requests = Box<[String?]>([])
        context.openScene = { requests.value.append($0) }
        session = SceneSession(scene: DemoCatalog.make(name, context: context)!, showsTouches: true)
        openRequests = requests
        driver = PointerFuzzDriver(target: self, clock: clock, canvas: Self.canvas)
        driver.run(until: warmUp)
    }

    /// The scenes the scene asked the host to open, in order (`nil`: the launcher).
    var openedScenes: [String?] { openRequests.value }

    var scene: Scene { session.scene }

    /// Points worth aiming at, where they are now: the scene's main control and its named
    /// controls and targets (the laser's beam, the pressure ring once it shows).
    var anchors: [Point] {
        let names = ["pocket", "toast", "laser", "message", "message.1", "message.2", "compose", "menu",
                     "rescheduleOptions", "deleteButton", "ring", "draggable"]
        let named = names.compactMap { scene.root.layer(named: $0) }.map { layer in
            layer.transformToRoot.apply(to: layer.bounds).center
        }
        let cards = scene.root.sublayers.filter { $0.name?.hasPrefix("card.") == true }.map(\.frame.center)
        return [scene.primaryControl].compactMap { $0 } + named + cards
    }

    /// Every layer drawn: the scene's and the overlays'.
    var layers: [Layer] { [scene.root] + session.overlays }

    /// How many layers there are now.
    var layerCount: Int { layers.reduce(0) { $0 + $1.allLayers.count } }

    /// Layers whose geometry is not finite, as `Layer.nonFiniteGeometry` describes them.
    var nonFiniteGeometry: [String] { layers.flatMap(\.nonFiniteGeometry) }

    /// Every emitter whose live particles exceed what its birth rate and lifetime allow.
    var overfullEmitters: [String] {
        layers.flatMap(\.allLayers).compactMap { $0 as? EmitterLayer }.compactMap { emitter in
            emitter.aliveCount <= emitter.steadyStateBound ? nil
                : "\(emitter.name ?? "emitter"): \(emitter.aliveCount) alive, at most \(emitter.steadyStateBound) expected"
        }
    }

    func advance(to time: Double) { session.advance(to: time) }
    func handle(_ event: PointerEvent) { session.handle(event) }
    func handle(_ key: KeyPress, at time: Double) { _ = session.handle(key, at: time) }

    /// The canvas frame of a named layer.
    func canvasFrame(_ name: String) -> Rect? {
        scene.root.layer(named: name).map { $0.transformToRoot.apply(to: $0.bounds) }
    }

    /// A quick tap at a canvas point with a pointer no script uses.
    func tap(at point: Point) {
        driver.send(PointerEvent(id: 50, phase: .began, location: point, timestamp: driver.time))
        driver.run(until: driver.time + 0.05)
        driver.send(PointerEvent(id: 50, phase: .ended, location: point, timestamp: driver.time, buttons: 0))
    }
}

/// A mutable value shared with a closure that must not capture the object owning it.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

@Suite("Every scene under random input")
struct ScenePropertyTests {
    @Test("Every catalogue scene has its own invariants under random input", arguments: DemoCatalog.names)
    func everySceneIsChecked(scene name: String) {
        #expect(SceneInvariants.of(name) != nil)
    }

    @Test("No NaN reaches a layer, and once all pointers lift and the scene settles it is at rest, with layers and particles within bounds",
          arguments: DemoCatalog.names)
    func randomInput(scene name: String) {
        guard let invariants = SceneInvariants.of(name) else { return }
        check(name, invariants, length: 1...40, count: invariants.cases)
    }

    @Test("After long random sequences the scene still comes to rest, with no more layers or particles than allowed",
          arguments: DemoCatalog.names)
    func longRandomInput(scene name: String) {
        guard let invariants = SceneInvariants.of(name) else { return }
        check(name, invariants, length: 200...300, count: max(2, invariants.cases / 10))
    }

    /// Plays `count` random scripts of `length` steps, checking after each event, then lifts
    /// every pointer, lets the scene run on until its animations are over and checks it at
    /// rest against the untouched scene. All at 60 Hz; the counts keep the suite to seconds
    /// in debug.
    private func check(_ name: String, _ invariants: SceneInvariants, length: ClosedRange<Int>, count: Int) {
        let untouched = SceneFuzz(name)
        untouched.driver.run(until: untouched.driver.time + invariants.settling)
        let scripts = PointerFuzz.scripts(canvas: SceneFuzz.canvas, length: length, keys: SceneFuzz.keys)

        let failure = PointerFuzzCheck("\(name), \(length) steps", count: count).run(scripts) { script in
            let fuzz = SceneFuzz(name)
            var problems: [String] = []

            fuzz.driver.play(script) { event in
                if problems.isEmpty { problems = fuzz.nonFiniteGeometry.map { "while playing: \($0)" } }
                if problems.isEmpty, let event { problems = invariants.afterEvent(fuzz, event) }
            }
            fuzz.driver.settle(for: invariants.settling)
            problems += fuzz.nonFiniteGeometry.map { "once settled: \($0)" }
            problems += fuzz.overfullEmitters
            if fuzz.layerCount > untouched.layerCount + invariants.layerGrowth {
                problems.append("\(fuzz.layerCount) layers, \(untouched.layerCount) untouched")
            }
            if fuzz.session.touchIndicators?.visibleCount != 0 { problems.append("touch indicators still showing") }
            return problems + invariants.atRest(fuzz, untouched)
        }
        #expect(failure == nil, "\(failure?.description ?? "")")
    }
}

