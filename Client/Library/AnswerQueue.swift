import ExamPrepShared
import Foundation
import Observation

/// The answers of the attempt being taken on their way to the server, so that none is lost
/// to a dropped connection, a server restart or the app quitting.
///
/// Every answer gets the attempt's next `sequence` and the time it was given, and goes into a
/// queue that is written to disk (`AnswerQueueFile`) before anything is sent. The queue is
/// sent in order, the latest answer per question, each batch with an `Idempotency-Key`
/// that its retries repeat; the server keeps the newest sequence of each question, so a retry
/// that arrives late never overwrites a newer answer. When the server cannot be reached
/// (`isOffline`), the queue is kept and tried again with a growing pause (1 s up to 15 s),
/// and when the attempt is opened again after a restart of the app. An answer the server
/// refuses (the attempt has ended) moves to `failed` with the reason and is not sent again.
///
/// A view shows `state(of:)` per question, `pendingCount` and `isOffline`.
@Observable
@MainActor
public final class AnswerQueue {
    /// The attempt whose answers these are.
    public private(set) var attemptId: Int?
    /// Answers given but not yet stored by the server, the latest per question, oldest first.
    public private(set) var pending: [AnswerInput] = []
    /// Answers the server refused, with its reason; they are not sent again.
    public private(set) var failed: [FailedAnswer] = []
    /// The sequence of the answer the server holds, per question.
    public private(set) var savedSequences: [Int: Int] = [:]
    /// The last try to send did not reach the server (or it was unavailable); the queue waits.
    public private(set) var isOffline = false
    /// Why the last send did not go through, for a person.
    public private(set) var problem: String?
    /// The attempt was moved to another tab or app (one place per attempt): the queue keeps its
    /// answers and waits until it is moved back here (`Student.moveHere`).
    public private(set) var isMovedAway = false
    /// The token of this device's place, sent with each save (`X-ExamPrep-Place`).
    @ObservationIgnored var place: String?

    public var pendingCount: Int { pending.count }

    /// The queue's own sentences in the language the app asks the server for.
    private var catalogue: Catalogue { .of(session.api.language ?? .en) }

    @ObservationIgnored private let session: SessionManager
    @ObservationIgnored private let file: AnswerQueueFile?
    @ObservationIgnored private var stored: QueuedAnswers?
    @ObservationIgnored private var sending = false
    @ObservationIgnored private var sendAgain = false
    @ObservationIgnored private var retrying: Task<Void, Never>?
    @ObservationIgnored private var failuresInARow = 0
    @ObservationIgnored private let pauses: [Duration]
    @ObservationIgnored private let now: @Sendable () -> Date

    /// The most answers one save sends (the server's limit per request).
    static let batchLimit = 200
    /// Seconds a save may wait for an answer before it counts as lost.
    static let saveTimeout: TimeInterval = 10

    /// - Parameters:
    ///   - directory: where the queue is kept between launches; nil keeps it in memory only.
    ///   - pauses: the waits between tries while offline; the last one repeats.
    init(
        session: SessionManager, directory: URL?, pauses: [Duration] = [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(15)],
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.session = session
        self.file = directory.map(AnswerQueueFile.init(directory:))
        self.pauses = pauses.isEmpty ? [.seconds(1)] : pauses
        self.now = now
    }

    /// Where one question's answer stands.
    public func state(of questionId: Int) -> AnswerState {
        if pending.contains(where: { $0.questionId == questionId }) { return .pending }
        if let refused = failed.last(where: { $0.answer.questionId == questionId }) { return .failed(refused.reason) }
        return savedSequences[questionId] == nil ? .unanswered : .saved
    }

    // MARK: - Opening an attempt

    /// Takes up the attempt as the server sent it: the queue kept on disk for it is read, what
    /// the server already holds is dropped from it, and the sequence continues after both.
    /// Returns the attempt with the queued answers in place of the server's, as the student
    /// last gave them.
    func open(_ attempt: StudentAttempt) -> StudentAttempt {
        let server = session.api.origin
        let userId = session.currentSession?.userId
        if attemptId != attempt.attemptId || stored == nil {
            retrying?.cancel()
            retrying = nil
            stored =
                file?.load(server: server, userId: userId, attemptId: attempt.attemptId)
                ?? QueuedAnswers(server: server, userId: userId, attemptId: attempt.attemptId)
        }
        guard var queue = stored else { return attempt }
        savedSequences = Dictionary(
            attempt.answers.map { ($0.questionId, $0.sequence ?? 0) }, uniquingKeysWith: { first, _ in first })
        queue.pending.removeAll { answer in (savedSequences[answer.questionId] ?? -1) >= (answer.sequence ?? 0) }
        queue.nextSequence = max(queue.nextSequence, (attempt.answers.compactMap(\.sequence).max() ?? 0) + 1)
        if attempt.submittedAt != nil, !queue.pending.isEmpty {
            queue.failed += queue.pending.map {
                FailedAnswer(answer: $0, reason: catalogue.string(Message("client.submitted-first")))
            }
            queue.pending = []
        }
        attemptId = attempt.attemptId
        publish(queue)
        persist()

        var shown = attempt
        for answer in queue.pending {
            shown.answers.removeAll { $0.questionId == answer.questionId }
            if !answer.isEmpty { shown.answers.append(answer) }
        }
        return shown
    }

    // MARK: - Answering

    /// Queues an answer (an empty one clears its question): it gets the next sequence and the
    /// time, and is on disk when this returns. Throws only when the queue cannot be written.
    func enqueue(_ answer: AnswerInput) throws -> AnswerInput {
        guard var queue = stored else { return answer }
        var numbered = answer.response
        numbered.sequence = queue.nextSequence
        numbered.savedAt = now()
        queue.nextSequence += 1
        queue.pending.removeAll { $0.questionId == answer.questionId }
        queue.pending.append(numbered)
        queue.failed.removeAll { $0.answer.questionId == answer.questionId }
        publish(queue)
        try file?.save(queue)
        return numbered
    }

    /// Sends the queue, batch by batch, until it is empty, the server cannot be reached (then
    /// it is tried again later), or the session has ended. A call while a send runs makes that
    /// send go on with what was queued since.
    public func send() async {
        guard !sending else {
            sendAgain = true
            return
        }
        sending = true
        defer { sending = false }
        repeat {
            sendAgain = false
            guard let attemptId, let batch = nextBatch() else { break }
            let key = Self.idempotencyKey(batch, client: stored?.client ?? "")
            do {
                let response = try await session.send(
                    .saveAnswers(attemptId, batch, idempotencyKey: key).timingOut(after: Self.saveTimeout).inPlace(place))
                isMovedAway = false
                acknowledge(batch, response: response)
            } catch is CancellationError {
                break
            } catch let error as APIError {
                switch SaveFailure(error) {
                case .unreachable:
                    isOffline = true
                    problem = error.message(in: catalogue)
                    retryLater()
                    return
                case .signedOut:
                    isOffline = false
                    problem = error.message(in: catalogue)
                    return
                case .movedAway:
                    isOffline = false
                    isMovedAway = true
                    problem = error.message(in: catalogue)
                    return
                case .refused:
                    refuse(batch, reason: error.message(in: catalogue))
                }
            } catch {
                refuse(batch, reason: error.localizedDescription)
            }
            persist()
        } while sendAgain || !pending.isEmpty
    }

    /// The queued answers, to send with a submit (the server stores them first while the
    /// attempt runs).
    var answersForSubmit: [AnswerInput] { pending }

    /// The attempt was submitted (its result is in): the queue is done with, file and all.
    func finish(_ attemptId: Int) {
        guard attemptId == self.attemptId else { return }
        retrying?.cancel()
        retrying = nil
        for answer in pending { savedSequences[answer.questionId] = answer.sequence ?? 0 }
        if let queue = stored { try? file?.remove(queue) }
        stored?.pending = []
        pending = []
        isOffline = false
        problem = nil
    }

    /// Forgets the attempt in memory (sign-out); what is on disk stays for the next sign-in.
    func close() {
        retrying?.cancel()
        retrying = nil
        stored = nil
        attemptId = nil
        pending = []
        failed = []
        savedSequences = [:]
        isOffline = false
        problem = nil
    }

    // MARK: - Steps

    private func nextBatch() -> [AnswerInput]? {
        let batch = Array(pending.sorted { ($0.sequence ?? 0) < ($1.sequence ?? 0) }.prefix(Self.batchLimit))
        return batch.isEmpty ? nil : batch
    }

    /// A batch's key is made of what it holds, so that a retry of the same batch repeats it.
    static func idempotencyKey(_ batch: [AnswerInput], client: String) -> String {
        let sequences = batch.compactMap(\.sequence)
        return "\(client)-\(sequences.min() ?? 0)-\(sequences.max() ?? 0)-\(batch.count)"
    }

    /// The server stored the batch: each answer leaves the queue unless a newer one for its
    /// question was queued meanwhile.
    private func acknowledge(_ batch: [AnswerInput], response: SaveAnswersResponse) {
        guard var queue = stored else { return }
        let held = Dictionary(response.answers.map { ($0.questionId, $0.sequence) }, uniquingKeysWith: { first, _ in first })
        for sent in batch {
            let sequence = sent.sequence ?? 0
            queue.pending.removeAll { $0.questionId == sent.questionId && ($0.sequence ?? 0) <= sequence }
            savedSequences[sent.questionId] = max(held[sent.questionId].flatMap { $0 } ?? sequence, savedSequences[sent.questionId] ?? 0)
        }
        isOffline = false
        problem = nil
        failuresInARow = 0
        publish(queue)
    }

    private func refuse(_ batch: [AnswerInput], reason: String) {
        guard var queue = stored else { return }
        for sent in batch {
            queue.pending.removeAll { $0.questionId == sent.questionId && $0.sequence == sent.sequence }
            queue.failed.append(FailedAnswer(answer: sent, reason: reason))
        }
        problem = reason
        publish(queue)
    }

    private func retryLater() {
        guard retrying == nil else { return }
        let pause = pauses[min(failuresInARow, pauses.count - 1)]
        failuresInARow += 1
        retrying = Task { [weak self] in
            try? await Task.sleep(for: pause)
            guard !Task.isCancelled, let self else { return }
            self.retrying = nil
            await self.send()
        }
    }

    private func publish(_ queue: QueuedAnswers) {
        stored = queue
        pending = queue.pending
        failed = queue.failed
    }

    private func persist() {
        guard let queue = stored else { return }
        do {
            try file?.save(queue)
        } catch {
            problem = catalogue.string(Message("client.not-kept", ["error": .text(error.localizedDescription)]))
        }
    }
}
