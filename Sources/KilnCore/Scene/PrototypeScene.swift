/// A scene a prototype is made from by its type alone: it states its name once, as a type
/// property, and is made from its context. Its prototype takes its name, its tuning type and
/// its sounds (`Scene.sounds`) from the type.
///
/// ```swift
/// final class DotScene: PrototypeScene {
///     static let name = "dot"
///     let root = Layer()
///
///     init(context: SceneContext) { … }
/// }
///
/// let prototype = Prototype(DotScene.self, title: "Dot")
/// ```
///
/// A scene with a tuning file is a ``TunedScene``.
public protocol PrototypeScene: Scene, SendableMetatype {
    /// The name the command line takes and scripts give: lower-case letters, digits and hyphens.
    static var name: String { get }
    /// A fresh scene for `context`.
    init(context: SceneContext)
    /// The scene's tuning type as the app reads and writes its files; `nil` without one.
    static var tuningProfile: TuningProfile? { get }
}

/// A scene made from its context and its tuning: the values of its tuning files, which the
/// window applies again when they are saved.
///
/// ```swift
/// final class CardScene: TunedScene {
///     static let name = "card"
///     let root = Layer()
///
///     init(context: SceneContext, tuning: CardTuning) { … }
/// }
///
/// let prototype = Prototype(CardScene.self, title: "Card", subtitle: "A card you drag")
/// ```
public protocol TunedScene: PrototypeScene {
    /// What the scene reads from its tuning files.
    associatedtype Tuning: SceneTuning
    /// A fresh scene for `context` with `tuning`; tests pass tuning of their own.
    init(context: SceneContext, tuning: Tuning)
}

extension PrototypeScene {
    /// The type's name.
    public var name: String { Self.name }
    /// None: the scene has no tuning file.
    public static var tuningProfile: TuningProfile? { nil }
}

extension TunedScene {
    /// The tuning type's.
    public static var tuningProfile: TuningProfile? { .of(Tuning.self) }

    /// A fresh scene for `context`, with the tuning its files set over the defaults.
    public init(context: SceneContext) {
        self.init(context: context, tuning: context.tuning(Tuning.self))
    }
}

extension SceneCatalog.Entry {
    /// The prototype of the scene type `scene`, shown in the launcher with `title` and
    /// `subtitle`: its name, its tuning and its sounds are the type's.
    public init<S: PrototypeScene>(_ scene: S.Type, title: String, subtitle: String = "") {
        self.init(name: S.name, title: title, subtitle: subtitle, make: { S(context: $0) },
                  tuning: S.tuningProfile, sounds: S.sounds)
    }
}
