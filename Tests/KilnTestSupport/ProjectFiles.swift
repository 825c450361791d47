import Foundation

/// Files the tests read from the checkout: everything a test needs lives inside it, so a
/// clone alone passes its tests.
public enum ProjectFiles {
    /// The package's root folder (Tests/KilnTestSupport/ProjectFiles.swift → the root).
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // KilnTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the package root
        .standardizedFileURL

    /// Real pen-tablet recordings made with `evemu-record` (Tests/Fixtures/Tablets, with
    /// their licence and where they come from).
    public static let tablets = root.appendingPathComponent("Tests/Fixtures/Tablets")

    /// The recordings shipped for users (Resources/Recordings).
    public static let recordings = root.appendingPathComponent("Resources/Recordings")

    /// The input scripts shipped for users (Resources/Scripts).
    public static let scripts = root.appendingPathComponent("Resources/Scripts")
}
