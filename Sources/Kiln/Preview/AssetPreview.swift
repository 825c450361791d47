import ArgumentParser
import Foundation
import KilnCore
import KilnPlatform

/// An asset file shown alone: what `kiln FILE`, `kiln render FILE` and `kiln layers FILE`
/// host in place of a scene, on a canvas the asset's size in points.
///
/// The file is read in full before anything is shown or written, so a missing, corrupt,
/// truncated or refused file is one line naming it and nothing else.
struct AssetPreview {
    /// What the file holds.
    enum Content {
        /// A picture: PNG, JPEG, WebP, GIF (its first frame) or SVG.
        case image(Image)
        /// A Lottie animation.
        case lottie(LottieAnimation)
    }

    /// The name the preview scene has in the catalogue while it is shown.
    static let sceneName = "preview"

    /// The file name endings the command line takes as asset files.
    static let fileExtensions = ["svg", "png", "jpg", "jpeg", "webp", "gif", "json"]

    /// The path as it was given.
    let path: String
    /// What the file holds, read and checked.
    let content: Content

    /// Whether a SCENE argument names an asset file rather than a scene or a prototype folder:
    /// it ends in one of `fileExtensions` and is no folder.
    static func isAssetArgument(_ argument: String) -> Bool {
        let url = URL(fileURLWithPath: (argument as NSString).expandingTildeInPath)
        guard fileExtensions.contains(url.pathExtension.lowercased()) else { return false }
        var isFolder: ObjCBool = false
        return !(FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue)
    }

    /// Reads the asset at `path` whole; the error names the file as `path` gives it.
    init(path: String) throws(AssetError) {
        self.path = path
        PlatformAssetReader.install()
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL
        do throws(AssetError) {
            guard FileManager.default.isReadableFile(atPath: url.path) else {
                let exists = FileManager.default.fileExists(atPath: url.path)
                throw AssetError(file: path, reason: exists ? "cannot be read" : "no such file")
            }
            if url.pathExtension.lowercased() == "json" {
                content = .lottie(try LottieAnimation(contentsOf: url))
            } else {
                let image = try Image(contentsOf: url)
                try Self.decodeEvery(image)
                content = .image(image)
            }
        } catch {
            throw AssetError(file: path, reason: error.reason)
        }
    }

    /// Decodes every file of `image` (an SVG's tree, each `@2x` variant), so that a bad one
    /// is found before anything is drawn.
    private static func decodeEvery(_ image: Image) throws(AssetError) {
        let reader = try Assets.reader(for: image.url.lastPathComponent)
        if image.kind == .vector {
            _ = try SVGLayer(image: image)
            return
        }
        for variant in image.variants { _ = try reader.bitmap(of: variant.url) }
    }

    /// The asset's size in points.
    var size: Size {
        switch content {
        case .image(let image): image.size
        case .lottie(let animation): animation.size
        }
    }

    /// A Lottie's length in seconds; `nil` for a still picture.
    var duration: Double? {
        if case .lottie(let animation) = content { return animation.duration }
        return nil
    }

    /// The canvas the preview fills: the asset's size, unless `--device` or `--size` asks
    /// for another (the asset then sits in it, aspect fitted).
    func device(for canvas: CanvasOptions) throws -> DevicePreset {
        if canvas.device != nil || canvas.size != nil { return try canvas.resolveDevice() }
        return DevicePreset(name: "custom", title: (path as NSString).lastPathComponent, size: size)
    }

    /// The preview of `argument` when it names an asset file, put in the catalogue as a scene
    /// drawn on `background`; `nil` when it names a scene or a folder. A file that cannot be
    /// shown is one line naming it, and exit status 1.
    static func argument(_ argument: String, background: Color) throws -> (name: String, asset: AssetPreview)? {
        guard isAssetArgument(argument) else { return nil }
        let asset: AssetPreview
        do { asset = try AssetPreview(path: argument) } catch {
            warn("\(error)")
            throw ExitCode(1)
        }
        return (asset.register(background: background), asset)
    }

    /// Puts the preview scene in the catalogue, drawn on `background`, and returns its name.
    func register(background: Color) -> String {
        let content = content, title = (path as NSString).lastPathComponent
        SceneCatalog.register(SceneCatalog.Entry(name: Self.sceneName, title: title, subtitle: "An asset file",
                                                 make: { AssetPreviewScene(content: content, title: title,
                                                                           background: background, context: $0) }))
        return Self.sceneName
    }
}

extension Color {
    /// What a preview is shown on in the window: a light grey that a white or a black part
    /// of a picture both stand out from.
    static let previewBackdrop = Color(white: 0.82)
}
