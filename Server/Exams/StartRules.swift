import ExamPrepShared
import Foundation

/// Why a student may not start an attempt now.
public enum StartRefusal: Sendable, Hashable {
    /// Not in the exam's course: the exam is out of sight (the API answers 404).
    case notEnrolled
    /// A draft: out of sight too.
    case notPublished
    /// Closed by its faculty member, or past the student's closing time.
    case closed
    case notOpenYet(opensAt: Date)
    case noAttemptsLeft(maxAttempts: Int)
    /// The exam asks for a pause between attempts; the next may start at `nextAt`.
    case tooSoon(nextAt: Date, pauseMinutes: Int)
    /// Its draws found no questions in the bank, and it has none of its own (found when
    /// drawing, not from a snapshot).
    case noQuestions

    /// The stable name of the reason: the `reason` of the API's 409.
    public var reason: ErrorReason {
        switch self {
        case .notEnrolled: .notEnrolled
        case .notPublished: .notPublished
        case .closed: .closed
        case .notOpenYet: .notOpenYet
        case .noAttemptsLeft: .noAttemptsLeft
        case .tooSoon: .tooSoon
        case .noQuestions: .noQuestions
        }
    }

    /// The student may not even see the exam (no reason is given: it would tell a draft from
    /// an exam of another course).
    public var hidesExam: Bool { self == .notEnrolled || self == .notPublished }

    /// The reason as a sentence about `exam` (the API names it by its number, a page by its
    /// title), with times written by `time` (the API writes ISO 8601; a page, the hour in the
    /// course's time zone).
    public func message(exam: ExamName, time: (Date) -> MessageValue) -> Message {
        let values: [String: MessageValue] = ["exam": .message(exam.name), "examInside": .message(exam.inSentence)]
        return switch self {
        case .notEnrolled, .notPublished: Message("start.not-open-to-you", values)
        case .closed: Message("start.closed", values)
        case .notOpenYet(let opensAt): Message("start.not-open-yet", values.merging(["time": time(opensAt)]) { $1 })
        case .noAttemptsLeft(let maxAttempts): Message("start.no-attempts-left", values.merging(["count": .integer(maxAttempts)]) { $1 })
        case .tooSoon(let nextAt, let pause):
            Message("start.too-soon", values.merging(["time": time(nextAt), "minutes": .integer(pause)]) { $1 })
        case .noQuestions: Message("start.no-questions", values)
        }
    }
}

/// How a sentence about starting names the exam: by its number (the API) or its title (a page).
public enum ExamName: Sendable, Hashable {
    case number(Int)
    case title(String)

    /// At the start of a sentence: "Exam 12", "Algebra".
    var name: Message {
        switch self {
        case .number(let id): Message("start.exam.number", ["id": .integer(id)])
        case .title(let title): Message("start.exam.title", ["title": .text(title)])
        }
    }

    /// Inside a sentence: "exam 12", "Algebra".
    var inSentence: Message {
        switch self {
        case .number(let id): Message("start.exam.number-inside", ["id": .integer(id)])
        case .title(let title): Message("start.exam.title-inside", ["title": .text(title)])
        }
    }
}

/// One rule of starting an attempt, as Moodle's quiz access rules are: each looks at the
/// student's snapshot of the exam and says why not, or nothing.
public protocol StartRule: Sendable {
    func refusal(_ exam: StudentExamSnapshot, at now: Date) -> StartRefusal?
}

/// The rules of starting an attempt, in the order they are asked: the first refusal is the
/// answer. `now` is the database's clock, passed in.
public enum StartRules {
    /// Only a student of the exam's course.
    public struct Enrollment: StartRule {
        public func refusal(_ exam: StudentExamSnapshot, at now: Date) -> StartRefusal? {
            exam.enrolled ? nil : .notEnrolled
        }
    }

    /// Only a published exam: a draft is out of sight, a closed one is closed.
    public struct Publication: StartRule {
        public func refusal(_ exam: StudentExamSnapshot, at now: Date) -> StartRefusal? {
            switch exam.terms.exam.status {
            case .draft: .notPublished
            case .closed: .closed
            case .published: nil
            }
        }
    }

    /// Only within the student's window: the override's where it sets one, else the exam's.
    public struct Window: StartRule {
        public func refusal(_ exam: StudentExamSnapshot, at now: Date) -> StartRefusal? {
            if let opensAt = exam.terms.opensAt, now < opensAt { return .notOpenYet(opensAt: opensAt) }
            if let closesAt = exam.terms.closesAt, now >= closesAt { return .closed }
            return nil
        }
    }

    /// No more attempts than the exam's and the override's extra ones (attempts of an earlier
    /// account of the same address count too).
    public struct AttemptsLeft: StartRule {
        public func refusal(_ exam: StudentExamSnapshot, at now: Date) -> StartRefusal? {
            exam.attempts.count < exam.terms.maxAttempts ? nil : .noAttemptsLeft(maxAttempts: exam.terms.maxAttempts)
        }
    }

    /// The exam's pause between the end of one attempt and the start of the next.
    public struct Pause: StartRule {
        public func refusal(_ exam: StudentExamSnapshot, at now: Date) -> StartRefusal? {
            guard let pause = exam.terms.exam.policy.minutesBetweenAttempts,
                let last = exam.attempts.compactMap({ $0.endedAt(at: now) }).max()
            else { return nil }
            let nextAt = last.addingTimeInterval(TimeInterval(pause) * 60)
            return now < nextAt ? .tooSoon(nextAt: nextAt, pauseMinutes: pause) : nil
        }
    }

    public static let all: [any StartRule] = [Enrollment(), Publication(), Window(), AttemptsLeft(), Pause()]

    /// The first rule's refusal, or nil: a new attempt may start.
    public static func refusal(_ exam: StudentExamSnapshot, at now: Date) -> StartRefusal? {
        for rule in all {
            if let refusal = rule.refusal(exam, at: now) { return refusal }
        }
        return nil
    }
}
