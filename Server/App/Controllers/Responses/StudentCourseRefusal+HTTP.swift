import ExamPrepShared
import HTTPTypes

extension StudentCourseActions.Refusal {
    /// The refusal as the API answers it, and the course pages with it: 404 for a course,
    /// code or invitation out of reach, 409 `already_enrolled`, 429 for a limit.
    var failure: HTTPFailure {
        switch self {
        case .notEnrolled, .unknownCode, .notInvited: HTTPFailure(.notFound, .notFound, message)
        case .alreadyEnrolled, .alreadyIn: HTTPFailure.conflict(message, code: .alreadyEnrolled)
        case .limited(let refusal): HTTPFailure.limited(refusal)
        }
    }

    /// `work`'s answer, its refusal thrown as `failure`.
    static func answering<T: Sendable>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let refusal as StudentCourseActions.Refusal {
            throw refusal.failure
        }
    }
}
