import KilnCore
import PropertyBased

/// One input of a random script: a pause, then a pointer event or a key.
///
/// Steps are what property tests generate and shrink; a `PointerFuzzDriver` turns them into
/// real events. Where a pointer goes may depend on where it was (`Place.near`) or on the
/// scene (`Place.anchor`), so locations are resolved only when played.
public struct PointerFuzzStep: Sendable, CustomStringConvertible {
    /// What a step does after its pause.
    public enum Action: Sendable {
        /// A pointer event.
        case pointer(id: Int, phase: PointerPhase, device: PointerDevice, place: Place, pressure: Double?)
        /// A key press.
        case key(KeyPress)
    }

    /// Where a pointer event lands.
    public enum Place: Sendable, CustomStringConvertible {
        /// Offset from where the same pointer was last seen (the canvas centre before that, or
        /// after a place that is not finite).
        case near(dx: Double, dy: Double)
        /// Offset from one of the scene's points of interest (a card, a button), by index.
        case anchor(Int, dx: Double, dy: Double)
        /// A canvas point as it is: inside, on an edge, far outside, huge or not finite.
        case at(Point)

        public var description: String {
            switch self {
            case .near(let dx, let dy): "near(\(PointerFuzz.short(dx)), \(PointerFuzz.short(dy)))"
            case .anchor(let index, let dx, let dy):
                "anchor\(index)(\(PointerFuzz.short(dx)), \(PointerFuzz.short(dy)))"
            case .at(let p): "(\(PointerFuzz.short(p.x)), \(PointerFuzz.short(p.y)))"
            }
        }
    }

    /// Seconds since the previous step; zero gives equal timestamps.
    public var delay: Double
    public var action: Action

    public init(delay: Double, action: Action) {
        self.delay = delay
        self.action = action
    }

    public var description: String {
        let wait = "+\(PointerFuzz.short(delay))s"
        switch action {
        case .key(let key):
            return "\(wait) key \(key)"
        case .pointer(let id, let phase, let device, let place, let pressure):
            let force = pressure.map { " p=\(PointerFuzz.short($0))" } ?? ""
            return "\(wait) #\(id) \(device.rawValue) \(phase.rawValue) \(place)\(force)"
        }
    }
}

/// A generated script: its steps in order, printed one a line so a failure reads as a script.
public struct PointerFuzzScript: Sendable, CustomStringConvertible {
    public var steps: [PointerFuzzStep]

    public init(steps: [PointerFuzzStep]) {
        self.steps = steps
    }

    public var description: String {
        "\(steps.count) steps:\n" + steps.map { "  " + $0.description }.joined(separator: "\n")
    }
}

/// Generators of random pointer input for property tests: any phase in any order (moves and
/// ends without a began, duplicate begans), several pointers at once, every device, pressure
/// missing, in range, jumping and out of range (negative, above 1, NaN, infinite), places
/// inside, on the edge of and far outside the canvas (huge and not finite too), and pauses
/// from none (equal timestamps) to a few seconds.
///
/// Every choice is drawn as a small integer selector and a unit value, so shrinking moves
/// towards the plainest step: no pause, pointer 0, a mouse, no pressure, no motion.
public enum PointerFuzz {
    /// Scripts of `length` steps on a canvas of `canvas` size, with up to `pointers` pointer
    /// ids, pressing `keys` now and then (none unless given).
    public static func scripts(canvas: Size, length: ClosedRange<Int> = 1...60, pointers: Int = 3,
                               keys: [KeyPress] = []) -> Generator<PointerFuzzScript, some Sequence & SendableMetatype> {
        step(canvas: canvas, pointers: pointers, keys: keys)
            .array(of: length)
            .map { PointerFuzzScript(steps: $0) }
    }

    /// One random step.
    public static func step(canvas: Size, pointers: Int = 3,
                            keys: [KeyPress] = []) -> Generator<PointerFuzzStep, some Sequence & SendableMetatype> {
        let choice = zip(Gen.int(in: 0...9), Gen.double(in: 0...1))
        let spot = zip(Gen.int(in: 0...19), Gen.double(in: -1...1), Gen.double(in: -1...1))
        return zip(choice, Gen.int(in: 0...19), Gen.int(in: 0...max(0, pointers - 1)), Gen.int(in: 0...3),
                   spot, choice)
            .map { delay, kind, id, device, place, pressure in
                let pause = Self.delay(selector: delay.0, unit: delay.1)
                if kind == 19, !keys.isEmpty {
                    let index = min(keys.count - 1, Int(pressure.1 * Double(keys.count)))
                    return PointerFuzzStep(delay: pause, action: .key(keys[index]))
                }
                return PointerFuzzStep(delay: pause, action: .pointer(
                    id: id, phase: phase(selector: kind), device: Self.device(selector: device),
                    place: Self.place(selector: place.0, place.1, place.2, canvas: canvas),
                    pressure: Self.pressure(selector: pressure.0, unit: pressure.1)))
            }
    }

    /// Mostly a frame or less; sometimes nothing (equal timestamps), a while, or seconds.
    static func delay(selector: Int, unit: Double) -> Double {
        switch selector {
        case 0...5: unit * 0.05
        case 6: 0
        case 7, 8: 0.05 + unit * 0.5
        default: 0.5 + unit * 3
        }
    }

    /// Weighted so that pointers stay down long enough to drag: half the events are moves.
    static func phase(selector: Int) -> PointerPhase {
        switch selector {
        case 0...2: .began
        case 3...12: .moved
        case 13...15: .ended
        case 16: .cancelled
        default: .hover
        }
    }

    static func device(selector: Int) -> PointerDevice {
        [.mouse, .pen, .touch, .eraser][selector]
    }

    /// Mostly close to where the pointer was (jitter, or a drag's step) or to a point of
    /// interest, so that taps, presses and drags happen; otherwise anywhere on the canvas, on
    /// its edges, far outside, huge, or not finite.
    static func place(selector: Int, _ u: Double, _ v: Double, canvas: Size) -> PointerFuzzStep.Place {
        let w = canvas.width, h = canvas.height
        switch selector {
        case 0...4:
            // A tap's or a held press's jitter.
            return .near(dx: u * 4, dy: v * 4)
        case 5...7:
            return .near(dx: u * 60, dy: v * 60)
        case 8...11:
            return .anchor(selector - 8, dx: u * 30, dy: v * 30)
        case 12...14:
            return .at(Point((u + 1) / 2 * w, (v + 1) / 2 * h))
        case 15:
            // On a side: the one the larger of u and v points at.
            return abs(u) >= abs(v)
                ? .at(Point(u >= 0 ? w : 0, (v + 1) / 2 * h))
                : .at(Point((u + 1) / 2 * w, v >= 0 ? h : 0))
        case 16:
            return .at(Point(w / 2 + u * 3000, h / 2 + v * 3000))
        case 17:
            return .at(Point(u * 1e300, v * 1e12))
        default:
            return .at(Point(nonFinite(u, else: w / 2), nonFinite(v, else: h / 2)))
        }
    }

    /// NaN, −∞ or +∞ for three quarters of `unit`'s range, `fallback` for the rest.
    private static func nonFinite(_ unit: Double, else fallback: Double) -> Double {
        switch unit {
        case ..<(-0.5): .nan
        case ..<0: -.infinity
        case ..<0.5: .infinity
        default: fallback
        }
    }

    /// Missing, in range, at its ends, or out of range: negative, above 1, NaN, infinite.
    static func pressure(selector: Int, unit: Double) -> Double? {
        switch selector {
        case 0...2: nil
        case 3...5: unit
        case 6: unit < 0.5 ? 0 : 1
        case 7: -unit * 2 - 0.001
        case 8: 1 + unit * 5 + 0.001
        default: unit < 1.0 / 3 ? .nan : unit < 2.0 / 3 ? .infinity : -.infinity
        }
    }

    /// A number as short as it can be while reading back exactly, so that a failing case
    /// can be replayed from its message.
    static func short(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
