import Kiln

// The optional features of M9: the edge menu, compose, the segmented views.
extension MailboxScene {
    func attachGestures() {
        for row in rows {
            row.pan.minimumDistance = 6
            row.pan.onChange { [weak self, weak row] pan in
                guard let self, let row else { return }
                self.handleSwipe(of: row, pan)
            }
            // A touch at the screen's edge opens the menu instead.
            row.pan.require(toFail: edgePan)
            row.sheet.addGestureRecognizer(row.pan)
            inboxControls.append(row.pan)
        }
        // The list scrolls under vertical drags; sideways ones are left to the rows' swipes.
        scroller.alwaysBounceVertical = true
        scroller.panGestureRecognizer.minimumDistance = 6
        list.addGestureRecognizer(scroller.panGestureRecognizer)
        inboxControls.append(scroller.panGestureRecognizer)
        edgePan.edgeMargin = 24
        edgePan.onChange { [weak self] in self?.handleMenuPan($0) }
        inbox.addGestureRecognizer(edgePan)
        inboxPan.onChange { [weak self] in self?.handleMenuPan($0) }
        inboxPan.isEnabled = false
        inbox.addGestureRecognizer(inboxPan)
        inboxTap.onChange { [weak self] in if $0.state == .ended { self?.setMenu(open: false, velocity: 0) } }
        inboxTap.isEnabled = false
        inbox.addGestureRecognizer(inboxTap)
        inboxTap.require(toFail: inboxPan)

        addTap(to: menuButton, control: true) { $0.setMenu(open: !$0.isMenuOpen, velocity: 0) }
        addTap(to: menu, control: false) { $0.setMenu(open: false, velocity: 0) }
        addTap(to: composeButton, control: true) { $0.setCompose(open: true) }
        for name in ["compose.cancel", "compose.send"] {
            if let button = composeView.layer(named: name) {
                addTap(to: button, control: false) { $0.setCompose(open: false) }
            }
        }
        for (i, segment) in segments.enumerated() {
            addTap(to: segment, control: true) { $0.select(segment: i) }
        }
        for overlay in [rescheduleOptions, listOptions] {
            addTap(to: overlay, control: false) { $0.dismissOptions() }
        }
    }

    private func addTap(to layer: Layer, control: Bool, _ action: @escaping (MailboxScene) -> Void) {
        let tap = TapGestureRecognizer { [weak self] in
            if let self, $0.state == .ended { action(self) }
        }
        layer.addGestureRecognizer(tap)
        if control { inboxControls.append(tap) }
    }

    // MARK: The menu

    /// Drags the inbox aside over the menu; on release it keeps going the way it was
    /// moving (M9).
    func handleMenuPan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            inbox.removeAnimation(forKey: "menu")
            menuDragStart = menuOffset
            fallthrough
        case .changed:
            menuOffset = min(max(menuDragStart + pan.translation(in: nil).x, 0), tuning.menuWidth)
            inbox.position.x = canvas.width / 2 + menuOffset
        case .ended, .cancelled:
            let velocity = pan.velocity(in: nil).x
            let open = velocity == 0 ? menuOffset > tuning.menuWidth / 2 : velocity > 0
            setMenu(open: open, velocity: velocity)
        default:
            break
        }
    }

    func setMenu(open: Bool, velocity: Double) {
        let target = open ? tuning.menuWidth : 0
        let home = canvas.width / 2
        let spring = SpringAnimation(.positionX, from: inbox.position.x, to: home + target,
                                     initialVelocity: velocity, spring: tuning.menuSpring)
        inbox.add(spring, forKey: "menu")
        inbox.position.x = home + target
        menuOffset = target
        for control in inboxControls { control.isEnabled = !open }
        inboxPan.isEnabled = open
        inboxTap.isEnabled = open
        edgePan.isEnabled = !open
        guard open != isMenuOpen else { return }
        isMenuOpen = open
        context.emit(open ? "menu.opened" : "menu.closed", at: now)
    }

    // MARK: Compose

    func setCompose(open: Bool) {
        guard open != isComposeOpen else { return }
        isComposeOpen = open
        let shown = 44 + composeView.bounds.height / 2, hidden = shown + canvas.height
        composeView.isHidden = false
        if open {
            composeView.add(SpringAnimation(.positionY, from: composeView.position.y, to: shown,
                                            spring: tuning.composeSpring), forKey: "slide")
        } else {
            let down = BasicAnimation(.positionY, from: composeView.position.y, to: hidden, duration: 0.3,
                                      timing: .easeIn)
            down.completion = { [weak self] finished in
                if finished, let self, !self.isComposeOpen { self.composeView.isHidden = true }
            }
            composeView.add(down, forKey: "slide")
        }
        composeView.position.y = open ? shown : hidden
        composeDim.add(BasicAnimation(.opacity, from: composeDim.opacity, to: open ? 1 : 0, duration: 0.3,
                                      timing: .easeInEaseOut), forKey: "fade")
        composeDim.opacity = open ? 1 : 0
        context.emit(open ? "compose.opened" : "compose.closed", at: now)
    }

    // MARK: Segments

    /// Swipes the chosen view in from the side it sits on (M9).
    func select(segment index: Int) {
        guard index != selectedSegment, segments.indices.contains(index) else { return }
        selectedSegment = index
        let target = canvas.width * (1.5 - Double(index))
        pages.add(SpringAnimation(.positionX, from: pages.position.x, to: target, spring: tuning.segmentSpring),
                  forKey: "swipe")
        pages.position.x = target
        let highlightX = segments[index].position.x
        segmentHighlight.add(SpringAnimation(.positionX, from: segmentHighlight.position.x, to: highlightX,
                                             spring: tuning.segmentSpring), forKey: "move")
        segmentHighlight.position.x = highlightX
        let color = tuning.segmentColors[index]
        titleBar.add(BasicAnimation(.backgroundColor, from: titleBar.backgroundColor ?? color, to: color,
                                    duration: 0.25, timing: .easeInEaseOut), forKey: "tint")
        titleBar.backgroundColor = color
        colorSegmentLabels()
        context.audio.play(.tick, volume: 0.3)
        context.emit("segment.changed", at: now, ["index": .number(Double(index))])
    }
}
