import ExamPrepShared
import Foundation

/// What `teach-grading.mustache` shows: an exam's essays, ungraded first, each with what the
/// student wrote and a form for its points and comment.
struct TeachGradingPage: Sendable {
    struct Item: Sendable {
        var attemptID: Int
        var questionID: Int
        /// Unique on the page, for the fields' ids.
        var key: String
        var student: String
        var prompt: String
        var graderInfo: String?
        var text: String
        var points: String
        var comment: String
        var maxPoints: Int
        var graded: Bool
    }

    var examID: Int
    var title: String
    var items: [Item]
    var hasItems: Bool
    var pendingCount: Int
    var pendingOnly: Bool
    var notice: String?
    var error: String?

    static func item(_ essay: EssayToGrade, exam: Exam?) -> Item {
        let question = exam?.questions.first { $0.id == essay.questionId }
        return Item(
            attemptID: essay.attemptId, questionID: essay.questionId, key: "a\(essay.attemptId)-q\(essay.questionId)",
            student: essay.studentId.map { "Student \($0)" } ?? GradeBookEntry.deletedAccount,
            prompt: question?.prompt ?? "Essay drawn from the bank (question \(essay.questionId))",
            graderInfo: question?.graderInfo, text: essay.text, points: essay.points.map(Points.text) ?? "",
            comment: essay.comment ?? "", maxPoints: essay.maxPoints, graded: essay.points != nil)
    }
}
