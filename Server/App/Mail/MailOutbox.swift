import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// One message to send: plain text, to one address.
struct MailMessage: Sendable, Equatable {
    var to: String
    var subject: String
    var text: String
}

/// What hands a message to an SMTP server (`CurlSMTP`); throws when it could not.
protocol MailTransport: Sendable {
    func deliver(_ message: MailMessage) async throws
}

/// Mail sent off the request's path: a request reserves room for its messages before its
/// work (`reserve`, which throws `MailQueueFull`: a 503 that says to try again, never a message
/// dropped after the work was done), then puts them in and goes on. This service (which runs
/// while the server does) hands each to the transport in turns between senders (`MailQueue`),
/// trying again after 2, 10 and 30 seconds. A failure is logged with the recipient's id-free
/// facts only: never the message's text, which carries a one-time token.
final class MailOutbox: Service, Sendable {
    private let transport: any MailTransport
    private let queue: Mutex<MailQueue>
    /// Wakes the sender when a message is queued (or the server stops).
    private let wakeups: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation
    private let logger: Logger
    /// The pauses before the second, third and fourth tries.
    let retryDelays: [Duration]

    /// `capacity` messages queued or reserved at once, `capacityPerSender` of them for one sender
    /// (above the largest class list, so one import always fits in an empty outbox).
    init(
        transport: any MailTransport, logger: Logger, retryDelays: [Duration] = [.seconds(2), .seconds(10), .seconds(30)],
        capacity: Int = 10_000, capacityPerSender: Int = 2_000
    ) {
        self.transport = transport
        self.logger = logger
        self.retryDelays = retryDelays
        queue = Mutex(MailQueue(capacity: capacity, capacityPerSender: capacityPerSender))
        (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Room for `count` messages of `sender`, held until they are queued or given back; throws
    /// `MailQueueFull` (nothing held) when there is not that much.
    func reserve(_ count: Int, for sender: MailSender, logger: Logger) throws -> MailReservation {
        guard queue.withLock({ $0.reserve(count, for: sender) }) else {
            logger.error("mail queue full: the request was refused before its work", metadata: ["messages": "\(count)"])
            throw MailQueueFull()
        }
        return MailReservation(outbox: self, sender: sender, count: count)
    }

    /// Messages queued or reserved now.
    var queuedCount: Int { queue.withLock { $0.count } }

    fileprivate func fill(_ reservation: MailReservation, with messages: [MailMessage]) {
        queue.withLock { $0.fill(reservation.count, for: reservation.sender, with: messages) }
        if !messages.isEmpty { wake.yield() }
    }

    fileprivate func release(_ reservation: MailReservation) {
        queue.withLock { $0.release(reservation.count, for: reservation.sender) }
    }

    func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                for await _ in wakeups { await sendQueued() }
                // Stopping: what was queued still goes out.
                await sendQueued()
            }
            group.addTask { [self] in
                try? await gracefulShutdown()
                wake.finish()
            }
            await group.waitForAll()
        }
    }

    private func sendQueued() async {
        while let message = queue.withLock({ $0.next() }) {
            await deliverWithRetries(message)
        }
    }

    private func deliverWithRetries(_ message: MailMessage) async {
        for attempt in 0...retryDelays.count {
            do {
                try await transport.deliver(message)
                logger.info("sent mail", metadata: ["subject": "\(message.subject)", "attempt": "\(attempt + 1)"])
                return
            } catch {
                let last = attempt == retryDelays.count
                logger.log(
                    level: last ? .error : .warning, last ? "could not send mail; giving up" : "could not send mail; trying again",
                    metadata: ["subject": "\(message.subject)", "attempt": "\(attempt + 1)", "error": "\(error)"])
                if last { return }
                do { try await Task.sleep(for: retryDelays[attempt]) } catch { return }
            }
        }
    }
}

/// Room held in the outbox for one request's messages: `send` queues them (and gives back what
/// they do not use), `cancel` gives it all back when the work failed or made none.
struct MailReservation: Sendable {
    fileprivate let outbox: MailOutbox
    let sender: MailSender
    let count: Int

    func send(_ messages: [MailMessage]) {
        outbox.fill(self, with: messages)
    }

    func cancel() {
        outbox.release(self)
    }
}

/// The outbox has no room for a request's messages: it is refused before its work (503).
struct MailQueueFull: Error {}

extension MailOutbox {
    /// The outbox of `configuration`'s SMTP server, or nil (and a start-up line saying that no
    /// mail is sent) without `SMTP_URL`.
    static func make(_ configuration: AppConfiguration, logger: Logger) -> MailOutbox? {
        guard let url = configuration.smtpURL, let from = configuration.mailFrom else {
            logger.notice(
                "no SMTP_URL: no mail is sent; invitation and password reset links go only to the admin or teacher who makes them")
            return nil
        }
        logger.notice(
            "mail is sent through \(url.scheme ?? "smtp")://\(url.host ?? ""):\(url.port.map(String.init) ?? "default") from \(from)")
        return MailOutbox(transport: CurlSMTP(url: url, from: from), logger: logger)
    }
}

extension Optional where Wrapped == MailOutbox {
    /// Runs `work` with room for `count` messages of `sender` held in the outbox (nothing to hold
    /// without one); `work` answers its result and the messages it made, which are queued, and
    /// the room they do not use is given back (all of it when `work` throws). Throws
    /// `MailQueueFull` before `work` when there is no room.
    func mailing<Result: Sendable>(
        _ count: Int, for sender: MailSender, logger: Logger, _ work: () async throws -> (Result, [MailMessage])
    ) async throws -> Result {
        let reservation = try self?.reserve(count, for: sender, logger: logger)
        let (result, messages): (Result, [MailMessage])
        do {
            (result, messages) = try await work()
        } catch {
            reservation?.cancel()
            throw error
        }
        reservation?.send(messages)
        return result
    }
}
