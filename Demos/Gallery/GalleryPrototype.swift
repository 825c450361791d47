import Kiln

/// The gallery as a prototype: every layer kind and option, the visual reference.
public let galleryPrototype = Prototype(
    GalleryScene.self, title: "Gallery",
    subtitle: "Every layer kind and option: the visual reference")
