/// One message in the inbox.
public struct MailboxMessage: Hashable, Sendable {
    /// Who sent it.
    public var sender: String
    /// Its subject line.
    public var subject: String
    /// The first words of its body.
    public var snippet: String
    /// As the list shows it: "9:41 AM", "Yesterday".
    public var time: String
    /// Whether it is marked as unread.
    public var isUnread: Bool

    /// A message as the inbox lists it.
    public init(sender: String, subject: String, snippet: String, time: String, isUnread: Bool = false) {
        self.sender = sender
        self.subject = subject
        self.snippet = snippet
        self.time = time
        self.isUnread = isUnread
    }

    /// The inbox the scene opens with.
    public static let samples: [MailboxMessage] = [
        MailboxMessage(sender: "Maya Lindqvist", subject: "Prototype review on Thursday",
                       snippet: "Could you bring the swipe demo? The team wants to try the list actions on a real device.",
                       time: "9:41 AM", isUnread: true),
        MailboxMessage(sender: "Oren Haddad", subject: "Re: Motion specs for onboarding",
                       snippet: "The spring on the second card feels a little loose. Damping 0.8 might be closer.",
                       time: "9:12 AM", isUnread: true),
        MailboxMessage(sender: "Studio Calendar", subject: "Design crit moved to 3 PM",
                       snippet: "Room Juniper is booked instead of Birch. Bring printouts of the flows.",
                       time: "8:30 AM"),
        MailboxMessage(sender: "Priya Raman", subject: "Icons for the share sheet",
                       snippet: "Attached the 24 pt set. The archive glyph is a check, like we agreed.",
                       time: "Yesterday"),
        MailboxMessage(sender: "Tomás Ferreira", subject: "Lunch?",
                       snippet: "The new ramen place on 5th opens at noon. Want to try it after standup?",
                       time: "Yesterday"),
        MailboxMessage(sender: "Figma", subject: "Ana commented on Checkout v3",
                       snippet: "\"Can the total animate when the tip changes?\" Reply in the file.",
                       time: "Tuesday"),
        MailboxMessage(sender: "Hannah Okafor", subject: "User test recordings",
                       snippet: "Five sessions uploaded. Three people tried to swipe the receipts away.",
                       time: "Monday"),
        MailboxMessage(sender: "Release Notes", subject: "What's new in 2.4",
                       snippet: "Faster sync, quieter notifications, and a fresh look for the lists view.",
                       time: "Sunday"),
    ]
}
