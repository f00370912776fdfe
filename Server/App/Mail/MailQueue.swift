/// Whose request a message answers: the outbox sends for each in turn.
enum MailSender: Hashable, Sendable {
    /// A signed-in person (a teacher's class list, an admin's invitation).
    case account(Int)
    /// People not signed in (a mailed password reset, a teacher's registration by address),
    /// whose requests the per-address limits already bound.
    case anonymous
}

/// The outbox's messages, without I/O: room is reserved before the work that makes them (so a
/// request that cannot be mailed is refused before anything is written, never dropped after),
/// and messages leave in turns between senders, so one teacher's class list of hundreds does
/// not hold back another's invitation or a student's reset link.
struct MailQueue: Sendable {
    /// Messages queued or reserved, in all.
    let capacity: Int
    /// Messages queued or reserved for one sender.
    let capacityPerSender: Int

    private var queued: [MailSender: [MailMessage]] = [:]
    /// Senders with messages queued, in the order of their next turn.
    private var turns: [MailSender] = []
    private var reserved: [MailSender: Int] = [:]
    private var held = 0

    init(capacity: Int, capacityPerSender: Int) {
        self.capacity = capacity
        self.capacityPerSender = capacityPerSender
    }

    /// Messages queued or reserved now.
    var count: Int { held }

    /// Holds room for `count` messages of `sender`; false (nothing held) when there is not that much.
    mutating func reserve(_ count: Int, for sender: MailSender) -> Bool {
        let ofSender = (queued[sender]?.count ?? 0) + (reserved[sender] ?? 0)
        guard count >= 0, held + count <= capacity, ofSender + count <= capacityPerSender else { return false }
        reserved[sender, default: 0] += count
        held += count
        return true
    }

    /// Queues messages in room reserved for `sender` and gives back the reserved room they do
    /// not use; at most `reservation` messages are queued.
    mutating func fill(_ reservation: Int, for sender: MailSender, with messages: [MailMessage]) {
        let taking = messages.prefix(reservation)
        release(reservation, for: sender)
        guard !taking.isEmpty else { return }
        if queued[sender, default: []].isEmpty { turns.append(sender) }
        queued[sender, default: []].append(contentsOf: taking)
        held += taking.count
    }

    /// Gives back room reserved for `sender` that no message will use.
    mutating func release(_ count: Int, for sender: MailSender) {
        let giving = min(count, reserved[sender] ?? 0)
        reserved[sender] = (reserved[sender] ?? 0) - giving
        if reserved[sender] == 0 { reserved[sender] = nil }
        held -= giving
    }

    /// The next message to send: the oldest of the sender whose turn it is.
    mutating func next() -> MailMessage? {
        guard !turns.isEmpty else { return nil }
        let sender = turns.removeFirst()
        guard var messages = queued[sender], !messages.isEmpty else { return next() }
        let message = messages.removeFirst()
        queued[sender] = messages.isEmpty ? nil : messages
        if !messages.isEmpty { turns.append(sender) }
        held -= 1
        return message
    }
}
