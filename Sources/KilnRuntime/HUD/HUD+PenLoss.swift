/// A pen lost while the HUD shows: one line under the pressure graph, in place of the
/// keys line, such as "Wacom Intuos Pro pen lost — timed fallback". A name too long for the
/// panel loses its middle, so what happens now stays readable.
import KilnCore

struct PenLossNotice: Equatable {
    /// What the line says.
    var text: String
    /// When the HUD first saw the pointer up after the loss (on the frames' clock).
    var upSince: Double?
}

extension HUD {
    /// Seconds the loss stays reported once the pointer is up: the press it interrupted has
    /// ended, and the designer has had a moment to read why it went on by time.
    static let lossNoticeDuration = 3.0

    /// Reports a pen that went away. It shows while the pointer stays down (the press goes
    /// on with the timed fallback), then `lossNoticeDuration` seconds more, and goes at once
    /// when a pen gives pressure again.
    package func record(_ loss: PenLoss) {
        penLoss = PenLossNotice(text: Self.lossText(for: loss))
        showLossNotice()
    }

    /// The notice's line: the device, and what happens now.
    static func lossText(for loss: PenLoss) -> String {
        let name = loss.deviceName.isEmpty ? "pen" : loss.deviceName
        return "\(name) lost — timed fallback"
    }

    /// Keeps track of the pointer for the notice: a pen pressing again ends it.
    func follow(_ event: PointerEvent) {
        switch event.phase {
        case .began, .moved: isPointerDown = true
        case .ended, .cancelled, .hover: isPointerDown = false
        }
        guard penLoss != nil else { return }
        if isPointerDown && event.pressure != nil {
            penLoss = nil
            showLossNotice()
        } else if isPointerDown {
            penLoss?.upSince = nil
        }
    }

    /// Ends the notice `lossNoticeDuration` seconds after the pointer went up, at `now` on
    /// the frames' clock. `update` does it; a host that steps frames without drawing the HUD
    /// calls it for those frames.
    package func updateLossNotice(now: Double) {
        guard let loss = penLoss, !isPointerDown else { return }
        guard let upSince = loss.upSince else {
            penLoss?.upSince = now
            return
        }
        if now - upSince >= Self.lossNoticeDuration || now < upSince {
            penLoss = nil
            showLossNotice()
        }
    }

    /// Shows the notice in place of the keys line, or the keys again.
    func showLossNotice() {
        let text = penLoss?.text ?? ""
        setString(text, of: lossNotice)
        lossNotice.isHidden = text.isEmpty
        keys.isHidden = !text.isEmpty
    }
}
