import ExamPrepExams
import ExamPrepShared
import Foundation
import Testing

/// A student's own terms: the override's window, attempts and limit, the accommodation's
/// stretch, and the deadline worked out from them.
@Suite("Exams: a student's terms and deadline")
struct StudentTermsTests {
    @Test func anAccommodationStretchesTheLimitRoundedUpToAWholeMinutePlusExtraMinutes() {
        let exam = ExamTerms.published(timeLimitMinutes: 30)
        #expect(StudentTerms(exam: exam).timeLimitMinutes == 30)
        #expect(StudentTerms(exam: exam, accommodation: Accommodation(timeMultiplier: 1.5)).timeLimitMinutes == 45)
        #expect(StudentTerms(exam: exam, accommodation: Accommodation(timeMultiplier: 1.5, extraMinutes: 10)).timeLimitMinutes == 55)
        // 30 × 1.1 is 33.000000000000004 in binary floating point: still 33 minutes.
        #expect(StudentTerms(exam: exam, accommodation: Accommodation(timeMultiplier: 1.1)).timeLimitMinutes == 33)
        // 25 × 1.33 = 33.25, rounded up to 34.
        #expect(
            StudentTerms(exam: .published(timeLimitMinutes: 25), accommodation: Accommodation(timeMultiplier: 1.33)).timeLimitMinutes == 34)
        // Extra minutes alone, and no limit at all.
        #expect(StudentTerms(exam: exam, accommodation: Accommodation(extraMinutes: 5)).timeLimitMinutes == 35)
        #expect(StudentTerms(exam: .published(), accommodation: Accommodation(timeMultiplier: 2, extraMinutes: 5)).timeLimitMinutes == nil)
    }

    @Test func theExamsLimitIsReportedOnlyWhenTheStudentsDiffers() {
        let exam = ExamTerms.published(timeLimitMinutes: 40)
        #expect(StudentTerms(exam: exam).baseTimeLimitMinutes == nil)
        let stretched = StudentTerms(exam: exam, accommodation: Accommodation(timeMultiplier: 1.5))
        #expect(stretched.timeLimitMinutes == 60 && stretched.baseTimeLimitMinutes == 40)
        let overridden = StudentTerms(exam: exam, override: ExamOverride(timeLimitMinutes: 20))
        #expect(overridden.timeLimitMinutes == 20 && overridden.baseTimeLimitMinutes == 40)
        // The override's limit is the one an accommodation stretches.
        let both = StudentTerms(exam: exam, override: ExamOverride(timeLimitMinutes: 20), accommodation: Accommodation(timeMultiplier: 2))
        #expect(both.timeLimitMinutes == 40 && both.baseTimeLimitMinutes == nil)
    }

    @Test func anOverrideSetsItsOwnWindowAndAttemptsWhereItSaysSo() {
        let exam = ExamTerms.published(opensAt: Clock.at(minutes: 0), closesAt: Clock.at(minutes: 60), maxAttempts: 2)
        let later = StudentTerms(exam: exam, override: ExamOverride(extraAttempts: 1, closesAt: Clock.at(minutes: 120)))
        #expect(later.opensAt == Clock.at(minutes: 0) && later.closesAt == Clock.at(minutes: 120) && later.maxAttempts == 3)
        let own = StudentTerms(exam: exam, override: ExamOverride(opensAt: Clock.at(minutes: -60), closesAt: Clock.at(minutes: -30)))
        #expect(own.opensAt == Clock.at(minutes: -60) && own.closesAt == Clock.at(minutes: -30) && own.maxAttempts == 2)
    }

    @Test func theDeadlineIsTheStartPlusTheLimitCappedByTheStudentsClosingThenExtended() {
        let start = Clock.at(minutes: 0)
        let exam = ExamTerms.published(closesAt: Clock.at(minutes: 40), timeLimitMinutes: 30)
        #expect(StudentTerms(exam: exam).deadline(startedAt: start, extensionMinutes: 0) == Clock.at(minutes: 30))
        // A limit stretched past the exam's closing ends at the closing…
        let stretched = StudentTerms(exam: exam, accommodation: Accommodation(timeMultiplier: 2))
        #expect(stretched.timeLimitMinutes == 60)
        #expect(stretched.deadline(startedAt: start, extensionMinutes: 0) == Clock.at(minutes: 40))
        // …unless the student's own window closes later,
        let ownWindow = StudentTerms(
            exam: exam, override: ExamOverride(closesAt: Clock.at(minutes: 90)), accommodation: Accommodation(timeMultiplier: 2))
        #expect(ownWindow.deadline(startedAt: start, extensionMinutes: 0) == Clock.at(minutes: 60))
        // and an extension moves the deadline past the closing: it comes after the cap.
        #expect(stretched.deadline(startedAt: start, extensionMinutes: 15) == Clock.at(minutes: 55))
    }

    @Test func withoutALimitAnAttemptEndsAtTheClosingOrNever() {
        let start = Clock.at(minutes: 0)
        #expect(
            StudentTerms(exam: .published(closesAt: Clock.at(minutes: 45))).deadline(startedAt: start, extensionMinutes: 0)
                == Clock.at(minutes: 45))
        #expect(StudentTerms(exam: .published()).deadline(startedAt: start, extensionMinutes: 10) == nil)
    }

    @Test func reviewShowsTheAfterCloseOptionsOnceTheExamIsOverForEveryone() {
        let review = ReviewOptions(afterSubmit: [.score], afterClose: [.score, .correctness, .answers])
        // Closing at 60, but another student's make-up window closes at 75.
        var exam = ExamTerms.published(closesAt: Clock.at(minutes: 60), policy: ExamPolicy(review: review))
        exam.extent = ExamExtent(latestOverrideClosing: Clock.at(minutes: 75))
        let terms = StudentTerms(exam: exam)
        #expect(terms.review(at: Clock.at(minutes: 60)) == [.score])
        #expect(terms.review(at: Clock.at(minutes: 74)) == [.score] && !exam.isOver(at: Clock.at(minutes: 74)))
        #expect(terms.review(at: Clock.at(minutes: 75)) == [.score, .correctness, .answers])
        // Not over before its faculty member closes it when nothing says when (no closing).
        #expect(StudentTerms(exam: .published(policy: ExamPolicy(review: review))).review(at: Clock.at(minutes: 9_999)) == [.score])
        // Closing the exam by hand shows the after-close options at once.
        var closed = exam
        closed.status = .closed
        closed.closedAt = Clock.at(minutes: 10)
        #expect(StudentTerms(exam: closed).review(at: Clock.at(minutes: 11)) == [.score, .correctness, .answers])
    }

    @Test func byDefaultAStudentSeesTheScoreOnlyUntilNobodyCanStillAnswer() {
        // An exam with the default review options, closing at 60, one attempt in grace till 61.
        var exam = ExamTerms.published(closesAt: Clock.at(minutes: 60), policy: ExamPolicy(graceSeconds: 60))
        exam.extent = ExamExtent(latestRunningDeadline: Clock.at(minutes: 60))
        let terms = StudentTerms(exam: exam)
        #expect(terms.review(at: Clock.at(minutes: 10)) == [.score])
        #expect(terms.review(at: Clock.at(minutes: 60.5)) == [.score])
        #expect(terms.review(at: Clock.at(minutes: 61)) == Set(ReviewItem.allCases))
    }
}
