import Kiln

extension MailboxScene {
    /// Follows the pointer with a message, showing the zone it is in (M1–M3, M5–M8).
    func handleSwipe(of row: MailboxRow, _ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            // One message at a time: a second pointer on another row must not take the drag
            // over, or the first would never be released.
            guard draggedRow == nil, !row.isCleared, rowAwaitingOption == nil else { return }
            // A drag mostly up or down scrolls the list instead.
            let start = pan.translation(in: nil)
            guard abs(start.x) >= abs(start.y) else { return }
            draggedRow = row
            shake.reset()
            row.lockedZone = nil
            row.sheet.removeAnimation(forKey: "slide")
            dragStart = row.translation
            follow(row, pan)
        case .changed:
            guard draggedRow === row else { return }
            follow(row, pan)
        case .ended, .cancelled:
            guard draggedRow === row else { return }
            follow(row, pan)
            draggedRow = nil
            release(row, velocity: pan.velocity(in: nil).x, cancelled: pan.state == .cancelled)
        default:
            break
        }
    }

    private func follow(_ row: MailboxRow, _ pan: PanGestureRecognizer) {
        let limit = canvas.width
        let t = min(max(dragStart + pan.translation(in: nil).x, -limit), limit)
        enter(row.show(translation: t, tuning: tuning))
    }

    /// A threshold crossing: colour and icon change at once, with a soft tick (M8).
    private func enter(_ next: MailboxZone) {
        guard next != zone else { return }
        zone = next
        context.audio.play(.tick, volume: 0.35)
        context.emit("zone.changed", at: now, ["zone": .string(next.rawValue)])
    }

    /// The zone on release decides (M8): back to 0, or off the row and on to the action.
    private func release(_ row: MailboxRow, velocity: Double, cancelled: Bool) {
        let released = cancelled ? .none : MailboxZone.of(row.translation, tuning: tuning)
        enter(.none)
        switch released {
        case .none:
            slide(row, to: 0, velocity: velocity)
            context.emit("message.returned", at: now, ["index": .number(Double(listIndex(of: row)))])
        case .archive, .delete, .later, .list:
            row.lockedZone = released
            let offRight = released == .archive || released == .delete
            // Claimed now, not when the options show: a swipe that begins while this
            // message slides off would otherwise be sent to options too, and one of the
            // two would wait behind a panel no tap could answer.
            if !offRight { rowAwaitingOption = (row, released) }
            // Weak: the row's sheet holds the animation that holds this closure.
            slideOff(row, toRight: offRight, velocity: velocity) { [weak self, weak row] in
                guard let self, let row else { return }
                if offRight {
                    self.clear(row, as: released)
                } else {
                    self.showOptions(for: row, zone: released)
                }
            }
        }
    }

    /// Springs the sheet to a translation, carrying the pointer's velocity into the spring.
    func slide(_ row: MailboxRow, to target: Double, velocity: Double, completion: (() -> Void)? = nil) {
        let home = canvas.width / 2
        let spring = SpringAnimation(.positionX, from: row.sheet.position.x, to: home + target,
                                     initialVelocity: velocity, spring: tuning.returnSpring)
        spring.completion = { finished in if finished { completion?() } }
        row.sheet.add(spring, forKey: "slide")
        row.sheet.position.x = home + target
    }

    /// Moves the sheet off one side, at least as fast as the pointer was going.
    private func slideOff(_ row: MailboxRow, toRight: Bool, velocity: Double, then completion: @escaping () -> Void) {
        let from = row.sheet.position.x
        // Far enough that the icon, keeping its gap to the message's edge, leaves too.
        let to = canvas.width / 2 + (toRight ? 1 : -1) * (canvas.width + tuning.actionThreshold)
        let distance = abs(to - from)
        let speed = abs(velocity) > 1 && (velocity > 0) == toRight ? abs(velocity) : 0
        let duration = min(tuning.slideOffDuration, max(0.12, speed > 0 ? distance / speed : tuning.slideOffDuration))
        let animation = BasicAnimation(.positionX, from: from, to: to, duration: duration, timing: .easeOut)
        animation.completion = { finished in if finished { completion() } }
        row.sheet.add(animation, forKey: "slide")
        row.sheet.position.x = to
        context.audio.play(.whoosh, volume: 0.25)
    }

    /// The message is gone: the row collapses, the rows below move up (M4, M6, M7), and
    /// with M10 on it comes back after a while.
    func clear(_ row: MailboxRow, as zone: MailboxZone) {
        guard !row.isCleared, let event = zone.clearedEvent else { return }
        let index = listIndex(of: row)
        row.isCleared = true
        clearedRows.append(row)
        layOutRows(animated: true)
        context.emit(event, at: now, ["index": .number(Double(index)), "sender": .string(row.message.sender)])
        if tuning.demoReturn {
            scheduledReturns.append((row, now + tuning.demoReturnDelay))
        }
    }

    /// Brings a cleared message back into its place: the row opens and the message slides
    /// in from the side it left by (M10, and undo in M9).
    func restore(_ row: MailboxRow, by cause: String) {
        guard row.isCleared else { return }
        clearedRows.removeAll { $0 === row }
        scheduledReturns.removeAll { $0.row === row }
        row.isCleared = false
        row.lockedZone = MailboxZone.none
        layOutRows(animated: true)
        slide(row, to: 0, velocity: 0) { [weak row] in row?.lockedZone = nil }
        context.emit("message.restored", at: now, ["index": .number(Double(listIndex(of: row))),
                                                   "by": .string(cause)])
        if cause != "demo" { context.audio.play(.chime, volume: 0.5) }
    }

    /// Restores the last cleared message: Ctrl+Z or a shake (M9, X7).
    func undo(by cause: String) {
        guard let row = clearedRows.last else { return }
        restore(row, by: cause)
    }

    /// The row's place among the listed rows (0 for the top one), or its place when it returns.
    func listIndex(of row: MailboxRow) -> Int {
        rows.prefix { $0 !== row }.filter { !$0.isCleared }.count
    }

    // MARK: Options (M2–M4)

    /// The reschedule or list options come in, with a quiet pop (M4).
    func showOptions(for row: MailboxRow, zone: MailboxZone) {
        let overlay = zone == .list ? listOptions : rescheduleOptions
        context.audio.play(.pop, volume: tuning.panelVolume)
        overlay.isHidden = false
        overlay.opacity = 1
        overlay.add(BasicAnimation(.opacity, from: 0, to: 1, duration: 0.2, timing: .easeOut), forKey: "fade")
        if let panel = overlay.sublayers.first {
            panel.add(SpringAnimation(.scale, from: 0.88, to: 1, spring: Spring(dampingRatio: 0.75, response: 0.35)),
                      forKey: "pop")
        }
    }

    /// A tap anywhere takes the choice and dismisses the options; then the message
    /// finishes hiding (M4).
    func dismissOptions() {
        guard let (row, zone) = rowAwaitingOption else { return }
        rowAwaitingOption = nil
        let overlay = zone == .list ? listOptions : rescheduleOptions
        overlay.opacity = 0
        let fade = BasicAnimation(.opacity, from: 1, to: 0, duration: 0.2, timing: .easeIn)
        // Weak: the overlay holds the fade that holds this closure.
        fade.completion = { [weak self, weak overlay] _ in
            overlay?.isHidden = true
            self?.clear(row, as: zone)
        }
        overlay.add(fade, forKey: "fade")
        context.audio.play(.tick, volume: 0.3)
    }
}
