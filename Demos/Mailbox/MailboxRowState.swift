import Kiln

/// What one message row shows at the moment: for tests, scripts and the HUD.
public struct MailboxRowState: Equatable, Sendable {
    /// The message's offset from rest, in points (negative: to the left).
    public var translation: Double
    /// The zone the background shows.
    public var zone: MailboxZone
    /// The revealed background's colour.
    public var background: Color
    /// The icon on the revealed side ("archive", "delete", "later", "list"); `nil` at rest.
    public var icon: String?
    /// That icon's opacity.
    public var iconAlpha: Double
    /// That icon's centre, in the row's coordinates.
    public var iconCenter: Point
}

extension MailboxScene {
    /// The state of the row at `index` among the listed rows (0: the top one).
    public func rowState(at index: Int) -> MailboxRowState? {
        let listed = listedRows
        guard listed.indices.contains(index) else { return nil }
        return listed[index].state(tuning: tuning)
    }
}

extension MailboxRow {
    func state(tuning: MailboxTuning) -> MailboxRowState {
        let t = translation
        let side: ShapeLayer? = t > 0 ? leadingIcon : t < 0 ? trailingIcon : nil
        return MailboxRowState(translation: t, zone: lockedZone ?? MailboxZone.of(t, tuning: tuning),
                               background: background.backgroundColor ?? .clear,
                               icon: side.flatMap { iconKind(leading: $0 === leadingIcon)?.rawValue },
                               iconAlpha: side?.opacity ?? 0, iconCenter: side?.position ?? .zero)
    }
}
