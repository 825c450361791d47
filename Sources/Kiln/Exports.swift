// What a prototype sees with one `import Kiln`: the toolkit (layers, animation,
// recognizers, the emitter, sound as data) and the scene model (scenes, tuning, input
// scripts, events). Kiln's own demos are prototypes like any other, in modules of their own.
@_exported import KilnCore

/// A prototype: a scene with its name, the words the launcher shows, how to make one, its
/// tuning and its sounds. A prototype folder declares one as a global constant named
/// `prototype`; a package of its own passes its prototypes to
/// ``KilnApp/main(prototypes:name:version:)``.
public typealias Prototype = SceneCatalog.Entry
