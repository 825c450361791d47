import Foundation

/// A device canvas the scenes can be shown on (X2).
public struct DevicePreset: Hashable, Sendable {
    /// The name used on the command line and in scripts: "iphone-14".
    public var name: String
    /// The name shown to people: "iPhone 14".
    public var title: String
    /// The canvas in points.
    public var size: Size

    /// A canvas called `name` on the command line and `title` in the window, `size` points large.
    public init(name: String, title: String, size: Size) {
        self.name = name
        self.title = title
        self.size = size
    }

    /// The iPhone SE's canvas: 375×667 points.
    public static let iPhoneSE = DevicePreset(name: "iphone-se", title: "iPhone SE", size: Size(375, 667))
    /// The iPhone 14's canvas, the default: 390×844 points.
    public static let iPhone14 = DevicePreset(name: "iphone-14", title: "iPhone 14", size: Size(390, 844))
    /// The Pixel 7's canvas: 412×915 points.
    public static let pixel7 = DevicePreset(name: "pixel-7", title: "Pixel 7", size: Size(412, 915))
    /// A desktop window's canvas: 1280×800 points.
    public static let desktop = DevicePreset(name: "desktop", title: "Desktop", size: Size(1280, 800))

    /// Every preset, the default first.
    public static let all: [DevicePreset] = [.iPhone14, .iPhoneSE, .pixel7, .desktop]

    /// The preset with that name (case and spaces ignored), or `nil`.
    public static func named(_ name: String) -> DevicePreset? {
        let wanted = name.lowercased().replacingOccurrences(of: " ", with: "-")
        return all.first { $0.name == wanted }
    }
}
