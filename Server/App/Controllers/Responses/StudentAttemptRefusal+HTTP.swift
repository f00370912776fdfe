import ExamPrepShared
import HTTPTypes

extension StudentAttemptActions.Refusal {
    /// The refusal as the API answers it, and the attempt page's script with it: 404 for an
    /// attempt or question out of reach, 409 for one that no longer takes answers or flags,
    /// 422 `idempotency_key_reused` for a key sent with other answers.
    var failure: HTTPFailure {
        switch self {
        case .noSuchAttempt, .noSuchQuestion: HTTPFailure(.notFound, .notFound, message)
        case .submitted, .pastDeadline, .flagsOver, .notMovable, .tooManyMoves: HTTPFailure.conflict(message)
        case .elsewhere: HTTPFailure.conflict(message, reason: .movedAway)
        case .keyReused: HTTPFailure(.unprocessableContent, .idempotencyKeyReused, message)
        case .safeExamBrowserRequired: HTTPFailure(.forbidden, .forbidden, message)
        }
    }

    /// `work`'s answer, its refusal thrown as `failure`.
    static func answering<T: Sendable>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let refusal as StudentAttemptActions.Refusal {
            throw refusal.failure
        }
    }
}
