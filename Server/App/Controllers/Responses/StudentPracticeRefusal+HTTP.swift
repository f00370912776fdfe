import ExamPrepShared
import HTTPTypes

extension StudentPracticeActions.Refusal {
    /// The refusal as the API answers it, and the practice pages with it: 404 for a course or
    /// session out of reach, 400 for a question not in the session, 409 for one answered or in
    /// an open exam, 429 for a limit.
    var failure: HTTPFailure {
        switch self {
        case .notEnrolled, .noSession: HTTPFailure(.notFound, .notFound, message)
        case .notInSession: HTTPFailure(.badRequest, .validationFailed, message)
        case .answered, .inOpenExam: HTTPFailure.conflict(message)
        case .limited(let refusal): HTTPFailure.limited(refusal)
        }
    }

    /// `work`'s answer, its refusal thrown as `failure`.
    static func answering<T: Sendable>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let refusal as StudentPracticeActions.Refusal {
            throw refusal.failure
        }
    }
}
