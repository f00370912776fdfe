import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Synchronization
import Testing

@testable import ExamPrepServer

/// The outbox's queue: room is held before a request's work and never overbooked, and messages
/// leave in turns between senders, so one teacher's class list does not hold back another's
/// invitation or a student's reset link. A full outbox refuses (503) before the work, never
/// dropping a message after it.
@Suite("The mail queue")
struct MailQueueTests {
    static func message(_ to: String) -> MailMessage { MailMessage(to: to, subject: "s", text: "t") }

    @Test func sendersTakeTurns() {
        var queue = MailQueue(capacity: 100, capacityPerSender: 50)
        let held = [queue.reserve(3, for: .account(1)), queue.reserve(1, for: .account(2)), queue.reserve(1, for: .anonymous)]
        #expect(held == [true, true, true])
        queue.fill(3, for: .account(1), with: ["a1", "a2", "a3"].map(Self.message))
        queue.fill(1, for: .account(2), with: [Self.message("b1")])
        queue.fill(1, for: .anonymous, with: [Self.message("r1")])
        var sent: [String] = []
        while let next = queue.next() { sent.append(next.to) }
        #expect(sent == ["a1", "b1", "r1", "a2", "a3"])
        #expect(queue.count == 0)
    }

    @Test func roomIsNeverOverbookedAndUnusedRoomComesBack() {
        var queue = MailQueue(capacity: 10, capacityPerSender: 6)
        let first = [
            queue.reserve(6, for: .account(1)),
            queue.reserve(1, for: .account(1)),  // past the sender's share
            queue.reserve(4, for: .account(2)),
            queue.reserve(1, for: .anonymous),  // past the whole outbox
        ]
        #expect(first == [true, false, true, false])
        #expect(queue.count == 10)
        // The import made two messages of the six it held room for: four come back.
        queue.fill(6, for: .account(1), with: [Self.message("x"), Self.message("y")])
        #expect(queue.count == 6)
        let afterFill = queue.reserve(4, for: .anonymous)
        #expect(afterFill)
        queue.release(4, for: .anonymous)
        queue.release(4, for: .account(2))
        #expect(queue.count == 2)
        // More messages than the room held: only the held number is queued.
        let one = queue.reserve(1, for: .account(3))
        #expect(one)
        queue.fill(1, for: .account(3), with: [Self.message("1"), Self.message("2")])
        #expect(queue.count == 3)
        let negative = queue.reserve(-1, for: .anonymous)
        #expect(!negative)
    }

    /// A transport that records what it was given and lets the test hold it.
    final class Recorder: MailTransport {
        let delivered = Mutex<[String]>([])
        func deliver(_ message: MailMessage) async throws {
            delivered.withLock { $0.append(message.to) }
        }
    }

    @Test func aFullOutboxRefusesBeforeTheWorkAndTheRestIsSentInTurns() async throws {
        let recorder = Recorder()
        let outbox = MailOutbox(transport: recorder, logger: Logger(label: "test"), capacity: 4, capacityPerSender: 3)
        let held: MailOutbox? = outbox
        let ran = Mutex(false)
        // A class list of three, then a request that finds no room: refused, its work never runs.
        let listRoom = try outbox.reserve(3, for: .account(1), logger: Logger(label: "test"))
        let refused = Task {
            try await held.mailing(2, for: .account(2), logger: Logger(label: "test")) {
                ran.withLock { ranNow in ranNow = true }
                return ((), [MailMessage]())
            }
        }
        await #expect(throws: MailQueueFull.self) { try await refused.value }
        #expect(!ran.withLock { $0 })
        #expect(
            ErrorMiddleware.failure(for: MailQueueFull(), logger: Logger(label: "test")).status == .serviceUnavailable)
        listRoom.send(["l1", "l2", "l3"].map(Self.message))
        try await held.mailing(1, for: .anonymous, logger: Logger(label: "test")) { ((), [Self.message("reset")]) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await outbox.run() }
            try await eventually("every message sent") { recorder.delivered.withLock { $0.count } == 4 }
            group.cancelAll()
        }
        #expect(recorder.delivered.withLock { $0 } == ["l1", "reset", "l2", "l3"])
    }
}
