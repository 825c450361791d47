extension TuningProfile {
    /// One field of a scene's tuning, whatever the tuning's type: its key, description, kind
    /// and default, and its own check of a value.
    public struct Field: Sendable {
        /// "swipe.action_threshold".
        public let key: String
        /// The comment written above it in the file.
        public let help: String
        /// What it holds and the values it accepts.
        public let kind: TuningFieldKind
        /// The unit of its number ("pt", "s"), when it has one.
        public let unit: String?
        /// The default, as the shipped file writes it.
        package let defaultValue: TuningValue
        /// Why the field cannot take a value, in words, or `nil` when it can.
        package let check: @Sendable (TuningValue) -> String?

        /// The field `field` of the tuning type `Tuning`.
        init<Tuning: SceneTuning>(_ field: TuningField<Tuning>) {
            key = field.key
            help = field.help
            kind = field.kind
            unit = field.unit
            defaultValue = field.read(Tuning())
            check = { value in
                var tuning = Tuning()
                return field.write(&tuning, value)
            }
        }
    }
}
