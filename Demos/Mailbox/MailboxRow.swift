import Kiln

/// What a swiped message would do if released now (M1–M8).
public enum MailboxZone: String, Sendable, CaseIterable {
    /// Under the first threshold either way: the message returns.
    case none
    /// Left, from the first threshold: reschedule.
    case later
    /// Left, from the second threshold: move to a list.
    case list
    /// Right, from the first threshold: archive.
    case archive
    /// Right, from the second threshold: delete.
    case delete

    /// The zone of a translation: thresholds belong to the zone above them (M8).
    static func of(_ translation: Double, tuning: MailboxTuning) -> MailboxZone {
        let distance = abs(translation)
        guard distance >= tuning.actionThreshold else { return .none }
        let far = distance >= tuning.secondThreshold
        return translation < 0 ? (far ? .list : .later) : (far ? .delete : .archive)
    }

    /// The background revealed behind the message in this zone.
    func color(in tuning: MailboxTuning) -> Color {
        switch self {
        case .none: tuning.neutralColor
        case .later: tuning.laterColor
        case .list: tuning.listColor
        case .archive: tuning.archiveColor
        case .delete: tuning.deleteColor
        }
    }

    /// The event a release in this zone ends with, once the message is gone.
    var clearedEvent: String? {
        switch self {
        case .none: nil
        case .later: "message.rescheduled"
        case .list: "message.listed"
        case .archive: "message.archived"
        case .delete: "message.deleted"
        }
    }
}

/// One row of the inbox: a coloured background with an icon at each end, under the white
/// message sheet that the pointer drags sideways.
final class MailboxRow {
    let message: MailboxMessage
    /// Clips the row; its height collapses when the message is cleared.
    let container = Layer()
    let background = Layer()
    /// Archive or delete, revealed on the left by a swipe to the right.
    let leadingIcon = ShapeLayer()
    /// Later or list, revealed on the right by a swipe to the left.
    let trailingIcon = ShapeLayer()
    /// The message itself: the layer that moves.
    let sheet = Layer()
    let pan = PanGestureRecognizer()
    let height: Double
    private let width: Double
    private var leadingKind: MailboxIcon?
    private var trailingKind: MailboxIcon?

    /// The sheet's offset from its resting place, in points (negative: to the left).
    var translation: Double { sheet.position.x - width / 2 }
    /// Whether the row is out of the list (swiped away and collapsed).
    var isCleared = false
    /// While the sheet leaves or comes back, the zone it shows whatever its translation.
    var lockedZone: MailboxZone?

    init(message: MailboxMessage, width: Double, height: Double) {
        self.message = message
        self.width = width
        self.height = height
        container.anchorPoint = Point(0.5, 0)
        container.bounds = Rect(0, 0, width, height)
        container.masksToBounds = true
        background.frame = Rect(0, 0, width, height)
        container.addSublayer(background)
        for icon in [leadingIcon, trailingIcon] {
            icon.frame = Rect(0, 0, 26, 26)
            background.addSublayer(icon)
        }
        sheet.frame = Rect(0, 0, width, height)
        sheet.backgroundColor = .white
        container.addSublayer(sheet)
        buildSheet()
    }

    private func buildSheet() {
        let w = width
        if message.isUnread {
            let dot = Layer.make(frame: Rect(10, 22, 9, 9), color: Color(hex: 0x2F9BE0), cornerRadius: 4.5)
            sheet.addSublayer(dot)
        }
        let sender = TextLayer.make(message.sender, frame: Rect(26, 14, w - 130, 22), size: 16,
                                    weight: message.isUnread ? .bold : .semibold)
        sender.truncationMode = .end
        let time = TextLayer.make(message.time, frame: Rect(w - 104, 16, 88, 18), size: 13,
                                  color: Palette.secondaryLabel, alignment: .right)
        let subject = TextLayer.make(message.subject, frame: Rect(26, 37, w - 42, 20), size: 14.5,
                                     weight: .medium)
        subject.truncationMode = .end
        let snippet = TextLayer.make(message.snippet, frame: Rect(26, 57, w - 42, 20), size: 14,
                                     color: Palette.secondaryLabel)
        snippet.truncationMode = .end
        let separator = Layer.make(frame: Rect(26, height - 0.5, w - 26, 0.5), color: Palette.separator)
        for layer in [sender, time, subject, snippet, separator] as [Layer] {
            layer.isHitTestable = false
            sheet.addSublayer(layer)
        }
    }

    /// Moves the sheet to `translation` and shows the zone it is in: colour, icons and their
    /// alpha and position (M1–M8). Returns that zone.
    @discardableResult
    func show(translation t: Double, tuning: MailboxTuning) -> MailboxZone {
        sheet.position.x = width / 2 + t
        return reveal(translation: t, tuning: tuning)
    }

    /// Colours and places the background for a translation, without moving the sheet.
    @discardableResult
    func reveal(translation t: Double, tuning: MailboxTuning) -> MailboxZone {
        let zone = lockedZone ?? MailboxZone.of(t, tuning: tuning)
        let color = zone.color(in: tuning)
        // Only a real change: a new colour means new pixels.
        if background.backgroundColor != color { background.backgroundColor = color }
        let distance = abs(t)
        let alpha = modulate(distance, from: (0, tuning.actionThreshold), to: (0, 1), clamped: true)
        // From the first threshold on, the icon keeps its gap to the message's edge (M2, M6).
        let follow = max(0, distance - tuning.actionThreshold)
        let midY = height / 2
        leadingIcon.opacity = t > 0 ? alpha : 0
        trailingIcon.opacity = t < 0 ? alpha : 0
        leadingIcon.position = Point(tuning.iconInset + follow, midY)
        trailingIcon.position = Point(width - tuning.iconInset - follow, midY)
        setIcon(leadingIcon, to: zone == .delete ? .delete : .archive, current: &leadingKind)
        setIcon(trailingIcon, to: zone == .list ? .list : .later, current: &trailingKind)
        return zone
    }

    /// The icon on one side, for the tests and the HUD.
    func iconKind(leading: Bool) -> MailboxIcon? { leading ? leadingKind : trailingKind }

    private func setIcon(_ layer: ShapeLayer, to kind: MailboxIcon, current: inout MailboxIcon?) {
        guard current != kind else { return }
        current = kind
        kind.apply(to: layer, lineWidth: 2.6)
    }
}
