import ExamPrepShared
import Foundation

/// An attempt as the rules need it: when it ends, whether it is still open, what its student
/// may see, and the order it shows its questions in.
struct AttemptState: Sendable {
    var id: Int
    var examID: Int
    var courseID: Int
    var number: Int
    var startedAt: Date
    /// When it ends by itself (`attempt_deadline`: the time limit stretched by the student's
    /// accommodation, the closing, an extension), kept up to date by the server.
    var deadline: Date?
    /// When the faculty member closed the exam: no attempt goes on past it.
    var examClosedAt: Date?
    var submittedAt: Date?
    var autoSubmitted: Bool
    var title: String
    var instructions: String
    var examStatus: ExamStatus
    var policy: ExamPolicy
    /// When the exam is over for everyone (`exam_over_at`, migration 020): its closing, every
    /// override's and the end of every attempt still running, whichever is last; nil: not
    /// before faculty close it. Its after-close review options apply from then on.
    var examOverAt: Date?
    var timeZone: String
    /// Whether its student is still enrolled in the course (one who left cannot reach it).
    var studentEnrolled: Bool
    /// The answer given to an earlier save with the idempotency key the state was read for.
    var rememberedSave: SaveAnswersResponse?
    /// What that earlier save asked for (`AttemptTransaction.requestHash`; nil for keys kept
    /// before hashes were).
    var rememberedRequestHash: String?
    /// The student's own time limit and the exam's (for "60 min (extended from 30)").
    var timeLimitMinutes: Int?
    var baseTimeLimitMinutes: Int?
    /// Choice keys (or a matching question's option ids) per question, in the order this
    /// attempt shows them, when the exam shuffles choices.
    var choiceOrder: [Int: [String]]?
    /// The seed of the ids its student sees (`AnswerAliases`; nil for attempts from before them).
    var aliasSeed: UUID?

    var aliases: AnswerAliases { AnswerAliases(seed: aliasSeed) }

    /// The moment the attempt ends by itself, if any.
    var effectiveDeadline: Date? {
        [deadline, examClosedAt].compactMap { $0 }.min()
    }

    /// When the server submits it by itself: its deadline plus the exam's grace period
    /// (a closed exam ends its attempts at once).
    var end: Date? {
        let graced = deadline.map { $0.addingTimeInterval(TimeInterval(policy.graceSeconds)) }
        return [graced, examClosedAt].compactMap { $0 }.min()
    }

    var isSubmitted: Bool { submittedAt != nil }

    /// Open, but past its end: it is to be submitted with what was saved.
    func hasExpired(at now: Date) -> Bool {
        guard !isSubmitted, let end else { return false }
        return now >= end
    }

    /// When an attempt graded now counts as submitted: now, or, once its end has passed, the
    /// moment its time ran out (the grace period is for saves on their way, not more time).
    func submissionTime(at now: Date) -> Date {
        guard let end, end < now else { return now }
        return effectiveDeadline ?? end
    }

    /// What its student may see of its result now: the exam's review options after the exam
    /// is over for everyone (no attempt can still run), else those right after submitting.
    func review(at now: Date) -> Set<ReviewItem> {
        let closed = examStatus == .closed || examOverAt.map { now >= $0 } == true
        return Set(closed ? policy.review.afterClose : policy.review.afterSubmit)
    }

    /// `questions` (in the attempt's order already), each with its choices, or a matching
    /// question's options, in the order this attempt shows them.
    func ordered(_ questions: [StoredQuestion]) -> [StoredQuestion] {
        guard let choiceOrder else { return questions }
        return questions.map { question in
            guard let keys = choiceOrder[question.id] else { return question }
            let position = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            var ordered = question
            ordered.choices.sort { (position[$0.key] ?? Int.max) < (position[$1.key] ?? Int.max) }
            ordered.key.options?.sort { (position[$0.id] ?? Int.max) < (position[$1.id] ?? Int.max) }
            return ordered
        }
    }
}

/// A student's own time limit: the exam's (or an override's) stretched by an accommodation.
enum StudentTimeLimit {
    static func minutes(_ limit: Int?, multiplier: Double?, extraMinutes: Int?) -> Int? {
        guard let limit else { return nil }
        return Int((Double(limit) * (multiplier ?? 1)).rounded(.up)) + (extraMinutes ?? 0)
    }
}
