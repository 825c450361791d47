import Kiln

/// Someone to like or pass: a name, an age, a line about them and their photo in `Assets/`.
struct Profile: Sendable {
    var name: String
    var age: Int
    var line: String
    var photo: String

    /// The stack, top first. The photos are places, not people.
    static let all = [
        Profile(name: "Noor", age: 27, line: "Sunsets over the dunes", photo: "dunes.jpg"),
        Profile(name: "Ilya", age: 31, line: "Night swims in the harbour", photo: "harbour.jpg"),
        Profile(name: "Sam", age: 25, line: "Trail runs before work", photo: "pines.jpg"),
        Profile(name: "Aiko", age: 29, line: "Florist, pink everything", photo: "blossom.jpg"),
    ]
}

/// One card of the stack: the photo filling a rounded card, a shade under the name, and the
/// LIKE and NOPE stamps (SVG) that fade in as the card is dragged right or left.
final class ProfileCard {
    let profile: Profile
    /// The card as a whole: moved and turned about `anchorPoint` (near its foot) by the drag.
    let layer = Layer()
    /// Shown dragging right.
    let likeStamp = SVGLayer(named: "like.svg")
    /// Shown dragging left.
    let nopeStamp = SVGLayer(named: "nope.svg")

    init(profile: Profile, size: Size, pivot: Double) {
        self.profile = profile
        layer.name = "card.\(profile.name.lowercased())"
        layer.bounds = Rect(origin: .zero, size: size)
        layer.anchorPoint = Point(0.5, pivot)
        layer.cornerRadius = 18
        layer.shadowColor = .black
        layer.shadowOpacity = 0.16
        layer.shadowRadius = 14
        layer.shadowOffset = Point(0, 6)

        let clip = Layer.make(frame: layer.bounds, color: Color(hex: 0x2C2C2E), cornerRadius: 18)
        clip.masksToBounds = true
        clip.isHitTestable = false
        layer.addSublayer(clip)
        let photo = ImageLayer(named: profile.photo)
        photo.name = "photo"
        photo.frame = clip.bounds
        photo.contentsGravity = .resizeAspectFill
        clip.addSublayer(photo)
        let shade = GradientLayer()
        shade.frame = Rect(0, size.height - 190, size.width, 190)
        shade.colors = [Color(hex: 0x000000, alpha: 0), Color(hex: 0x000000, alpha: 0.62)]
        shade.startPoint = Point(0.5, 0)
        shade.endPoint = Point(0.5, 1)
        clip.addSublayer(shade)
        clip.addSublayer(TextLayer.make("\(profile.name)  \(profile.age)", frame: Rect(22, size.height - 96, size.width - 44, 40),
                                        size: 32, weight: .bold, color: .white))
        clip.addSublayer(TextLayer.make(profile.line, frame: Rect(22, size.height - 54, size.width - 44, 22),
                                        size: 17, weight: .medium, color: Color(hex: 0xFFFFFF, alpha: 0.85)))

        place(likeStamp, name: "like", at: Point(104, 78), degrees: -16)
        place(nopeStamp, name: "nope", at: Point(size.width - 104, 78), degrees: 16)
    }

    private func place(_ stamp: SVGLayer, name: String, at point: Point, degrees: Double) {
        stamp.name = "\(name)Stamp"
        stamp.position = point
        stamp.rotation = degrees * Double.pi / 180
        stamp.opacity = 0
        stamp.isHitTestable = false
        layer.addSublayer(stamp)
    }
}
