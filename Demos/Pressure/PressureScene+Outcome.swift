import Kiln

extension PressureScene {
    /// The photo the button deletes: the first in the list, shown with a check.
    public var selectedPhoto: Photo? { store.photos.first }

    /// Deletes through the store, slides the row away, closes the gap, and offers Undo (P5).
    func deleteSelectedPhoto() {
        guard let photo = selectedPhoto, store.delete(id: photo.id) else { return }
        if let row = rows.removeValue(forKey: photo.id) {
            let x = row.position.x
            row.position.x = x - row.bounds.width
            row.opacity = 0
            row.add(BasicAnimation(.positionX, from: x, to: x - row.bounds.width, duration: 0.28, timing: .easeIn),
                    forKey: "slide")
            let fade = BasicAnimation(.opacity, from: 1, to: 0, duration: 0.28, timing: .easeIn)
            // Weak: the row holds the animation, and a scene let go before the fade ends
            // would otherwise keep the row and its layers for ever.
            fade.completion = { [weak row] _ in row?.removeFromSuperlayer() }
            row.add(fade, forKey: "fade")
        }
        layoutRows(animated: true)
        context.audio.play(.whoosh, volume: 0.4)
        context.emit("photo.deleted", at: now, ["id": .string(photo.id)])
        showToast()
    }

    /// Brings back the last deleted photo (Undo in the toast, or Ctrl+Z; X7).
    func undo() {
        guard let photo = store.restoreLast() else { return }
        hideToast()
        let row = makeRow(photo)
        // The row appears in its place while the others make room.
        let index = store.photos.firstIndex(of: photo) ?? 0
        row.position = Point(row.bounds.width / 2, (Double(index) + 0.5) * Self.rowHeight)
        list.addSublayer(row)
        layoutRows(animated: true)
        row.add(BasicAnimation(.opacity, from: 0, to: 1, duration: 0.3, timing: .easeOut), forKey: "appear")
        row.add(SpringAnimation(.scale, from: 0.92, to: 1, spring: Spring(dampingRatio: 0.75, response: 0.35)),
                forKey: "pop")
        context.emit("photo.restored", at: now, ["id": .string(photo.id)])
        context.audio.play(.chime, volume: 0.5)
    }

    func showToast() {
        toast.show(at: now, for: tuning.toastDuration)
    }

    func hideToast() {
        toast.hide()
    }

    /// Timers: the toast and the hover dot.
    func updateTimers() {
        toast.update(now: now)
        updateHoverDot()
    }
}
