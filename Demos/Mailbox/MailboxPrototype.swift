import Kiln

/// The mailbox swipe as a prototype: swipe messages to archive, delete, reschedule or list.
public let mailboxPrototype = Prototype(
    MailboxScene.self, title: "Mailbox swipe",
    subtitle: "Swipe messages to archive, delete, reschedule or list")
