import ExamPrepExams
import ExamPrepShared
import Foundation

/// An attempt as its operations read it (`AttemptStatements.state`): what its rules take (its
/// timing and its student's terms, decided by `ExamPrepExams`), what its student's page shows,
/// and the order it shows its questions in.
struct LoadedAttempt: Sendable {
    var id: Int
    var examID: Int
    var courseID: Int
    var number: Int
    var timing: AttemptTiming
    var terms: StudentTerms
    /// The minutes a faculty member extended it by, in all.
    var extensionMinutes: Int
    var title: String
    var instructions: String
    var timeZone: String
    /// Whether its student is still enrolled in the course (one who left cannot reach it).
    var studentEnrolled: Bool
    /// The answer given to an earlier save with the idempotency key it was read for.
    var rememberedSave: SaveAnswersResponse?
    /// What that earlier save asked for (`AttemptStatements.requestHash`; nil for keys kept
    /// before hashes were).
    var rememberedRequestHash: String?
    /// Choice keys (or a matching question's option ids) per question, in the order this
    /// attempt shows them, when the exam shuffles choices.
    var choiceOrder: [Int: [String]]?
    /// The seed of the ids its student sees (`AnswerAliases`; nil for attempts from before them).
    var aliasSeed: UUID?
    /// Its exam's integrity rules (Safe Exam Browser, the focus log), checked without a
    /// statement of their own.
    var integrity: AttemptIntegrity = .none

    var aliases: AnswerAliases { AnswerAliases(seed: aliasSeed) }

    var isSubmitted: Bool { timing.isSubmitted }

    /// `questions` (in the attempt's order already), with choices in this attempt's order.
    func ordered(_ questions: [StoredQuestion]) -> [StoredQuestion] {
        AttemptOrder.ordered(questions, choiceKeys: choiceOrder)
    }
}
