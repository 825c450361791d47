import Kiln

extension PhotosScene {
    /// The bar over the viewer: a white status bar and which photo of how many, over a
    /// dark veil. A single tap (once a double tap has failed) shows or hides it.
    func buildChrome() {
        chrome.name = "chrome"
        chrome.frame = Rect(0, 0, canvas.width, 92)
        chrome.backgroundColor = Color(hex: 0x000000, alpha: 0.5)
        chrome.isHitTestable = false
        chrome.addSublayer(StatusBar.make(width: canvas.width, color: .white))
        title.frame = Rect(0, 54, canvas.width, 24)
        title.fontSize = 17
        title.fontWeight = .semibold
        title.foregroundColor = .white
        title.alignmentMode = .center
        chrome.addSublayer(title)
        viewer.addSublayer(chrome)

        singleTap.require(toFail: doubleTap)
        singleTap.onChange { [weak self] in
            if $0.state == .ended { self?.toggleChrome() }
        }
        viewer.addGestureRecognizer(singleTap)
    }

    /// Fades the bar out, or back in.
    func toggleChrome() {
        guard case .viewing = mode else { return }
        isChromeShown.toggle()
        Transaction.animate(duration: 0.2) { chrome.opacity = isChromeShown ? 1 : 0 }
    }

    /// Shows the bar only while the viewer is on a photo (fading in as a flight lands), titled with it.
    func showChrome() {
        let isViewing = { if case .viewing = mode { return true } else { return false } }()
        if isViewing, chrome.isHidden {
            chrome.isHidden = false
            chrome.opacity = 0
            Transaction.animate(duration: 0.2) { chrome.opacity = isChromeShown ? 1 : 0 }
        } else if !isViewing {
            chrome.isHidden = true
        }
        let text = "\(index + 1) of \(pages.count)"
        // Set only when it changes: a new string draws the text again.
        if title.string != text { title.string = text }
    }
}
