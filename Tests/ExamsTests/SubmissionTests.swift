import ExamPrepExams
import ExamPrepShared
import Foundation
import Testing

/// Submitting, by the student or by the server: what counts, who submitted, as of when, the
/// grade and what the student sees of it.
@Suite("Exams: submitting an attempt")
struct SubmissionTests {
    /// Over for everyone at its closing (no attempt runs past it).
    let exam = ExamTerms.published(
        closesAt: Clock.at(minutes: 120), timeLimitMinutes: 30,
        policy: ExamPolicy(graceSeconds: 60, review: ReviewOptions(afterSubmit: [.score], afterClose: ReviewItem.allCases)))

    var timing: AttemptTiming { AttemptTiming(startedAt: Clock.start, deadline: Clock.at(minutes: 30), exam: exam) }

    @Test func aStudentsSubmitOnTimeTakesTheFinalAnswersAndCountsNow() {
        #expect(
            Submission.byStudent(timing, at: Clock.at(minutes: 20))
                == .grade(Submission(submittedAt: Clock.at(minutes: 20), byServer: false, takesFinalAnswers: true)))
        // In grace, it is still the student's, late.
        #expect(
            Submission.byStudent(timing, at: Clock.at(seconds: 30 * 60 + 30))
                == .grade(Submission(submittedAt: Clock.at(seconds: 30 * 60 + 30), byServer: false, takesFinalAnswers: true)))
        #expect(Submission.byServer(timing, at: Clock.at(seconds: 30 * 60 + 30)) == nil)
    }

    @Test func pastItsEndTheSubmitIsTheServersWithWhatWasSaved() {
        let servers = Submission(submittedAt: Clock.at(minutes: 30), byServer: true, takesFinalAnswers: false)
        #expect(Submission.byStudent(timing, at: Clock.at(minutes: 40)) == .grade(servers))
        #expect(Submission.byServer(timing, at: Clock.at(minutes: 40)) == servers)
    }

    @Test func aSecondSubmitIsRefusedUnlessItMetTheServersAtTheDeadline() {
        var submitted = timing
        submitted.submittedAt = Clock.at(minutes: 20)
        #expect(Submission.byStudent(submitted, at: Clock.at(minutes: 21)) == .alreadySubmitted)
        #expect(Submission.byServer(submitted, at: Clock.at(minutes: 50)) == nil)
        submitted.submittedByServer = true
        #expect(Submission.byStudent(submitted, at: Clock.at(minutes: 50)) == .serverResult)
    }

    @Test func anAccountBeingDeletedHasItsOpenAttemptSubmittedByTheServer() {
        #expect(
            Submission.onAccountDeletion(timing, at: Clock.at(minutes: 10))
                == Submission(submittedAt: Clock.at(minutes: 10), byServer: true, takesFinalAnswers: false))
        #expect(Submission.onAccountDeletion(timing, at: Clock.at(minutes: 50)).submittedAt == Clock.at(minutes: 30))
    }

    @Test func theResultShowsWhatTheReviewOptionsShowAtThatMoment() throws {
        let question = Questions.make(1, .trueFalse, points: 3, correctValue: true)
        let submission = Submission(submittedAt: Clock.at(minutes: 20), byServer: false, takesFinalAnswers: true)
        let grading = submission.grade([question], answers: [AnswerInput(questionId: 1, value: true)])
        #expect(grading.score == 3 && grading.maxScore == 3)
        let terms = StudentTerms(exam: exam)
        let early = submission.result(attemptID: 7, grading: grading, questions: [question], terms: terms, at: Clock.at(minutes: 21))
        #expect(early.score == 3 && early.results == nil && early.submittedAt == Clock.at(minutes: 20) && !early.autoSubmitted)
        let late = submission.result(attemptID: 7, grading: grading, questions: [question], terms: terms, at: Clock.at(minutes: 120))
        let detail = try #require(late.results?.first)
        #expect(detail.correct == true && detail.points == 3 && detail.rightAnswer == .bool(true))
    }
}
