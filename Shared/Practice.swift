import Foundation

// MARK: - Practice sessions (students)

/// `POST /api/students/courses/{courseId}/practice`: which questions to practise. Every field
/// may be left out: the whole course's practice questions, 10 of them.
public struct PracticeRequest: Codable, Sendable, Hashable {
    /// A topic path (`algebra/groups`): questions of that topic and the topics below it.
    public var topic: String?
    /// How many questions, 1…50 (default 10).
    public var count: Int?
    /// Only questions among the student's mistakes.
    public var onlyMistakes: Bool?
    /// Only questions due for spaced review today.
    public var onlyDue: Bool?

    public init(topic: String? = nil, count: Int? = nil, onlyMistakes: Bool? = nil, onlyDue: Bool? = nil) {
        self.topic = topic
        self.count = count
        self.onlyMistakes = onlyMistakes
        self.onlyDue = onlyDue
    }
}

/// `201` answer to `POST /api/students/courses/{courseId}/practice`: the session and its
/// questions, without answers. A question's `id` is the question's id in the bank (it stays
/// the same across versions), the id that answers, mistakes and reviews name.
public struct PracticeSession: Codable, Sendable, Hashable {
    public var practiceId: Int
    public var courseId: Int
    public var startedAt: Date
    public var questions: [StudentQuestion]
    /// When no question was offered: how many open for practice (of the topic asked for) are
    /// held back while an exam that uses them is open. Absent otherwise (and from older servers).
    public var heldBack: Int?

    public init(practiceId: Int, courseId: Int, startedAt: Date, questions: [StudentQuestion], heldBack: Int? = nil) {
        self.practiceId = practiceId
        self.courseId = courseId
        self.startedAt = startedAt
        self.questions = questions
        self.heldBack = heldBack
    }
}

/// `POST /api/students/practice/{practiceId}/answers`: one answer, as an exam's answers are
/// written (`choiceIds`, `value`, `text`, `number` or `matches`), and optionally how many
/// seconds the student took by the client's clock (the server keeps the smaller of that and
/// its own measure).
public struct PracticeAnswer: Codable, Sendable, Hashable {
    public var questionId: Int
    public var choiceIds: [String]?
    public var value: Bool?
    public var text: String?
    public var number: Double?
    public var matches: [String: String]?
    public var answerSeconds: Double?

    public init(
        questionId: Int, choiceIds: [String]? = nil, value: Bool? = nil, text: String? = nil, number: Double? = nil,
        matches: [String: String]? = nil, answerSeconds: Double? = nil
    ) {
        self.questionId = questionId
        self.choiceIds = choiceIds
        self.value = value
        self.text = text
        self.number = number
        self.matches = matches
        self.answerSeconds = answerSeconds
    }

    /// The same answer for an exam's question (`AnswerInput`), seconds left out.
    public init(_ answer: AnswerInput, answerSeconds: Double? = nil) {
        self.init(
            questionId: answer.questionId, choiceIds: answer.choiceIds, value: answer.value, text: answer.text, number: answer.number,
            matches: answer.matches, answerSeconds: answerSeconds)
    }

    /// The answer alone, as grading reads it.
    public var response: AnswerInput {
        AnswerInput(questionId: questionId, choiceIds: choiceIds, value: value, text: text, number: number, matches: matches)
    }
}

/// How a practice answer went, at once: right or not, the points it would earn in an exam,
/// the author's feedback, the right answer (as an exam's review shows it), and when the
/// question comes back for review. Practice never counts toward grades.
public struct PracticeFeedback: Codable, Sendable, Hashable {
    public var questionId: Int
    public var correct: Bool
    public var points: Double
    public var maxPoints: Int
    public var feedback: String?
    public var rightAnswer: QuestionAnswer?
    /// The rating the answer gave the spaced-review scheduler.
    public var rating: ReviewRating
    /// The answer's time as the server counted it (nil when unusable: over the cap).
    public var answerSeconds: Double?
    /// When the question is due for review next.
    public var nextReview: ReviewDue

    public init(
        questionId: Int, correct: Bool, points: Double, maxPoints: Int, feedback: String?, rightAnswer: QuestionAnswer?,
        rating: ReviewRating, answerSeconds: Double?, nextReview: ReviewDue
    ) {
        self.questionId = questionId
        self.correct = correct
        self.points = points
        self.maxPoints = maxPoints
        self.feedback = feedback
        self.rightAnswer = rightAnswer
        self.rating = rating
        self.answerSeconds = answerSeconds
        self.nextReview = nextReview
    }
}

/// FSRS's four ratings, as a practice answer earns them: a wrong answer is `again`; a right
/// one is `easy` when fast, `hard` when slow, `good` otherwise.
public enum ReviewRating: String, Codable, Sendable, Hashable, CaseIterable {
    case again, hard, good, easy
}

/// When a question is due: the moment (UTC), that moment's date in the course's time zone
/// (`2026-11-25`), the zone, and the whole days from the last review.
public struct ReviewDue: Codable, Sendable, Hashable {
    public var due: Date
    public var dueDate: String
    public var timeZone: String
    public var intervalDays: Int

    public init(due: Date, dueDate: String, timeZone: String, intervalDays: Int) {
        self.due = due
        self.dueDate = dueDate
        self.timeZone = timeZone
        self.intervalDays = intervalDays
    }
}

// MARK: - Spaced review and mistakes (students)

/// One question of `GET /api/students/review/due`: due for review today (in its course's time
/// zone), with its schedule.
public struct DueReview: Codable, Sendable, Hashable {
    public var questionId: Int
    public var courseId: Int
    public var question: StudentQuestion
    public var due: Date
    public var dueDate: String
    public var timeZone: String
    public var lastReviewedAt: Date
    /// How often it was practised, and how often answered wrong.
    public var reviews: Int
    public var lapses: Int

    public init(
        questionId: Int, courseId: Int, question: StudentQuestion, due: Date, dueDate: String, timeZone: String, lastReviewedAt: Date,
        reviews: Int, lapses: Int
    ) {
        self.questionId = questionId
        self.courseId = courseId
        self.question = question
        self.due = due
        self.dueDate = dueDate
        self.timeZone = timeZone
        self.lastReviewedAt = lastReviewedAt
        self.reviews = reviews
        self.lapses = lapses
    }
}

/// Where a mistake was made.
public enum MistakeSource: String, Codable, Sendable, Hashable, CaseIterable {
    case exam, practice
}

/// One question of `GET /api/students/mistakes`: answered wrong (in a submitted attempt whose
/// review options show correctness, or in practice) and not answered right since.
public struct Mistake: Codable, Sendable, Hashable {
    public var questionId: Int
    public var courseId: Int
    public var question: StudentQuestion
    public var lastWrongAt: Date
    public var wrongCount: Int
    /// Where the latest wrong answer was given; `examId` and `examTitle` when in an exam.
    public var source: MistakeSource
    public var examId: Int?
    public var examTitle: String?
    /// Whether it can be practised now (a bank question open for practice, in no open exam).
    public var practiceable: Bool

    public init(
        questionId: Int, courseId: Int, question: StudentQuestion, lastWrongAt: Date, wrongCount: Int, source: MistakeSource,
        examId: Int? = nil, examTitle: String? = nil, practiceable: Bool
    ) {
        self.questionId = questionId
        self.courseId = courseId
        self.question = question
        self.lastWrongAt = lastWrongAt
        self.wrongCount = wrongCount
        self.source = source
        self.examId = examId
        self.examTitle = examTitle
        self.practiceable = practiceable
    }
}

// MARK: - Opening questions for practice (faculty)

/// `POST /api/faculty/courses/{courseId}/questions/practice`: opens (or closes) bank questions
/// for practice: those of `topic` (and below it) carrying every one of `tags`, or the ones
/// `questionIds` names; with neither, the whole bank.
public struct PracticeMarking: Codable, Sendable, Hashable {
    public var topic: String?
    public var tags: [String]?
    public var questionIds: [Int]?
    public var practice: Bool

    public init(topic: String? = nil, tags: [String]? = nil, questionIds: [Int]? = nil, practice: Bool) {
        self.topic = topic
        self.tags = tags
        self.questionIds = questionIds
        self.practice = practice
    }
}

/// `200` answer to `POST /api/faculty/courses/{courseId}/questions/practice`: how many
/// questions changed (those already so are not counted). When questions were opened,
/// `heldBack` says how many of those selected an exam open now can draw: students are not
/// offered them until that exam is over (absent when closing; older servers never send it).
public struct PracticeMarkingResult: Codable, Sendable, Hashable {
    public var success: Bool
    public var changed: Int
    public var heldBack: Int?

    public init(success: Bool = true, changed: Int, heldBack: Int? = nil) {
        self.success = success
        self.changed = changed
        self.heldBack = heldBack
    }
}
