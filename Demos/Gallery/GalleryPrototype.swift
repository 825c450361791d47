import Kiln

/// The gallery as a prototype: every layer kind and option, the visual reference.
public let galleryPrototype = Prototype(
    name: "gallery", title: "Gallery",
    subtitle: "Every layer kind and option: the visual reference",
    make: { GalleryScene(context: $0) }, sounds: GalleryScene.sounds)
