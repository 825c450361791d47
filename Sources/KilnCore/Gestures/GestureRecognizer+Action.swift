/// What lets a recognizer's action receive the recognizer as its own class; every
/// ``GestureRecognizer`` conforms, so `onChange(_:)` is typed for each of them.
public protocol TypedGestureRecognizer: GestureRecognizer {
    /// A recognizer with no action yet.
    init()
}

extension GestureRecognizer: TypedGestureRecognizer {}

extension TypedGestureRecognizer {
    /// A recognizer whose action receives it as its own class.
    ///
    /// ```swift
    /// let tap = TapGestureRecognizer { [weak self] tap in
    ///     if tap.state == .ended { self?.undo() }
    /// }
    /// ```
    public init(onChange action: @escaping (Self) -> Void) {
        self.init()
        onChange(action)
    }

    /// Sets the action, called as UIKit calls a target's action: on `began`, on each
    /// `changed`, and on `ended` or `cancelled`; failing calls nothing.
    ///
    /// The action receives the recognizer as its own class, so a pan's action reads the
    /// translation without a cast. Capture the scene weakly: the recognizer keeps the action.
    ///
    /// ```swift
    /// let pan = PanGestureRecognizer()
    /// pan.onChange { [weak self] pan in
    ///     self?.card.position.y = start + pan.translation(in: nil).y
    /// }
    /// ```
    public func onChange(_ action: @escaping (Self) -> Void) {
        self.action = { action($0 as! Self) }
    }
}
