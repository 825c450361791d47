import KilnCore

/// One asset file shown alone, aspect fitted in the canvas: an `ImageLayer` for a picture,
/// an `SVGLayer` (a tree of layers named by the document's ids) for an SVG, and a looping
/// `LottieLayer` for a Lottie animation.
final class AssetPreviewScene: Scene {
    let name = AssetPreview.sceneName
    let root = Layer()
    let backgroundColor: Color
    /// The layer showing the file, named after it.
    let asset: Layer

    /// The preview of `content` (from the file `title`) on `background`, filling the
    /// context's canvas.
    init(content: AssetPreview.Content, title: String, background: Color, context: SceneContext) {
        backgroundColor = background
        let canvas = context.canvasSize
        root.bounds = Rect(origin: .zero, size: canvas)
        root.position = Point(x: canvas.width / 2, y: canvas.height / 2)
        switch content {
        case .image(let image):
            asset = image.kind == .vector ? ((try? SVGLayer(image: image)) ?? ImageLayer(image: image)) : ImageLayer(image: image)
        case .lottie(let animation):
            let lottie = LottieLayer(animation: animation)
            lottie.play()
            asset = lottie
        }
        asset.name = title
        let natural = asset.bounds.size
        let fit = natural.width > 0 && natural.height > 0
            ? min(canvas.width / natural.width, canvas.height / natural.height) : 1
        asset.position = Point(x: canvas.width / 2, y: canvas.height / 2)
        if abs(fit - 1) > 1e-9 { asset.transform = Transform(scaleX: fit, y: fit) }
        root.addSublayer(asset)
    }

    func update(time: Double) {}
    func handle(_ event: PointerEvent) {}
}
