import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime

/// The tweak panel's values: applied over the tuning files as a saved file would be, with
/// the scene replayed to the same moment, and saved into the file in force.
extension HostedSession {
    package func makeTweakPanel() -> TweakPanel? {
        guard let tuning, !tuning.profile.fields.isEmpty,
              let panel = try? TweakPanel(profile: tuning.profile, sources: tuning.fileSources) else { return nil }
        // Values set before the panel was last closed, and not saved, are still in force.
        if tuning.tweaks != nil, let values = try? tuning.profile.values(tuning.sources) {
            for (key, value) in values where panel.values[key] != value { panel.set(key, to: value) }
        }
        return panel
    }

    package func applyTweaks(_ source: TuningSource?) {
        guard let tuning else { return }
        switch tuning.setTweaks(source) {
        case .applied:
            let moment = lastTime - timeOrigin
            if let place = presentPlace, resume(from: place, retuned: true) {
                eventMarks?.record(SceneEvent(time: moment, name: "tuning.tweaked", fields: ["scene": .string(name)]))
            } else {
                restart()
            }
        case .rejected(let error):
            warn(error.description)
        case .unchanged:
            break
        }
    }

    package func saveTweaks(_ changes: [TuningChange]) -> Result<String, TweakSaveFailure> {
        guard let tuning, let path = tuning.fileInForce else {
            return .failure(TweakSaveFailure(message: "\(name) has no tuning file to save into"))
        }
        let before = try? tuning.profile.values(tuning.sources)
        switch TuningSave.write(changes, profile: tuning.profile, to: path, mustExist: false) {
        case .failure(let failure):
            return .failure(TweakSaveFailure(message: failure.message))
        case .success(let summary):
            // The file now holds the panel's values: read it at once, so the next look at
            // the files finds nothing new, and the panel's own values go.
            if case .rejected(let error) = tuning.reload() { return .failure(TweakSaveFailure(message: error.description)) }
            _ = tuning.setTweaks(nil)
            if (try? tuning.profile.values(tuning.sources)) != before { applyTweaks(nil) }
            let saved = "\(TuningFiles.displayName(path)): \(summary.joined(separator: ", "))"
            eventMarks?.record(SceneEvent(time: lastTime - timeOrigin, name: "tuning.saved", fields: ["file": .string(path)]))
            return .success(saved)
        }
    }

    package var fileTuningSources: [TuningSource] { tuning?.fileSources ?? [] }

    package var tuningFileName: String? { tuning?.fileInForce.map(TuningFiles.displayName) }
}
