/// What the timeline strip shows of a scene's session: its marks and how far it has run.
import KilnCore

package struct SessionTimeline: Equatable, Sendable {
    /// One mark on the strip.
    package struct Mark: Equatable, Sendable {
        /// What the mark stands for.
        package enum Kind: Equatable, Sendable {
            /// A finger, pen or mouse button goes down.
            case touchDown
            /// It lifts (or is cancelled).
            case touchUp
            /// A scene event, by its name.
            case event(String)
        }

        /// Scene time of the mark, from the scene's start.
        package var time: Double
        package var kind: Kind

        package init(time: Double, kind: Kind) {
            self.time = time
            self.kind = kind
        }
    }

    /// The marks, oldest first.
    package var marks: [Mark]
    /// The latest scene time the session has reached, or is still to replay.
    package var end: Double

    package init(marks: [Mark], end: Double) {
        self.marks = marks
        self.end = end
    }

    /// The touch marks of a logged script's raw event runs (what a log holds), at their times
    /// in the script: the touches a replay has still to give as well as those given.
    package static func touchMarks(of script: InputScript) -> [Mark] {
        var start = 0.0
        var marks: [Mark] = []
        for step in script.steps {
            if case .events(let run) = step {
                for event in run {
                    switch event.phase {
                    case .began: marks.append(Mark(time: start + event.time, kind: .touchDown))
                    case .ended, .cancelled: marks.append(Mark(time: start + event.time, kind: .touchUp))
                    case .moved, .hover: break
                    }
                }
            }
            start += step.duration
        }
        return marks
    }

    /// The touch marks of `log`: each contact's start and end.
    package static func touchMarks(of log: [ScriptOutput]) -> [Mark] {
        log.compactMap { output in
            guard case .pointer(let event) = output else { return nil }
            switch event.phase {
            case .began: return Mark(time: event.timestamp, kind: .touchDown)
            case .ended, .cancelled: return Mark(time: event.timestamp, kind: .touchUp)
            case .moved, .hover: return nil
            }
        }
    }
}
