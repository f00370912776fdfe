import ExamPrepShared
import Foundation

/// A submitted attempt as its student may see it: only what the exam's review options show
/// at this moment (Moodle's review options). Without `score` and `correctness` a student sees
/// that it was submitted and nothing else, which also keeps per-question results from being
/// an oracle of the right answers while the exam is open. An essay not graded yet has neither
/// correctness nor points, and the attempt says `needsGrading` (its score is pending).
public enum ResultReview {
    public static func result(
        attemptID: Int, submittedAt: Date, autoSubmitted: Bool, grading: Grading, questions: [StoredQuestion],
        showing items: Set<ReviewItem>
    ) -> AttemptResult {
        let byQuestion = Dictionary(grading.questions.map { ($0.questionId, $0) }, uniquingKeysWith: { first, _ in first })
        let detailed = items.contains(.correctness) || items.contains(.answers) || items.contains(.feedback)
        let results: [QuestionResult]? =
            detailed
            ? questions.filter(\.kind.isScored).map { question in
                let graded = byQuestion[question.id]
                let final = items.contains(.correctness) && graded?.pending != true
                return QuestionResult(
                    questionId: question.id,
                    correct: final ? graded?.correct ?? false : nil,
                    points: final ? graded?.points ?? 0 : nil,
                    rightAnswer: items.contains(.answers) ? question.answer : nil,
                    feedback: items.contains(.feedback) ? graded?.feedback : nil)
            } : nil
        let showsScore = items.contains(.score)
        return AttemptResult(
            attemptId: attemptID, score: showsScore ? grading.score : nil, maxScore: showsScore ? grading.maxScore : nil,
            submittedAt: submittedAt, results: results, autoSubmitted: autoSubmitted, needsGrading: grading.needsGrading ? true : nil)
    }
}
