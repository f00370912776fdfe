import Foundation

/// `200` answer to `PUT` and `DELETE /api/students/attempts/{attemptId}/flags/{questionId}`:
/// the questions of the attempt flagged for review now, in the attempt's order.
public struct AttemptFlags: Codable, Sendable, Hashable {
    public var flagged: [Int]

    public init(flagged: [Int]) { self.flagged = flagged }
}

/// `GET /api/students/attempts/{attemptId}/summary`: before submitting, which questions are
/// answered and which flagged, and how many are not answered or flagged.
public struct AttemptSummary: Codable, Sendable, Hashable {
    public struct Question: Codable, Sendable, Hashable {
        public var questionId: Int
        /// 1 for the first question as this attempt shows them.
        public var number: Int
        public var answered: Bool
        public var flagged: Bool

        public init(questionId: Int, number: Int, answered: Bool, flagged: Bool) {
            self.questionId = questionId
            self.number = number
            self.answered = answered
            self.flagged = flagged
        }
    }

    public var deadline: Date?
    public var questions: [Question]
    public var unanswered: Int
    public var flagged: Int
    /// Set once the attempt is submitted (nothing can change then).
    public var submitted: Bool

    public init(deadline: Date?, questions: [Question], submitted: Bool = false) {
        self.deadline = deadline
        self.questions = questions
        self.unanswered = questions.filter { !$0.answered }.count
        self.flagged = questions.filter(\.flagged).count
        self.submitted = submitted
    }

    /// The summary of `attempt` with the questions `flagged`.
    public init(attempt: StudentAttempt, flagged: Set<Int>) {
        let answered = Set(attempt.answers.filter { !$0.isEmpty }.map(\.questionId))
        self.init(
            deadline: attempt.deadline,
            questions: attempt.questions.enumerated().map { index, question in
                Question(
                    questionId: question.id, number: index + 1, answered: answered.contains(question.id),
                    flagged: flagged.contains(question.id))
            },
            submitted: attempt.submittedAt != nil)
        // A description is no question: it is never "not answered".
        let descriptions = Set(attempt.questions.filter { $0.kind == .description }.map(\.id))
        unanswered = questions.filter { !$0.answered && !descriptions.contains($0.questionId) }.count
    }
}
