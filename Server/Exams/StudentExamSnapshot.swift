import ExamPrepShared
import Foundation

/// One attempt at an exam, as the rules of the exam need it.
public struct AttemptRecord: Sendable, Hashable {
    public var id: Int
    /// 1 for the first attempt, 2 for the second, …
    public var number: Int
    public var timing: AttemptTiming
    /// Once graded.
    public var score: Double?
    public var maxScore: Double?
    /// False for an attempt of an earlier, deleted account of the same address: it counts
    /// toward the attempts used and the pause, not toward this account's grade.
    public var ofThisAccount: Bool
    /// Graded but for an essay that waits to be graded by hand: its score is not final.
    public var needsGrading: Bool

    public init(
        id: Int, number: Int, timing: AttemptTiming, score: Double? = nil, maxScore: Double? = nil, ofThisAccount: Bool = true,
        needsGrading: Bool = false
    ) {
        self.needsGrading = needsGrading
        self.id = id
        self.number = number
        self.timing = timing
        self.score = score
        self.maxScore = maxScore
        self.ofThisAccount = ofThisAccount
    }

    /// When it ended: its submission, or the moment its time ran out once it has ended
    /// without one yet. Nil while it runs.
    public func endedAt(at now: Date) -> Date? {
        timing.submittedAt ?? (timing.hasEnded(at: now) ? timing.submissionTime(at: now) : nil)
    }

    /// As a grading method sees it, once it is graded.
    public var scored: ScoredAttempt? {
        guard let submittedAt = timing.submittedAt, let score, let maxScore else { return nil }
        return ScoredAttempt(
            id: id, number: number, score: score, maxScore: maxScore, submittedAt: submittedAt, needsGrading: needsGrading)
    }
}

/// What the rules need to know of one exam for one student, read from the database in one
/// statement (`StudentExamRepository`): the exam, the student's terms and every attempt that
/// counts for them. Every decision a page or a route makes about the exam is made from it.
public struct StudentExamSnapshot: Sendable, Hashable {
    public var examID: Int
    public var courseID: Int
    public var title: String
    /// The course's IANA time zone, in which its people read times.
    public var timeZone: String
    public var terms: StudentTerms
    /// Whether the student is enrolled in the exam's course.
    public var enrolled: Bool
    /// Every attempt that counts for the student, by number.
    public var attempts: [AttemptRecord]

    public init(
        examID: Int, courseID: Int, title: String, timeZone: String = "UTC", terms: StudentTerms, enrolled: Bool = true,
        attempts: [AttemptRecord] = []
    ) {
        self.examID = examID
        self.courseID = courseID
        self.title = title
        self.timeZone = timeZone
        self.terms = terms
        self.enrolled = enrolled
        self.attempts = attempts
    }

    /// The student's attempt that still takes answers at `now` (in progress or overdue).
    public func runningAttempt(at now: Date) -> AttemptRecord? {
        attempts.first { $0.ofThisAccount && $0.timing.takesAnswers(at: now) }
    }

    /// The student's grade by the exam's grading method, whether or not it may be shown.
    public var grade: ExamGrade? {
        terms.exam.policy.gradingMethod.grade(attempts.filter(\.ofThisAccount).compactMap(\.scored))
    }
}

/// Whether the student may start an attempt, and which.
public enum StartDecision: Sendable, Hashable {
    /// A new attempt, numbered `number`.
    case start(number: Int)
    /// The student's attempt still runs: it is resumed, not started again.
    case resume(attemptID: Int)
    case refused(StartRefusal)

    /// The student may not even see the exam (`StartRefusal.hidesExam`).
    public var hidesExam: Bool {
        if case .refused(let refusal) = self { refusal.hidesExam } else { false }
    }
}

/// Everything a page says about one exam for one student at one moment: what they may do,
/// why not, their terms, their grade as far as it may be shown.
public struct ExamStanding: Sendable, Hashable {
    public var decision: StartDecision
    /// The attempt that still runs, with its state (in progress or overdue).
    public var runningAttempt: RunningAttempt?
    public var attemptsUsed: Int
    public var terms: StudentTerms
    /// The grade, when the review options show the score now.
    public var visibleGrade: ExamGrade?
    /// What the student may see of their submitted attempts now.
    public var review: Set<ReviewItem>

    public struct RunningAttempt: Sendable, Hashable {
        public var id: Int
        public var state: AttemptState

        public init(id: Int, state: AttemptState) {
            self.id = id
            self.state = state
        }
    }
}

extension StudentExamSnapshot {
    /// Whether the student may start an attempt at `now`: the rules that hide the exam come
    /// first, then a running attempt is resumed, then the other rules (`StartRules`).
    public func startDecision(at now: Date) -> StartDecision {
        let refusal = StartRules.refusal(self, at: now)
        if refusal?.hidesExam != true, let running = runningAttempt(at: now) { return .resume(attemptID: running.id) }
        if let refusal { return .refused(refusal) }
        return .start(number: attempts.count + 1)
    }

    /// The exam as a page shows it to the student at `now`.
    public func standing(at now: Date) -> ExamStanding {
        let review = terms.review(at: now)
        return ExamStanding(
            decision: startDecision(at: now),
            runningAttempt: runningAttempt(at: now).map { .init(id: $0.id, state: $0.timing.state(at: now)) },
            attemptsUsed: attempts.count, terms: terms, visibleGrade: review.contains(.score) ? grade : nil, review: review)
    }
}
