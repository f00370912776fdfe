import ExamPrepExams
import ExamPrepShared
import Foundation
import Testing

/// Moodle's grading methods over one student's attempts, and the grade a page may show.
@Suite("Exams: grading methods")
struct GradingMethodTests {
    func scored(_ id: Int, number: Int, score: Double, minutes: Double, maxScore: Double = 4) -> ScoredAttempt {
        ScoredAttempt(id: id, number: number, score: score, maxScore: maxScore, submittedAt: Clock.at(minutes: minutes))
    }

    @Test func highestTakesTheBestScoreAndTheEarliestOfEqualOnes() {
        let attempts = [
            scored(10, number: 1, score: 2, minutes: 10), scored(11, number: 2, score: 3.5, minutes: 20),
            scored(12, number: 3, score: 3.5, minutes: 30),
        ]
        let grade = GradingMethod.highest.grade(attempts)
        #expect(grade == ExamGrade(score: 3.5, maxScore: 4, attemptID: 11, submittedAt: Clock.at(minutes: 20), attempts: 3))
        #expect(GradingMethod.highest.grade(attempts.reversed())?.attemptID == 11)
    }

    @Test func averageRoundsToTwoDecimalsHalfAwayFromZeroAndComesFromTheLastAttempt() {
        let attempts = [scored(1, number: 1, score: 4, minutes: 10), scored(2, number: 2, score: 1, minutes: 20, maxScore: 5)]
        #expect(
            GradingMethod.average.grade(attempts)
                == ExamGrade(score: 2.5, maxScore: 5, attemptID: 2, submittedAt: Clock.at(minutes: 20), attempts: 2))
        // 1.23 and 1.24 average 1.235: 1.24, where binary floating point would say 1.2349999.
        let halves = [scored(1, number: 1, score: 1.23, minutes: 1), scored(2, number: 2, score: 1.24, minutes: 2)]
        #expect(GradingMethod.average.grade(halves)?.score == 1.24)
        let thirds = [1, 2, 3].map { scored($0, number: $0, score: $0 == 1 ? 1 : 0, minutes: Double($0)) }
        #expect(GradingMethod.average.grade(thirds)?.score == 0.33)
    }

    @Test func aGradeOverAnAttemptWithAnEssayNotGradedYetIsPending() {
        var pending = scored(1, number: 1, score: 1, minutes: 10)
        pending.needsGrading = true
        let attempts = [pending, scored(2, number: 2, score: 3, minutes: 20)]
        #expect(GradingMethod.average.grade(attempts)?.needsGrading == true)
        #expect(GradingMethod.highest.grade(attempts)?.needsGrading == true, "the pending one may still be the best")
        #expect(GradingMethod.first.grade(attempts)?.needsGrading == true)
        #expect(GradingMethod.last.grade(attempts)?.needsGrading == false, "the last attempt's score is final")
        #expect(GradingMethod.allCases.allSatisfy { $0.grade([scored(3, number: 1, score: 2, minutes: 1)])?.needsGrading == false })
    }

    @Test func firstAndLastGoByNumberNotByTime() {
        let attempts = [scored(7, number: 2, score: 3, minutes: 5), scored(5, number: 1, score: 1, minutes: 50)]
        #expect(GradingMethod.first.grade(attempts)?.attemptID == 5 && GradingMethod.first.grade(attempts)?.score == 1)
        #expect(GradingMethod.last.grade(attempts)?.attemptID == 7 && GradingMethod.last.grade(attempts)?.score == 3)
        #expect(GradingMethod.allCases.allSatisfy { $0.grade([]) == nil })
    }

    @Test func anAbandonedAttemptIsNotGradedSoFirstAndLastSkipIt() {
        // Attempt 1 was abandoned (never submitted, no deadline): it counts as used, not graded.
        let exam = ExamTerms.published(maxAttempts: 3, policy: ExamPolicy(gradingMethod: .first))
        let abandoned = AttemptRecord.open(id: 1, number: 1, startedAt: Clock.at(minutes: -90), deadline: nil, in: exam)
        let second = AttemptRecord.submitted(id: 2, number: 2, at: Clock.at(minutes: -30), score: 2, in: exam)
        let third = AttemptRecord.submitted(id: 3, number: 3, at: Clock.at(minutes: -10), score: 4, in: exam)
        var snapshot = StudentExamSnapshot.of(StudentTerms(exam: exam), attempts: [abandoned, second, third])
        #expect(snapshot.grade?.attemptID == 2 && snapshot.grade?.attempts == 2)
        snapshot.terms.exam.policy.gradingMethod = .last
        #expect(snapshot.grade?.attemptID == 3)
        // The last attempt abandoned: "last" is the last graded one.
        let lastAbandoned = AttemptRecord.open(id: 4, number: 4, startedAt: Clock.at(minutes: -5), deadline: nil, in: exam)
        snapshot.attempts = [second, third, lastAbandoned]
        #expect(snapshot.grade?.attemptID == 3)
        // One the server submitted at its deadline with nothing saved is graded, with its 0.
        snapshot.attempts = [second, .submitted(id: 5, number: 3, at: Clock.at(minutes: -1), score: 0, byServer: true, in: exam)]
        #expect(snapshot.grade?.attemptID == 5 && snapshot.grade?.score == 0)
    }

    @Test func anEarlierAccountsAttemptsDoNotMakeThisAccountsGrade() {
        let exam = ExamTerms.published(maxAttempts: 2)
        let snapshot = StudentExamSnapshot.of(
            StudentTerms(exam: exam),
            attempts: [
                .submitted(id: 1, number: 1, at: Clock.at(minutes: -30), score: 4, ofThisAccount: false),
                .submitted(id: 2, number: 2, at: Clock.at(minutes: -10), score: 1),
            ])
        #expect(snapshot.grade?.attemptID == 2 && snapshot.grade?.score == 1)
    }

    @Test func aPageShowsTheGradeOnlyWhenTheReviewOptionsShowTheScore() {
        let review = ReviewOptions(afterSubmit: [], afterClose: [.score])
        let exam = ExamTerms.published(closesAt: Clock.at(minutes: 60), policy: ExamPolicy(review: review))
        let snapshot = StudentExamSnapshot.of(StudentTerms(exam: exam), attempts: [.submitted(id: 1, number: 1, at: Clock.at(minutes: 5))])
        let before = snapshot.standing(at: Clock.at(minutes: 10))
        #expect(before.visibleGrade == nil && before.review.isEmpty && before.attemptsUsed == 1)
        #expect(before.decision == .refused(.noAttemptsLeft(maxAttempts: 1)))
        #expect(snapshot.standing(at: Clock.at(minutes: 60)).visibleGrade?.score == 1)
    }

    @Test func aPageSeesTheRunningAttemptWithItsState() {
        let exam = ExamTerms.published(timeLimitMinutes: 30, policy: ExamPolicy(graceSeconds: 30))
        let running = AttemptRecord.open(id: 4, number: 1, startedAt: Clock.at(minutes: -30), deadline: Clock.at(minutes: 0), in: exam)
        let standing = StudentExamSnapshot.of(StudentTerms(exam: exam), attempts: [running]).standing(at: Clock.at(seconds: 10))
        #expect(standing.decision == .resume(attemptID: 4))
        #expect(standing.runningAttempt == .init(id: 4, state: .overdue(deadline: Clock.start, graceEndsAt: Clock.at(seconds: 30))))
    }
}
