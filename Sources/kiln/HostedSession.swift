import Foundation
import KilnCore
import KilnPlatform
import KilnScenes

/// A scene session as the window shows it: scripts, captures and problems reported once.
final class HostedSession: HostedScene {
    let session: SceneSession
    private let capturePath: String?
    private var reportedProblem = false

    /// `reportsProblems: false` leaves a stopped script to the caller to report.
    init(session: SceneSession, capturePath: String?, reportsProblems: Bool = true) {
        self.session = session
        self.capturePath = capturePath
        reportedProblem = !reportsProblems
    }

    var name: String { session.scene.name }
    var root: Layer { session.scene.root }
    var backgroundColor: Color { session.scene.backgroundColor }
    var isHome: Bool { session.scene is LauncherScene }
    var overlays: [Layer] { session.overlays }

    func advance(to time: Double) {
        session.advance(to: time)
        if let problem = session.scriptProblem, !reportedProblem {
            reportedProblem = true
            warn("the script stopped: \(problem)")
        }
    }

    func handle(_ event: PointerEvent) {
        session.handle(event)
    }

    func handle(_ key: KeyPress, at time: Double) -> Bool {
        session.handle(key, at: time)
    }

    /// Writes the capture, if this scene was being captured.
    func close() {
        session.close()
        guard let path = capturePath, let recorder = session.recorder else { return }
        do {
            try Data((recorder.jsonText + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            warn("captured \(recorder.script.steps.count) steps of \(name) to \(path)")
        } catch {
            warn("cannot write the capture to \(path): \(error.localizedDescription)")
        }
    }
}
