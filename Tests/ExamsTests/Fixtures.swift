import ExamPrepExams
import ExamPrepShared
import Foundation

/// The fixed clock of these tests: 2026-05-28 20:26:40 UTC, and times counted from it.
enum Clock {
    static let start = Date(timeIntervalSince1970: 1_780_000_000)

    static func at(minutes: Double) -> Date { start.addingTimeInterval(minutes * 60) }
    static func at(seconds: Double) -> Date { start.addingTimeInterval(seconds) }
}

extension ExamTerms {
    static func published(
        opensAt: Date? = nil, closesAt: Date? = nil, maxAttempts: Int = 1, timeLimitMinutes: Int? = nil,
        policy: ExamPolicy = ExamPolicy()
    ) -> ExamTerms {
        ExamTerms(
            status: .published, opensAt: opensAt, closesAt: closesAt, maxAttempts: maxAttempts, timeLimitMinutes: timeLimitMinutes,
            policy: policy)
    }
}

extension StudentExamSnapshot {
    static func of(_ terms: StudentTerms, enrolled: Bool = true, attempts: [AttemptRecord] = []) -> StudentExamSnapshot {
        StudentExamSnapshot(examID: 12, courseID: 3, title: "Midterm", terms: terms, enrolled: enrolled, attempts: attempts)
    }
}

extension AttemptRecord {
    /// A submitted attempt of `terms`' exam, started `minutes` before its submission.
    static func submitted(
        id: Int, number: Int, at submittedAt: Date, score: Double = 1, maxScore: Double = 4, byServer: Bool = false,
        ofThisAccount: Bool = true, in exam: ExamTerms = .published()
    ) -> AttemptRecord {
        AttemptRecord(
            id: id, number: number,
            timing: AttemptTiming(
                startedAt: submittedAt.addingTimeInterval(-600), deadline: nil, exam: exam, submittedAt: submittedAt,
                submittedByServer: byServer),
            score: score, maxScore: maxScore, ofThisAccount: ofThisAccount)
    }

    /// An attempt that still runs (or ran out without being submitted yet).
    static func open(id: Int, number: Int, startedAt: Date, deadline: Date?, in exam: ExamTerms = .published()) -> AttemptRecord {
        AttemptRecord(id: id, number: number, timing: AttemptTiming(startedAt: startedAt, deadline: deadline, exam: exam))
    }
}

/// Questions as the grader sees them.
enum Questions {
    static func make(
        _ id: Int, _ kind: QuestionKind, points: Int = 2, choices: [StoredQuestion.StoredChoice] = [], correctValue: Bool? = nil,
        textAnswers: [TextAnswer] = [], key: AnswerKey = AnswerKey(), generalFeedback: String? = nil
    ) -> StoredQuestion {
        StoredQuestion(
            id: id, familyID: id, version: 1, kind: kind, prompt: "Question \(id)", points: points, choices: choices,
            correctValue: correctValue, textAnswers: textAnswers, key: key, textFormat: .moodle, generalFeedback: generalFeedback,
            bank: BankFields())
    }

    static func choice(_ key: String, correct: Bool = false, weight: Double? = nil, feedback: String? = nil)
        -> StoredQuestion.StoredChoice
    {
        StoredQuestion.StoredChoice(key: key, text: "Choice \(key)", correct: correct, weight: weight, feedback: feedback)
    }
}
