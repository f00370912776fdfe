import ExamPrepExams
import ExamPrepScheduling
import ExamPrepShared

/// How a practice answer becomes an FSRS rating: a wrong answer is `again`; a right one is
/// rated by its time against what the question should take a prepared student
/// (`AnswerTimeThresholds.standard`: faster than half of it is `easy`, slower than twice
/// it `hard`, else `good`).
///
/// The time is the server's: from the session's start, or its previous answer, to this
/// answer's arrival. A client may say it took less (it knows when it showed the question;
/// the server's measure also holds the reading of the previous feedback), never more. A time
/// beyond `capSeconds` says the student was away, not slow: it is unusable, and a right
/// answer is then `good`.
enum PracticeTiming {
    static let capSeconds = 600.0

    /// Seconds a prepared student takes, by kind.
    static func expectedSeconds(for question: StoredQuestion) -> Double {
        switch question.kind {
        case .trueFalse: 15
        case .singleChoice: 30
        case .multipleChoice, .shortAnswer: 45
        case .numerical: 60
        case .matching: max(30, 15 * Double(question.key.items?.count ?? 0))
        case .essay, .description: 0  // never practised
        }
    }

    /// The seconds counted: the server's measure, or the client's when smaller; nil past the cap.
    static func seconds(measured: Double, claimed: Double?) -> Double? {
        let counted = min(max(measured, 0), claimed ?? .infinity)
        return counted <= capSeconds ? (counted * 100).rounded() / 100 : nil
    }

    static func rating(correct: Bool, seconds: Double?, question: StoredQuestion) -> Rating {
        Rating.from(correct: correct, answerSeconds: seconds ?? .nan, expectedSeconds: expectedSeconds(for: question))
    }
}

extension ReviewRating {
    init(_ rating: Rating) {
        switch rating {
        case .again: self = .again
        case .hard: self = .hard
        case .good: self = .good
        case .easy: self = .easy
        }
    }
}
