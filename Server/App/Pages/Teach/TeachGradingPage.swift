import ExamPrepFormulas
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
        /// "Anna Żółć (12345), attempt 2" (the attempt's number among the student's), and "(not
        /// graded)" while it is not.
        var heading: String
        var prompt: String
        /// The prompt as HTML, its formulas as MathML (`RichText.shown`).
        var promptHTML: String
        var graderInfo: String?
        var text: String
        var points: String
        var comment: String
        var maxPoints: Int
        /// "Points (0 to 4)".
        var pointsLabel: String
        var graded: Bool
    }

    var examID: Int
    var title: String
    var heading: String
    var items: [Item]
    var hasItems: Bool
    var pendingCount: Int
    /// "3 essays wait to be graded."
    var pending: String
    var pendingOnly: Bool
    var notice: String?
    var error: String?

    static func item(_ entry: EssayGradingRepository.EssayInQueue, exam: Exam?, catalogue: Catalogue) -> Item {
        let essay = entry.essay
        let question = exam?.questions.first { $0.id == essay.questionId }
        let student =
            entry.email.map { PersonLabel.of(name: essay.studentName, email: $0, number: essay.studentNumber) }
            ?? catalogue.string(Message("results.deleted-account"))
        let heading = Message(
            essay.points == nil ? "results.grading.item-not-graded" : "results.grading.item",
            ["student": .text(student), "attempt": .integer(essay.attemptNumber ?? essay.attemptId)])
        let prompt = essay.prompt ?? question?.prompt ?? ""
        return Item(
            attemptID: essay.attemptId, questionID: essay.questionId, key: "a\(essay.attemptId)-q\(essay.questionId)",
            student: student, heading: catalogue.string(heading), prompt: prompt, promptHTML: RichText.shown(prompt),
            graderInfo: question?.graderInfo, text: essay.text, points: essay.points.map(Points.text) ?? "",
            comment: essay.comment ?? "", maxPoints: essay.maxPoints,
            pointsLabel: catalogue.string(Message("results.grading.points", ["max": .integer(essay.maxPoints)])),
            graded: essay.points != nil)
    }
}
