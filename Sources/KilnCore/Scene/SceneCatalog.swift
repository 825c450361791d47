import Foundation

/// Every scene the app knows, with what the launcher shows of it: the prototypes registered
/// since the app started, in order.
public enum SceneCatalog {
    /// A scene's entry: its name, how people see it, and how to make one.
    public struct Entry: Sendable {
        /// The name the command line takes: lower-case letters, digits and hyphens.
        public var name: String
        /// The title the launcher shows.
        public var title: String
        /// The line under the title in the launcher.
        public var subtitle: String
        /// Makes a fresh scene for a context; read the tuning with `context.tuning()`.
        public var make: @Sendable (SceneContext) -> Scene
        /// The scene's tuning, if it has a tuning file (X4).
        public var tuning: TuningProfile? = nil
        /// The sounds the scene plays (its `Scene.sounds`).
        public var sounds: [Sound] = []
        /// The folder of a prototype loaded from one, which its scenes' contexts carry.
        package var folder: URL?

        /// A fresh scene, its context carrying the entry's folder.
        package func makeScene(context: SceneContext) -> Scene {
            var context = context
            context.folder = context.folder ?? folder
            return SceneCode.run(.making) { make(context) }
        }

        /// An entry for a scene: `name` is what the command line takes, `title` and
        /// `subtitle` what the launcher shows, `make` builds a fresh scene for a context
        /// (read the tuning with `context.tuning()`), `tuning` its tuning type if it has one.
        public init(name: String, title: String, subtitle: String = "",
                    make: @escaping @Sendable (SceneContext) -> Scene,
                    tuning: TuningProfile? = nil, sounds: [Sound] = []) {
            self.name = name
            self.title = title
            self.subtitle = subtitle
            self.make = make
            self.tuning = tuning
            self.sounds = sounds
        }
    }

    /// The scenes the launcher lists, in order (keys 1, 2, 3, …): the prototypes registered
    /// since the app started (the kiln executable registers its demos first).
    package static var entries: [Entry] { registered.withLock { $0 } }

    /// Adds a prototype's scene to the catalogue, or replaces the entry of the same name
    /// (a prototype reloaded after a change to its code).
    package static func register(_ entry: Entry) {
        registered.withLock { entries in
            if let index = entries.firstIndex(where: { $0.name == entry.name }) {
                entries[index] = entry
            } else {
                entries.append(entry)
            }
        }
    }

    private static let registered = Locked<[Entry]>([])

    /// The home screen's name: the launcher, which lists the others.
    package static let homeName = "launcher"

    /// The names accepted on the command line.
    package static var names: [String] { [homeName] + entries.map(\.name) }

    /// Every sound the scenes play, each once, in the order the scenes declare them: what
    /// the app prepares when it starts, so that no scene waits for its sounds.
    package static var sounds: [Sound] {
        var names: Set<String> = []
        return entries.flatMap(\.sounds).filter { names.insert($0.name).inserted }
    }

    /// The catalogue entry of a scene, `nil` for the launcher or an unknown name.
    package static func entry(_ name: String) -> Entry? {
        entries.first { $0.name == name }
    }
}
