import KilnCore

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
            fade.completion = { _ in row.removeFromSuperlayer() }
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
        toastHideAt = now + tuning.toastDuration
        toast.removeAllAnimations()
        toast.opacity = 1
        toast.add(BasicAnimation(.opacity, from: 0, to: 1, duration: 0.2, timing: .easeOut), forKey: "show")
        toast.add(SpringAnimation(.positionY, from: toast.position.y + 40, to: toast.position.y,
                                  spring: Spring(dampingRatio: 0.8, response: 0.35)), forKey: "rise")
    }

    func hideToast() {
        toastHideAt = nil
        guard toast.opacity > 0 else { return }
        toast.opacity = 0
        toast.add(BasicAnimation(.opacity, from: 1, to: 0, duration: 0.25, timing: .easeIn), forKey: "hide")
    }

    /// Timers: the toast and the hover dot.
    func updateTimers() {
        if let hideAt = toastHideAt, now >= hideAt { hideToast() }
        updateHoverDot()
    }
}
