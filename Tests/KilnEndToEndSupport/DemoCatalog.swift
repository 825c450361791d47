import Foundation
import GalleryDemo
import Kiln
import KilnCore
import KilnPlatform
import KilnTestSupport
import LaserDemo
import MailboxDemo
import PressureDemo

/// The scene catalogue as the kiln executable has it: Kiln's four demos registered once, in
/// the launcher's order, before anything reads it.
///
/// A test process starts with an empty catalogue, as a package's own app does before
/// `KilnApp.main` registers its prototypes. Each accessor registers the demos first, so
/// `DemoCatalog.make("laser", context: context)` works in any test, in any order.
public enum DemoCatalog {
    /// The demos, in the kiln executable's order.
    public static let prototypes: [Prototype] = [laserPrototype, mailboxPrototype, pressurePrototype, galleryPrototype]

    private static let registration: Void = {
        for prototype in prototypes { SceneCatalog.register(prototype) }
        // The demos read their pictures from Kiln's own resources, as the kiln executable does.
        PlatformAssetReader.install()
        AssetFolders.add(ProjectFiles.root.appendingPathComponent("Resources/Assets"))
    }()

    /// Registers the demos, once; a test that registers a scene of its own calls this first,
    /// so that the demos keep their places (keys 1 to 4).
    public static func register() { _ = registration }

    /// The catalogue's entries: the demos, then what tests registered.
    public static var entries: [Prototype] { register(); return SceneCatalog.entries }

    /// The names the command line takes: the launcher, the demos, then what tests registered.
    public static var names: [String] { register(); return SceneCatalog.names }

    /// Every sound the catalogue's scenes play, each once.
    public static var sounds: [Sound] { register(); return SceneCatalog.sounds }

    /// A catalogue entry by name, `nil` for the launcher or an unknown name.
    public static func entry(_ name: String) -> Prototype? { register(); return SceneCatalog.entry(name) }

    /// A new scene by name (the launcher too), or `nil` for an unknown name.
    public static func make(_ name: String, context: SceneContext) -> Scene? {
        register()
        return SceneCatalog.make(name, context: context)
    }
}
