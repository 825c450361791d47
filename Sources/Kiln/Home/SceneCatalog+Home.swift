import KilnCore

extension SceneCatalog {
    /// A new scene by name: the launcher for ``homeName``, a registered prototype's scene
    /// for its name, `nil` for an unknown name.
    package static func make(_ name: String, context: SceneContext) -> Scene? {
        if name == homeName { return LauncherScene(context: context) }
        return entry(name)?.makeScene(context: context)
    }
}
