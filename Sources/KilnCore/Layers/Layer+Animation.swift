extension Layer {
    /// Adds an animation under `key`, replacing any animation with that key (Core Animation's
    /// `add(_:forKey:)`). It starts at the next `advanceAnimations(to:)`.
    public func add(_ animation: Animation, forKey key: String) {
        if let index = animationEntries.firstIndex(where: { $0.key == key }) {
            let old = animationEntries.remove(at: index).animation
            old.end(on: self)
            finish(old, completed: false)
        }
        for settings in Transaction.stack.items {
            settings.group.enter()
            animation.transactionGroups.append(settings.group)
        }
        animationEntries.append((key, animation))
    }

    /// The running animation with that key.
    public func animation(forKey key: String) -> Animation? {
        animationEntries.first { $0.key == key }?.animation
    }

    /// The keys of the running animations, in the order they were added.
    public var animationKeys: [String] { animationEntries.map(\.key) }

    /// Stops the animation with that key; the property returns to its model value.
    public func removeAnimation(forKey key: String) {
        guard let index = animationEntries.firstIndex(where: { $0.key == key }) else { return }
        let animation = animationEntries.remove(at: index).animation
        animation.end(on: self)
        finish(animation, completed: false)
    }

    /// Stops every animation of this layer.
    public func removeAllAnimations() {
        for key in animationKeys.reversed() { removeAnimation(forKey: key) }
    }

    /// Whether this layer or any below it is animating.
    public var hasAnimations: Bool {
        !animationEntries.isEmpty || sublayers.contains { $0.hasAnimations }
    }

    /// Moves every animation in this subtree to scene time `time`, writing presented values
    /// and ending finished animations (their completions run after all are applied).
    package func advanceAnimations(to time: Double) {
        var ended: [Animation] = []
        for entry in animationEntries {
            let animation = entry.animation
            if animation.startTime == nil {
                animation.startTime = animation.beginTime ?? time
                animation.begin(on: self)
            }
            let elapsed = max(0, time - animation.startTime!)
            animation.apply(to: self, elapsed: elapsed)
            if elapsed >= animation.totalDuration { ended.append(animation) }
        }
        if !ended.isEmpty {
            animationEntries.removeAll { entry in ended.contains { $0 === entry.animation } }
            for animation in ended {
                animation.end(on: self)
                finish(animation, completed: true)
            }
        }
        advanceContent(to: time)
        for sublayer in sublayers { sublayer.advanceAnimations(to: time) }
    }

    private func finish(_ animation: Animation, completed: Bool) {
        animation.completion?(completed)
        animation.completion = nil
        for group in animation.transactionGroups { group.leave() }
        animation.transactionGroups = []
    }

    /// Runs `body` as the animation engine: its writes are presented values.
    func withPresentation(_ body: () -> Void) {
        let outer = isApplyingPresentation
        isApplyingPresentation = true
        body()
        isApplyingPresentation = outer
    }

    /// A content property changed: new pixels, and maybe an implicit animation.
    func contentChanged<V>(_ property: AnimatableProperty<V>, from old: V) {
        invalidateContent()
        implicitChange(property, from: old)
    }

    /// Starts an implicit animation from the old presented value to the new model value
    /// when a transaction that allows actions is open.
    func implicitChange<V>(_ property: AnimatableProperty<V>, from old: V) {
        guard !isApplyingPresentation, let settings = Transaction.current, !settings.disableActions,
              let new = property.read(self), new != old else { return }
        let animation = BasicAnimation(property, from: old, to: nil,
                                       duration: settings.duration, timing: settings.timingFunction)
        add(animation, forKey: property.name)
    }
}
