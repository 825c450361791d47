import Kiln

extension MailboxScene {
    /// Height of the title bar, status area included.
    static let titleBarHeight = 104.0
    /// Height of a message row.
    static let rowHeight = 92.0

    func buildLayout(messages: [MailboxMessage]) {
        buildMenu()
        inbox.name = "inbox"
        inbox.frame = Rect(origin: .zero, size: canvas)
        inbox.backgroundColor = Color(hex: 0xF4F4F6)
        inbox.shadowColor = .black
        inbox.shadowOpacity = 0.35
        inbox.shadowRadius = 14
        inbox.shadowOffset = .zero
        root.addSublayer(inbox)
        buildPages(messages: messages)
        buildTitleBar()
        buildCompose()
        buildOptions()
    }

    // MARK: The side menu

    private func buildMenu() {
        menu.name = "menu"
        menu.frame = Rect(origin: .zero, size: canvas)
        menu.backgroundColor = Color(hex: 0x23262E)
        root.addSublayer(menu)
        let avatar = Layer.make(frame: Rect(24, 66, 44, 44), color: Color(hex: 0x45B0E5), cornerRadius: 22)
        avatar.addSublayer(TextLayer.make("JC", frame: Rect(0, 12, 44, 20), size: 16, weight: .bold,
                                          color: .white, alignment: .center))
        menu.addSublayer(avatar)
        menu.addSublayer(TextLayer.make("Jonathan Chen", frame: Rect(80, 66, 190, 22), size: 17,
                                        weight: .semibold, color: .white))
        menu.addSublayer(TextLayer.make("jonathan@mailbox.app", frame: Rect(80, 89, 190, 18), size: 13,
                                        color: Color(white: 1, alpha: 0.5)))
        let items: [(String, MailboxIcon, String)] = [
            ("Inbox", .archive, "8"), ("Later", .later, ""), ("Archive", .archive, ""),
            ("Lists", .list, "3"), ("Settings", .menu, ""),
        ]
        for (i, item) in items.enumerated() {
            let y = 150 + Double(i) * 52
            let icon = (i == 0 ? MailboxIcon.compose : item.1).layer(frame: Rect(26, y + 13, 22, 22),
                                                                     color: Color(white: 1, alpha: 0.75), lineWidth: 2)
            menu.addSublayer(icon)
            menu.addSublayer(TextLayer.make(item.0, frame: Rect(66, y + 14, 150, 22), size: 17,
                                            weight: i == 0 ? .semibold : .regular, color: .white))
            if !item.2.isEmpty {
                menu.addSublayer(TextLayer.make(item.2, frame: Rect(tuning.menuWidth - 64, y + 16, 40, 18),
                                                size: 14, color: Color(white: 1, alpha: 0.45), alignment: .right))
            }
        }
        menu.addSublayer(Layer.make(frame: Rect(24, 150 + 5 * 52 + 10, tuning.menuWidth - 48, 0.5),
                                    color: Color(white: 1, alpha: 0.15)))
        menu.addSublayer(TextLayer.make("Swipe from the left edge to open, drag back to close",
                                        frame: Rect(24, canvas.height - 92, tuning.menuWidth - 64, 40),
                                        size: 12.5, color: Color(white: 1, alpha: 0.4)))
        (menu.sublayers.last as? TextLayer)?.isWrapped = true
    }

    // MARK: The title bar and its controls

    private func buildTitleBar() {
        let w = canvas.width
        titleBar.frame = Rect(0, 0, w, Self.titleBarHeight)
        titleBar.backgroundColor = tuning.segmentColors[selectedSegment]
        inbox.addSublayer(titleBar)
        titleBar.addSublayer(StatusBar.make(width: w, color: .white, style: .compact))

        let barMid = StatusBar.height + 28
        menuButton.frame = Rect(8, barMid - 22, 44, 44)
        menuButton.addSublayer(MailboxIcon.menu.layer(frame: Rect(10, 10, 24, 24)))
        titleBar.addSublayer(menuButton)
        composeButton.name = "compose"
        composeButton.frame = Rect(w - 52, barMid - 22, 44, 44)
        composeButton.addSublayer(MailboxIcon.compose.layer(frame: Rect(10, 10, 24, 24)))
        titleBar.addSublayer(composeButton)

        let segmentWidth = 74.0, height = 30.0
        let control = Layer.make(frame: Rect((w - segmentWidth * 3) / 2, barMid - height / 2, segmentWidth * 3, height),
                                 cornerRadius: height / 2)
        control.borderColor = Color(white: 1, alpha: 0.9)
        control.borderWidth = 1.2
        titleBar.addSublayer(control)
        segmentHighlight.frame = Rect(segmentWidth * Double(selectedSegment), 0, segmentWidth, height)
        segmentHighlight.backgroundColor = .white
        segmentHighlight.cornerRadius = height / 2
        segmentHighlight.isHitTestable = false
        control.addSublayer(segmentHighlight)
        for (i, title) in ["Later", "Inbox", "Archive"].enumerated() {
            let segment = Layer.make(frame: Rect(segmentWidth * Double(i), 0, segmentWidth, height), name: "segment.\(i)")
            let label = TextLayer.make(title, frame: Rect(0, 6, segmentWidth, 18), size: 13.5, weight: .semibold,
                                       alignment: .center)
            label.isHitTestable = false
            segment.addSublayer(label)
            control.addSublayer(segment)
            segments.append(segment)
            segmentLabels.append(label)
        }
        colorSegmentLabels()
    }

    /// The selected segment's label takes the bar's colour on the white highlight.
    func colorSegmentLabels() {
        for (i, label) in segmentLabels.enumerated() {
            label.foregroundColor = i == selectedSegment ? tuning.segmentColors[selectedSegment] : .white
        }
    }

    // MARK: The three views: Later, Inbox, Archive

    private func buildPages(messages: [MailboxMessage]) {
        let w = canvas.width, top = Self.titleBarHeight
        let clip = Layer.make(frame: Rect(0, top, w, canvas.height - top))
        clip.masksToBounds = true
        inbox.addSublayer(clip)
        pages.frame = Rect(-w * Double(selectedSegment), 0, w * 3, canvas.height - top)
        clip.addSublayer(pages)
        list.frame = Rect(w, 0, w, canvas.height - top)
        pages.addSublayer(list)
        for message in messages {
            let row = MailboxRow(message: message, width: w, height: Self.rowHeight)
            rows.append(row)
            row.reveal(translation: 0, tuning: tuning)
            list.addSublayer(row.container)
        }
        let empties: [(Int, MailboxIcon, String, String)] = [
            (0, .later, "Nothing snoozed", "Swipe a message left to bring it back later."),
            (2, .archive, "Archive", "Swipe a message right to archive it. Swipe further to delete."),
        ]
        for (index, icon, title, body) in empties {
            let page = Layer.make(frame: Rect(w * Double(index), 0, w, canvas.height - top))
            let badge = Layer.make(frame: Rect(w / 2 - 44, 150, 88, 88), color: tuning.segmentColors[index],
                                   cornerRadius: 44)
            badge.addSublayer(icon.layer(frame: Rect(24, 24, 40, 40), lineWidth: 3))
            page.addSublayer(badge)
            page.addSublayer(TextLayer.make(title, frame: Rect(30, 262, w - 60, 28), size: 22, weight: .bold,
                                            alignment: .center))
            let caption = TextLayer.make(body, frame: Rect(50, 298, w - 100, 44), size: 15,
                                         color: Palette.secondaryLabel, alignment: .center)
            caption.isWrapped = true
            page.addSublayer(caption)
            pages.addSublayer(page)
        }
    }

    /// Puts the listed rows one under another and names them in order; cleared rows keep
    /// their place but no height. Animated rows glide to their new places (M4).
    func layOutRows(animated: Bool) {
        var y = 0.0, index = 0
        for row in rows {
            let height = row.isCleared ? 0 : row.height
            move(row.container, toY: y, height: height, animated: animated)
            row.sheet.name = row.isCleared ? nil : (index == 0 ? "message" : "message.\(index)")
            if !row.isCleared { index += 1 }
            y += height
        }
        scroller.contentSize = Size(canvas.width, y)
        // Rows cleared at the end of a scrolled list: the list glides back to its new end.
        if !scroller.isDragging, scroller.contentOffset.y > scroller.vertical.maximumOffset {
            scroller.vertical.settle(on: scroller.vertical.maximumOffset, velocity: 0, at: now)
        }
    }

    private func move(_ layer: Layer, toY y: Double, height: Double, animated: Bool) {
        let bounds = Rect(0, 0, layer.bounds.width, height)
        let position = Point(layer.bounds.width / 2, y)
        guard animated else {
            layer.bounds = bounds
            layer.position = position
            return
        }
        if layer.position != position {
            layer.add(BasicAnimation(.position, from: layer.position, to: position,
                                     duration: tuning.collapseDuration, timing: .easeInEaseOut), forKey: "place")
            layer.position = position
        }
        if layer.bounds != bounds {
            layer.add(BasicAnimation(.bounds, from: layer.bounds, to: bounds,
                                     duration: tuning.collapseDuration, timing: .easeInEaseOut), forKey: "size")
            layer.bounds = bounds
        }
    }

    // MARK: Compose

    private func buildCompose() {
        let w = canvas.width, h = canvas.height
        composeDim.frame = Rect(origin: .zero, size: canvas)
        composeDim.backgroundColor = Color(white: 0, alpha: 0.4)
        composeDim.opacity = 0
        composeDim.isHitTestable = false
        root.addSublayer(composeDim)
        composeView.name = "composeView"
        composeView.frame = Rect(0, 44, w, h - 44)
        composeView.backgroundColor = .white
        composeView.cornerRadius = 14
        composeView.shadowColor = .black
        composeView.shadowOpacity = 0.25
        composeView.shadowRadius = 16
        composeView.position.y += h
        composeView.isHidden = true
        root.addSublayer(composeView)
        let cancel = TextLayer.make("Cancel", frame: Rect(16, 18, 80, 22), size: 17,
                                    color: tuning.segmentColors[1])
        cancel.name = "compose.cancel"
        let send = TextLayer.make("Send", frame: Rect(w - 96, 18, 80, 22), size: 17, weight: .semibold,
                                  color: tuning.segmentColors[1], alignment: .right)
        send.name = "compose.send"
        composeView.addSublayer(cancel)
        composeView.addSublayer(send)
        composeView.addSublayer(TextLayer.make("New Message", frame: Rect(100, 18, w - 200, 22), size: 17,
                                               weight: .semibold, alignment: .center))
        for (i, field) in ["To:", "Cc/Bcc:", "Subject:"].enumerated() {
            let y = 64 + Double(i) * 46
            composeView.addSublayer(Layer.make(frame: Rect(16, y, w - 16, 0.5), color: Palette.separator))
            composeView.addSublayer(TextLayer.make(field, frame: Rect(16, y + 13, 120, 20), size: 15.5,
                                                   color: Palette.secondaryLabel))
        }
        composeView.addSublayer(Layer.make(frame: Rect(16, 202, w - 16, 0.5), color: Palette.separator))
        composeView.addSublayer(Layer.make(frame: Rect(16, 218, 2, 22), color: tuning.segmentColors[1], cornerRadius: 1))
        composeView.addSublayer(TextLayer.make("Sent from Kiln", frame: Rect(16, 262, 200, 20), size: 15,
                                               color: Palette.secondaryLabel))
    }

    // MARK: Reschedule and list options (M2, M3, M4)

    private func buildOptions() {
        let reschedule: [(String, MailboxIcon)] = [
            ("Later today", .laterToday), ("This evening", .thisEvening), ("Tomorrow", .tomorrow),
            ("This weekend", .thisWeekend), ("Next week", .nextWeek), ("In a month", .inAMonth),
            ("Someday", .someday), ("Pick a date", .pickDate),
        ]
        let w = canvas.width, panelWidth = min(w - 36, 336.0), cell = panelWidth / 3
        let rowsNeeded = Double((reschedule.count + 2) / 3)
        let panel = makeOptionsOverlay(rescheduleOptions, name: "rescheduleOptions", color: tuning.laterColor,
                                       size: Size(panelWidth, rowsNeeded * 104 + 24))
        for (i, option) in reschedule.enumerated() {
            let x = Double(i % 3) * cell, y = 12 + Double(i / 3) * 104
            panel.addSublayer(option.1.layer(frame: Rect(x + cell / 2 - 20, y + 18, 40, 40), lineWidth: 2.6))
            panel.addSublayer(TextLayer.make(option.0, frame: Rect(x + 4, y + 68, cell - 8, 20), size: 14,
                                             weight: .semibold, color: .white, alignment: .center))
        }
        let lists = ["To Buy", "To Read", "To Watch", "Travel"]
        let listPanel = makeOptionsOverlay(listOptions, name: "listOptions", color: tuning.listColor,
                                           size: Size(panelWidth, Double(lists.count + 1) * 56 + 58))
        listPanel.addSublayer(TextLayer.make("Move to list", frame: Rect(0, 20, panelWidth, 24), size: 18,
                                             weight: .bold, color: .white, alignment: .center))
        for (i, title) in (lists + ["Create list"]).enumerated() {
            let y = 58 + Double(i) * 56
            listPanel.addSublayer(Layer.make(frame: Rect(20, y, panelWidth - 40, 0.5), color: Color(white: 1, alpha: 0.35)))
            let icon: MailboxIcon = i == lists.count ? .compose : .list
            listPanel.addSublayer(icon.layer(frame: Rect(22, y + 16, 24, 24)))
            listPanel.addSublayer(TextLayer.make(title, frame: Rect(60, y + 17, panelWidth - 80, 22), size: 17,
                                                 weight: i == lists.count ? .regular : .semibold, color: .white))
        }
    }

    /// A full-canvas overlay that dims the inbox, with a rounded panel in the middle.
    private func makeOptionsOverlay(_ overlay: Layer, name: String, color: Color, size: Size) -> Layer {
        overlay.name = name
        overlay.frame = Rect(origin: .zero, size: canvas)
        overlay.backgroundColor = Color(white: 0, alpha: 0.42)
        overlay.isHidden = true
        overlay.opacity = 0
        root.addSublayer(overlay)
        let panel = Layer.make(frame: Rect((canvas.width - size.width) / 2, (canvas.height - size.height) / 2 - 20,
                                           size.width, size.height), color: color, cornerRadius: 20)
        panel.shadowColor = .black
        panel.shadowOpacity = 0.25
        panel.shadowRadius = 20
        panel.shadowOffset = Point(0, 8)
        overlay.addSublayer(panel)
        let hint = Layer.make(frame: Rect((canvas.width - 132) / 2, panel.frame.maxY + 16, 132, 30),
                              color: Color(white: 0, alpha: 0.6), cornerRadius: 15)
        hint.addSublayer(TextLayer.make("Tap to choose", frame: Rect(0, 6, 132, 18), size: 13.5, weight: .medium,
                                        color: .white, alignment: .center))
        overlay.addSublayer(hint)
        return panel
    }
}
