import Foundation
import KilnCore

/// The tuning files of one scene: found, read, checked, and watched for saves (X4).
///
/// The user's file (`$XDG_CONFIG_HOME/kiln/SCENE.toml`, else `~/.config/kiln/SCENE.toml`)
/// applies when it exists; a file given with `--tuning` applies over it and must exist.
/// A change that does not check out keeps the last good sources and reports the error.
package final class TuningFiles {
    /// What a reload did.
    package enum Outcome: Equatable {
        /// Nothing on disk changed.
        case unchanged
        /// New sources are in force; the warnings (unknown keys) are worth saying.
        case applied(warnings: [String])
        /// The files changed but do not check out: the last good sources stay.
        case rejected(TuningError)
    }

    /// One watched file.
    package struct Location: Equatable, Sendable {
        /// The file's path, as given.
        package var path: String
        /// Must exist: a missing `--tuning` file is an error, a missing user file is not.
        package var isRequired: Bool
    }

    /// The scene the files tune.
    package let scene: String
    /// The files read, in order; later ones win.
    package let locations: [Location]
    /// The scene's tuning fields.
    package let profile: TuningProfile
    /// The files' sources: the last that checked out.
    package private(set) var fileSources: [TuningSource] = []
    /// Values set in the tweak panel and not saved, applied over the files.
    package private(set) var tweaks: TuningSource?
    /// The sources in force: the files', then the tweak panel's.
    package var sources: [TuningSource] { fileSources + (tweaks.map { [$0] } ?? []) }
    /// The file a save writes: the last of `locations`, which wins over the others.
    package var fileInForce: String? { locations.last?.path }
    /// The error of the files as they are on disk, `nil` when they check out.
    package private(set) var problem: TuningError?
    private var signatures: [String: String] = [:]
    private var lastPoll = -Double.infinity
    /// How often `poll` looks at the files, in seconds.
    package var pollInterval = 0.25

    /// The files for `scene`: the user's file under `configHome` (the XDG config folder),
    /// then `explicit`, if given.
    package init(scene: String, profile: TuningProfile, explicit: String?, configHome: String?) {
        self.scene = scene
        self.profile = profile
        var locations: [Location] = []
        if let configHome {
            locations.append(Location(path: configHome + "/kiln/\(scene).toml", isRequired: false))
        }
        if let explicit { locations.append(Location(path: explicit, isRequired: true)) }
        self.locations = locations
    }

    /// The XDG config folder of this environment.
    package static func configHome(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg }
        return environment["HOME"].map { $0 + "/.config" }
    }

    /// Reads and checks the files now, whatever their dates.
    @discardableResult
    package func reload() -> Outcome {
        signatures = currentSignatures()
        var read: [TuningSource] = []
        for location in locations {
            let exists = FileManager.default.fileExists(atPath: location.path)
            if !exists && !location.isRequired { continue }
            let name = Self.displayName(location.path)
            do {
                read.append(TuningSource(name: name, text: try TextFile.read(location.path)))
            } catch {
                return reject(TuningError(file: name, line: nil, message: error.description))
            }
        }
        do throws(TuningError) {
            let warnings = try profile.check(read + (tweaks.map { [$0] } ?? []))
            fileSources = read
            problem = nil
            return .applied(warnings: warnings)
        } catch {
            return reject(error)
        }
    }

    /// Applies `source` (the tweak panel's values) over the files, or takes it away (`nil`);
    /// values the scene refuses leave the last good ones in force.
    package func setTweaks(_ source: TuningSource?) -> Outcome {
        do throws(TuningError) {
            let warnings = try profile.check(fileSources + (source.map { [$0] } ?? []))
            tweaks = source
            return .applied(warnings: warnings)
        } catch {
            return .rejected(error)
        }
    }

    /// Reloads when a file's date or size changed since the last look (at most every
    /// `pollInterval` seconds of `now`); `.unchanged` otherwise.
    package func poll(now: Double) -> Outcome {
        guard now - lastPoll >= pollInterval else { return .unchanged }
        lastPoll = now
        guard currentSignatures() != signatures else { return .unchanged }
        return reload()
    }

    private func reject(_ error: TuningError) -> Outcome {
        problem = error
        return .rejected(error)
    }

    private func currentSignatures() -> [String: String] {
        var result: [String: String] = [:]
        for location in locations {
            let attributes = try? FileManager.default.attributesOfItem(atPath: location.path)
            let date = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
            result[location.path] = "\(date)/\(size)"
        }
        return result
    }

    /// A path as messages show it: the home folder as "~".
    package static func displayName(_ path: String) -> String {
        if let home = ProcessInfo.processInfo.environment["HOME"], home.count > 1, path.hasPrefix(home + "/") {
            return "~" + path.dropFirst(home.count)
        }
        return path
    }
}
