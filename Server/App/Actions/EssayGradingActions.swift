import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// Grading essays by hand, as the API and the grading page both do it: the input checked (points
/// from 0 with at most two decimals, a comment of at most 5,000 characters), the outcome turned
/// into the refusal a teacher reads.
struct EssayGradingActions: Sendable {
    let essays: EssayGradingRepository
    let clock: ServerClock

    static let commentLength = 0...5000

    func queue(examID: Int, pendingOnly: Bool, facultyID: Int, logger: Logger) async throws -> [EssayGradingRepository.EssayInQueue] {
        guard let queue = try await essays.queue(examID: examID, pendingOnly: pendingOnly, facultyID: facultyID, logger: logger) else {
            throw FacultyExamActions.noSuchExam(examID)
        }
        return queue
    }

    func grade(
        attemptID: Int, questionID: Int, _ request: EssayGradeRequest, facultyID: Int, logger: Logger
    ) async throws -> EssayGradeResponse {
        let points = try Self.points(request.points)
        let comment = try request.comment.map { try Validators.text($0, field: "comment", length: Self.commentLength) }
        switch try await essays.grade(
            attemptID: attemptID, questionID: questionID, points: points, comment: comment?.isEmpty == true ? nil : comment,
            facultyID: facultyID, now: clock.now(), logger: logger)
        {
        case .graded(let response): return response
        case .attemptNotFound: throw FacultyAttemptActions.noSuchAttempt(attemptID)
        case .questionNotFound:
            throw ActionRefusal.notFound("api.attempt.no-question", ["attempt": .integer(attemptID), "question": .integer(questionID)])
        case .notSubmitted: throw ActionRefusal.conflict("api-faculty.grade-not-submitted", ["attempt": .integer(attemptID)])
        case .notAnEssay: throw ActionRefusal.invalid("api-faculty.grade-not-essay", ["question": .integer(questionID)])
        case .tooManyPoints(let max):
            throw ActionRefusal.invalid("api-faculty.points-range", ["max": .integer(max), "question": .integer(questionID)])
        }
    }

    /// 0 or more, finite, at most two decimals.
    static func points(_ value: Double) throws -> Double {
        guard value.isFinite, value >= 0 else { throw InvalidInput("api-faculty.points-number") }
        let hundredths = (value * 100).rounded()
        guard abs(value * 100 - hundredths) < 1e-6 else { throw InvalidInput("api-faculty.points-decimals") }
        return hundredths / 100
    }
}
