extension InputScript {
    /// A script that replays recorded pointer events verbatim at their own scene times
    /// (a tablet recording, for instance), so that they play like any other script.
    public init(replaying events: [PointerEvent], scene: String? = nil) {
        let recorded = events.map {
            ScriptEvent(time: $0.timestamp, phase: $0.phase, location: $0.location, device: $0.device,
                        pressure: $0.pressure, id: $0.id, buttons: $0.buttons, pressureSource: $0.pressureSource)
        }
        self.init(scene: scene, steps: [.events(recorded)])
    }
}
