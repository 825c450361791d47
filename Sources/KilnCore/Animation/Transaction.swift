import Foundation

/// Groups property changes so that they animate together: `CATransaction`.
///
/// Outside a transaction, changing a property is immediate (as for a `UIView`'s layer), so
/// that dragging never lags. Inside one, every change of an animatable property animates
/// from its presented value over the transaction's duration, unless actions are disabled.
/// Transactions nest; an inner one starts with its outer one's settings.
public enum Transaction {
    final class Settings {
        var duration: Double
        var timingFunction: TimingFunction
        var disableActions: Bool
        let group = TransactionGroup()

        init(duration: Double, timingFunction: TimingFunction, disableActions: Bool) {
            self.duration = duration
            self.timingFunction = timingFunction
            self.disableActions = disableActions
        }
    }

    final class Stack {
        var items: [Settings] = []
    }

    /// Each thread has its own stack, so that scenes stepped on other threads (a render, a
    /// scrub's parked sessions) do not see each other's changes. It is looked up on every
    /// change of an animatable property, so it lives in a thread-specific slot, not in the
    /// thread's dictionary (a string-keyed look-up that once took a third of a scene's step).
    static var stack: Stack {
        if let slot = pthread_getspecific(stackKey) { return Unmanaged<Stack>.fromOpaque(slot).takeUnretainedValue() }
        let stack = Stack()
        pthread_setspecific(stackKey, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }

    static var current: Settings? { stack.items.last }

    /// Opens a transaction; changes until `commit()` animate with its settings.
    public static func begin() {
        let outer = current
        stack.items.append(Settings(duration: outer?.duration ?? 0.25,
                                    timingFunction: outer?.timingFunction ?? .default,
                                    disableActions: outer?.disableActions ?? false))
    }

    /// Closes the innermost transaction; its completion runs when its animations have ended.
    public static func commit() {
        guard let settings = stack.items.popLast() else { return }
        settings.group.seal()
    }

    /// The duration of implicit animations in the innermost transaction (0.25 s by default).
    public static var animationDuration: Double {
        get { current?.duration ?? 0.25 }
        set { current?.duration = newValue }
    }

    /// The easing of implicit animations in the innermost transaction.
    public static var animationTimingFunction: TimingFunction {
        get { current?.timingFunction ?? .default }
        set { current?.timingFunction = newValue }
    }

    /// Whether changes in the innermost transaction are immediate.
    public static var disableActions: Bool {
        get { current?.disableActions ?? true }
        set { current?.disableActions = newValue }
    }

    /// Runs once every animation started in the innermost transaction has ended.
    public static func setCompletionBlock(_ block: @escaping () -> Void) {
        current?.group.completion = block
    }

    /// Animates the changes made in `changes` together.
    public static func animate(duration: Double = 0.25, timing: TimingFunction = .default,
                               _ changes: () -> Void, completion: (() -> Void)? = nil) {
        begin()
        animationDuration = duration
        animationTimingFunction = timing
        if let completion { setCompletionBlock(completion) }
        changes()
        commit()
    }

    /// Makes the changes immediately, even inside an animating transaction.
    public static func performWithoutAnimation(_ changes: () -> Void) {
        begin()
        disableActions = true
        changes()
        commit()
    }
}

/// The slot of each thread's transaction stack; a thread that ends lets its stack go.
private let stackKey: pthread_key_t = {
    var key = pthread_key_t()
    let made = pthread_key_create(&key) { slot in
        guard let slot else { return }
        Unmanaged<Transaction.Stack>.fromOpaque(slot).release()
    }
    precondition(made == 0, "no thread-specific slot is left for the transaction stack")
    return key
}()

/// Counts the animations of one transaction and calls its completion when all have ended.
final class TransactionGroup {
    var completion: (() -> Void)?
    private var running = 0
    private var isSealed = false

    func enter() { running += 1 }

    func leave() {
        running -= 1
        finishIfDone()
    }

    func seal() {
        isSealed = true
        finishIfDone()
    }

    private func finishIfDone() {
        guard isSealed, running == 0, let block = completion else { return }
        completion = nil
        block()
    }
}
