import ExamPrepExams
import ExamPrepShared
import Foundation
import Testing

/// Each rule of starting an attempt on its own, the order they are asked in, and the reason
/// each gives.
@Suite("Exams: starting an attempt")
struct StartRulesTests {
    let now = Clock.at(minutes: 0)

    func decision(_ terms: StudentTerms, enrolled: Bool = true, attempts: [AttemptRecord] = [], at now: Date? = nil) -> StartDecision {
        StudentExamSnapshot.of(terms, enrolled: enrolled, attempts: attempts).startDecision(at: now ?? self.now)
    }

    @Test func aStudentOfThePublishedExamsCourseStartsTheFirstAttempt() {
        #expect(decision(StudentTerms(exam: .published())) == .start(number: 1))
    }

    @Test func theExamIsOutOfSightOutsideItsCourseAndAsADraft() {
        #expect(decision(StudentTerms(exam: .published()), enrolled: false) == .refused(.notEnrolled))
        #expect(decision(StudentTerms(exam: ExamTerms(status: .draft))) == .refused(.notPublished))
        #expect(StartRefusal.notEnrolled.hidesExam && StartRefusal.notPublished.hidesExam && !StartRefusal.closed.hidesExam)
        // Even a running attempt is not resumed once its student left the course.
        let running = AttemptRecord.open(id: 5, number: 1, startedAt: Clock.at(minutes: -5), deadline: nil)
        #expect(decision(StudentTerms(exam: .published()), enrolled: false, attempts: [running]) == .refused(.notEnrolled))
    }

    @Test func aClosedExamIsClosed() {
        #expect(decision(StudentTerms(exam: ExamTerms(status: .closed, closedAt: Clock.at(minutes: -1)))) == .refused(.closed))
    }

    @Test func theWindowOpensAndClosesAndAnOverrideHasItsOwn() {
        let exam = ExamTerms.published(opensAt: Clock.at(minutes: 30), closesAt: Clock.at(minutes: 90))
        #expect(decision(StudentTerms(exam: exam)) == .refused(.notOpenYet(opensAt: Clock.at(minutes: 30))))
        #expect(decision(StudentTerms(exam: exam), at: Clock.at(minutes: 30)) == .start(number: 1))
        #expect(decision(StudentTerms(exam: exam), at: Clock.at(minutes: 90)) == .refused(.closed))
        // A make-up window before the exam's, and one that ends later.
        let early = StudentTerms(exam: exam, override: ExamOverride(opensAt: Clock.at(minutes: -60), closesAt: Clock.at(minutes: 10)))
        #expect(decision(early) == .start(number: 1))
        #expect(decision(early, at: Clock.at(minutes: 45)) == .refused(.closed))
        let later = StudentTerms(exam: exam, override: ExamOverride(closesAt: Clock.at(minutes: 180)))
        #expect(decision(later, at: Clock.at(minutes: 120)) == .start(number: 1))
    }

    @Test func attemptsRunOutAndAnOverrideGivesMore() {
        let exam = ExamTerms.published(maxAttempts: 2)
        let two = [
            AttemptRecord.submitted(id: 1, number: 1, at: Clock.at(minutes: -50)),
            AttemptRecord.submitted(id: 2, number: 2, at: Clock.at(minutes: -20)),
        ]
        #expect(decision(StudentTerms(exam: exam), attempts: Array(two.prefix(1))) == .start(number: 2))
        #expect(decision(StudentTerms(exam: exam), attempts: two) == .refused(.noAttemptsLeft(maxAttempts: 2)))
        #expect(decision(StudentTerms(exam: exam, override: ExamOverride(extraAttempts: 1)), attempts: two) == .start(number: 3))
        // An earlier, deleted account's attempts at the same address count too.
        let earlier = [AttemptRecord.submitted(id: 1, number: 1, at: Clock.at(minutes: -50), ofThisAccount: false)] + two.suffix(1)
        #expect(decision(StudentTerms(exam: exam), attempts: earlier) == .refused(.noAttemptsLeft(maxAttempts: 2)))
    }

    @Test func aPauseBetweenAttemptsCountsFromTheLastEnd() {
        let exam = ExamTerms.published(maxAttempts: 3, policy: ExamPolicy(minutesBetweenAttempts: 60))
        let last = AttemptRecord.submitted(id: 1, number: 1, at: Clock.at(minutes: -59), in: exam)
        #expect(decision(StudentTerms(exam: exam), attempts: [last]) == .refused(.tooSoon(nextAt: Clock.at(minutes: 1), pauseMinutes: 60)))
        #expect(decision(StudentTerms(exam: exam), attempts: [last], at: Clock.at(minutes: 1)) == .start(number: 2))
        // An attempt that ran out unsubmitted ended at its deadline, not when someone noticed.
        let ranOut = AttemptRecord.open(id: 2, number: 1, startedAt: Clock.at(minutes: -100), deadline: Clock.at(minutes: -70), in: exam)
        #expect(
            decision(StudentTerms(exam: exam), attempts: [ranOut], at: Clock.at(minutes: -20))
                == .refused(.tooSoon(nextAt: Clock.at(minutes: -10), pauseMinutes: 60)))
        #expect(decision(StudentTerms(exam: exam), attempts: [ranOut]) == .start(number: 2))
    }

    @Test func aRunningAttemptIsResumedWhateverTheOtherRulesSay() {
        let exam = ExamTerms.published(closesAt: Clock.at(minutes: 5), maxAttempts: 1)
        let running = AttemptRecord.open(id: 9, number: 1, startedAt: Clock.at(minutes: -10), deadline: Clock.at(minutes: 5), in: exam)
        #expect(decision(StudentTerms(exam: exam), attempts: [running]) == .resume(attemptID: 9))
        // Once it has ended, the rules speak: the window has closed.
        #expect(decision(StudentTerms(exam: exam), attempts: [running], at: Clock.at(minutes: 6)) == .refused(.closed))
    }

    @Test func theRulesAreAskedInOrderAndTheFirstRefusalIsTheAnswer() {
        let exam = ExamTerms(status: .closed, opensAt: Clock.at(minutes: 30), maxAttempts: 0)
        #expect(decision(StudentTerms(exam: exam), enrolled: false) == .refused(.notEnrolled))
        #expect(decision(StudentTerms(exam: exam)) == .refused(.closed))
        #expect(StartRules.all.count == 5)
    }

    @Test func eachRefusalHasAStableReasonAndASentence() {
        let iso: (Date) -> MessageValue = { .text($0.formatted(.iso8601)) }
        let cases: [(StartRefusal, ErrorReason, String)] = [
            (.closed, "closed", "Exam 12 is closed."),
            (.notOpenYet(opensAt: Clock.start), "not_open_yet", "Exam 12 opens at 2026-05-28T20:26:40Z."),
            (.noAttemptsLeft(maxAttempts: 1), "no_attempts_left", "You have used all 1 attempt at exam 12."),
            (.noAttemptsLeft(maxAttempts: 3), "no_attempts_left", "You have used all 3 attempts at exam 12."),
            (
                .tooSoon(nextAt: Clock.start, pauseMinutes: 60), "too_soon",
                "Exam 12 asks for a pause of 60 minutes between attempts; the next may start at 2026-05-28T20:26:40Z."
            ),
            (.noQuestions, "no_questions", "Exam 12 has no questions to give you; tell your teacher."),
            (.notEnrolled, "not_enrolled", "No exam 12 is open to you."),
        ]
        for (refusal, reason, message) in cases {
            #expect(refusal.reason == reason)
            #expect(Catalogue.of(.en).string(refusal.message(exam: .number(12), time: iso)) == message)
        }
        // A page names the exam by its title and writes the time as the course reads it.
        #expect(
            Catalogue.of(.en).string(
                StartRefusal.tooSoon(nextAt: Clock.start, pauseMinutes: 5).message(exam: .title("Algebra"), time: { _ in "10:40" }))
                == "Algebra asks for a pause of 5 minutes between attempts; the next may start at 10:40.")
    }
}

@Test func aRefusalIsSaidInPolishToo() {
    let polish = Catalogue.of(.pl)
    #expect(polish.string(StartRefusal.closed.message(exam: .number(12), time: { _ in "" })) == "Egzamin 12 jest zamknięty.")
    #expect(
        polish.string(StartRefusal.noAttemptsLeft(maxAttempts: 5).message(exam: .title("Ułamki"), time: { _ in "" }))
            == "Wykorzystano już wszystkie 5 podejść do egzaminu „Ułamki”.")
}
