import KilnCore

/// The on-screen note of a tuning file that does not check out (X4): a dark red strip at
/// the top of the canvas with the error and its line, over everything the scene draws.
package enum TuningBanner {
    /// The banner's layer name, so hosts and tests can find it.
    package static let name = "tuningBanner"

    /// A banner for `error` across a canvas of `canvasSize`, under the headline `title`.
    package static func make(for error: TuningError, canvasSize: Size,
                            title: String = "Tuning not applied — keeping the last good values") -> Layer {
        let width = canvasSize.width - 16
        let banner = Layer.make(frame: Rect(8, 8, width, 66), color: Color(hex: 0xB3261E, alpha: 0.94),
                                cornerRadius: 12, name: name)
        banner.shadowColor = .black
        banner.shadowOpacity = 0.3
        banner.shadowRadius = 8
        banner.shadowOffset = Point(0, 3)
        banner.isHitTestable = false
        banner.addSublayer(TextLayer.make(title,
                                          frame: Rect(12, 8, width - 24, 18), size: 12.5, weight: .bold, color: .white))
        let detail = TextLayer.make(error.description, frame: Rect(12, 27, width - 24, 32), size: 11.5,
                                    color: Color(white: 1, alpha: 0.92))
        detail.isWrapped = true
        detail.truncationMode = .end
        banner.addSublayer(detail)
        return banner
    }
}
