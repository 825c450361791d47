import Kiln

/// A photo in the library: what the confirm ring deletes.
public struct Photo: Hashable, Sendable {
    /// Names the photo in events.
    public var id: String
    /// The title under the thumbnail.
    public var title: String
    /// "12 March · 2.4 MB".
    public var detail: String
    /// The thumbnail's sky, top to bottom.
    public var sky: [Color]
    /// The thumbnail's land, in front of the sky.
    public var land: Color

    /// A photo with its id, title, details and thumbnail colours.
    public init(id: String, title: String, detail: String, sky: [Color], land: Color) {
        self.id = id
        self.title = title
        self.detail = detail
        self.sky = sky
        self.land = land
    }
}

/// The user's photos, with delete and restore: the scene deletes through it and Undo
/// restores through it (P5, X7).
public final class PhotoStore {
    /// The photos left, in the order shown.
    public private(set) var photos: [Photo]
    private var deleted: [(photo: Photo, index: Int)] = []

    /// A store holding `photos`; by default the samples the scene shows.
    public init(photos: [Photo] = PhotoStore.samples) {
        self.photos = photos
    }

    /// A few photos to delete.
    public static let samples = [
        Photo(id: "haapai", title: "Sunset at Ha'apai", detail: "12 March · 2.4 MB",
              sky: [Color(hex: 0xFF7E5F), Color(hex: 0xFEB47B)], land: Color(hex: 0x2D1E3E)),
        Photo(id: "alps", title: "Morning in the Alps", detail: "3 March · 3.1 MB",
              sky: [Color(hex: 0x4FACFE), Color(hex: 0xC2E9FB)], land: Color(hex: 0x2F5D50)),
        Photo(id: "dunes", title: "Dunes of Merzouga", detail: "27 February · 1.8 MB",
              sky: [Color(hex: 0xF6D365), Color(hex: 0xFDA085)], land: Color(hex: 0xB5651D)),
        Photo(id: "fjord", title: "Geirangerfjord", detail: "14 February · 4.0 MB",
              sky: [Color(hex: 0x667EEA), Color(hex: 0x9FB4F5)], land: Color(hex: 0x1F3B4D)),
        Photo(id: "harbour", title: "Night harbour", detail: "2 February · 2.2 MB",
              sky: [Color(hex: 0x141E30), Color(hex: 0x35577D)], land: Color(hex: 0x0B0F1A)),
    ]

    /// Deletes a photo; `false` when there is no such photo.
    @discardableResult
    public func delete(id: String) -> Bool {
        guard let index = photos.firstIndex(where: { $0.id == id }) else { return false }
        deleted.append((photos.remove(at: index), index))
        return true
    }

    /// Restores the last deleted photo where it was; returns it, or `nil` when none.
    @discardableResult
    public func restoreLast() -> Photo? {
        guard let last = deleted.popLast() else { return nil }
        photos.insert(last.photo, at: min(last.index, photos.count))
        return last.photo
    }

    /// Whether there is a delete to undo.
    public var canRestore: Bool { !deleted.isEmpty }
}
