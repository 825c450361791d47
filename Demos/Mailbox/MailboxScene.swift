import Kiln

/// The Mailbox swipe (M1–M10): an inbox whose messages swipe left to reschedule or
/// list and right to archive or delete, with the side menu, compose view, segmented views
/// and shake to undo.
public final class MailboxScene: TunedScene {
    public static let name = "mailbox"
    /// Ticks at the swipe's zones, a whoosh for a row flung away, a chime when it is done.
    public static let sounds: [Sound] = [.tick, .whoosh, .chime, .pop]
    public let root = Layer()
    public let backgroundColor = Color(hex: 0x23262E)
    /// The values the scene was made with.
    public let tuning: MailboxTuning
    let context: SceneContext
    let canvas: Size

    // Layers scripts and tests find by name: menu, inbox, compose, composeView, segment.0–2,
    // rescheduleOptions, listOptions, and message, message.1, … for the rows in list order.
    let menu = Layer()
    let inbox = Layer()
    let titleBar = Layer()
    let menuButton = Layer()
    let composeButton = Layer()
    var segments: [Layer] = []
    var segmentLabels: [TextLayer] = []
    let segmentHighlight = Layer()
    let pages = Layer()
    let list = Layer()
    let composeDim = Layer()
    let composeView = Layer()
    let rescheduleOptions = Layer()
    let listOptions = Layer()
    var rows: [MailboxRow] = []
    /// Scrolls the inbox's list under a vertical drag, bouncing even when every row fits.
    lazy var scroller = Scroller(content: list, viewportSize: list.bounds.size)

    // Swiping (M1–M8).
    var draggedRow: MailboxRow?
    var dragStart = 0.0
    /// The zone of the message being dragged; `.none` when nothing is.
    public internal(set) var zone = MailboxZone.none
    /// A row swiped into later or list, sliding off or with its options showing (M4).
    var rowAwaitingOption: (row: MailboxRow, zone: MailboxZone)?
    /// Cleared rows, most recent last, for undo (M9).
    var clearedRows: [MailboxRow] = []
    /// When each cleared row comes back on its own (M10).
    var scheduledReturns: [(row: MailboxRow, at: Double)] = []

    // The chrome (M9).
    var menuOffset = 0.0
    var menuDragStart = 0.0
    /// Whether the side menu is open (or opening).
    public internal(set) var isMenuOpen = false
    /// Whether the compose view is up (or coming up).
    public internal(set) var isComposeOpen = false
    /// The segment shown: 0 Later, 1 Inbox, 2 Archive.
    public internal(set) var selectedSegment = 1
    var shake = ShakeDetector()
    /// Recognizers of the inbox's own controls, off while the menu is open.
    var inboxControls: [GestureRecognizer] = []
    let inboxTap = TapGestureRecognizer()
    let inboxPan = PanGestureRecognizer()
    let edgePan = ScreenEdgePanGestureRecognizer(edges: .left)

    var now = 0.0

    /// A Mailbox scene on the context's canvas, with `tuning`, listing the sample messages.
    public convenience init(context: SceneContext, tuning: MailboxTuning) {
        self.init(context: context, tuning: tuning, messages: MailboxMessage.samples)
    }

    /// A Mailbox scene on the context's canvas, with `tuning`, listing `messages`.
    public init(context: SceneContext, tuning: MailboxTuning, messages: [MailboxMessage]) {
        self.context = context
        self.tuning = tuning
        canvas = context.canvasSize
        root.frame = Rect(origin: .zero, size: canvas)
        shake.requiredReversals = tuning.shakeReversals
        shake.window = tuning.shakeWindow
        buildLayout(messages: messages)
        attachGestures()
        layOutRows(animated: false)
    }

    /// The rows still in the list, top first.
    var listedRows: [MailboxRow] { rows.filter { !$0.isCleared } }

    /// How many messages the inbox shows now.
    public var listedMessageCount: Int { listedRows.count }

    public func update(time: Double) {
        now = time
        for row in rows where row !== draggedRow {
            row.reveal(translation: row.translation, tuning: tuning)
        }
        let due = scheduledReturns.filter { $0.at <= time }
        scheduledReturns.removeAll { $0.at <= time }
        for entry in due { restore(entry.row, by: "demo") }
    }

    public func handle(_ event: PointerEvent) {
        if event.phase == .hover || (event.phase == .moved && draggedRow == nil) {
            if shake.add(event.location, at: event.timestamp) { undo(by: "shake") }
        } else if event.phase == .began || event.phase == .ended {
            shake.reset()
        }
    }

    public func handle(_ key: KeyPress) -> Bool {
        guard key == KeyPress("z", modifiers: .ctrl) else { return false }
        undo(by: "undo")
        return true
    }

    public func leave() {
        context.audio.stopAll(fadeOut: 0.1)
    }
}
