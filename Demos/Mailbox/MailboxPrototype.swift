import Kiln

/// The mailbox swipe as a prototype: swipe messages to archive, delete, reschedule or list.
public let mailboxPrototype = Prototype(
    name: "mailbox", title: "Mailbox swipe",
    subtitle: "Swipe messages to archive, delete, reschedule or list",
    make: { MailboxScene(context: $0, tuning: $0.tuning()) }, tuning: .of(MailboxTuning.self),
    sounds: MailboxScene.sounds)
