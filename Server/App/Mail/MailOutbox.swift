import Foundation
import Logging
import ServiceLifecycle

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

/// Mail sent off the request's path: a request puts its message here and goes on; this
/// service (which runs while the server does) hands each to the transport, trying again after
/// 2, 10 and 30 seconds. A failure is logged with the recipient's id-free facts only: never the
/// message's text, which carries a one-time token.
final class MailOutbox: Service, Sendable {
    private let transport: any MailTransport
    private let stream: AsyncStream<MailMessage>
    private let continuation: AsyncStream<MailMessage>.Continuation
    private let logger: Logger
    /// The pauses before the second, third and fourth tries.
    let retryDelays: [Duration]

    init(transport: any MailTransport, logger: Logger, retryDelays: [Duration] = [.seconds(2), .seconds(10), .seconds(30)]) {
        self.transport = transport
        self.logger = logger
        self.retryDelays = retryDelays
        (stream, continuation) = AsyncStream.makeStream(of: MailMessage.self, bufferingPolicy: .bufferingNewest(10_000))
    }

    /// Queues `message`; returns at once.
    func send(_ message: MailMessage, logger: Logger) {
        if case .dropped = continuation.yield(message) {
            logger.error("mail queue full: a message was dropped", metadata: ["subject": "\(message.subject)"])
        }
    }

    func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                for await message in stream {
                    await deliverWithRetries(message)
                }
            }
            group.addTask { [self] in
                try? await gracefulShutdown()
                continuation.finish()
            }
            await group.waitForAll()
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
