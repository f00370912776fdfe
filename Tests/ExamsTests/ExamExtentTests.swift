import ExamPrepExams
import ExamPrepShared
import Foundation
import Testing

/// When an exam is over for everyone and when it counts as open for anyone: its closing moved
/// on by overrides' windows and by the attempts still running (issue 35, item 3).
@Suite("Exams: when an exam is over for everyone")
struct ExamExtentTests {
    /// Closing at 60, with two minutes of grace.
    var exam: ExamTerms { .published(closesAt: Clock.at(minutes: 60), policy: ExamPolicy(graceSeconds: 120)) }

    @Test func itIsOverAtTheLatestOfItsClosingAnOverridesClosingAndTheLastRunningAttemptsEnd() {
        #expect(exam.overAt == Clock.at(minutes: 60))
        var extended = exam
        // An attempt extended to 70 ends at 72 (grace); a make-up window closes at 65.
        extended.extent = ExamExtent(latestOverrideClosing: Clock.at(minutes: 65), latestRunningDeadline: Clock.at(minutes: 70))
        #expect(extended.overAt == Clock.at(minutes: 72))
        #expect(!extended.isOver(at: Clock.at(minutes: 71)) && extended.isOver(at: Clock.at(minutes: 72)))
        // A make-up window closing after every attempt's end.
        extended.extent.latestOverrideClosing = Clock.at(minutes: 90)
        #expect(extended.overAt == Clock.at(minutes: 90))
        // An attempt whose end has passed (the sweep has not submitted it yet) holds nothing up.
        extended.extent = ExamExtent(latestRunningDeadline: Clock.at(minutes: 20))
        #expect(extended.overAt == Clock.at(minutes: 60))
        // An override that closes earlier than the exam does not end it sooner.
        extended.extent = ExamExtent(latestOverrideClosing: Clock.at(minutes: 30))
        #expect(extended.overAt == Clock.at(minutes: 60))
    }

    @Test func withoutAClosingOrWithAnAttemptWithoutADeadlineItIsOverOnlyWhenClosedByHand() {
        #expect(ExamTerms.published().overAt == nil && !ExamTerms.published().isOver(at: Clock.at(minutes: 99_999)))
        var unbounded = exam
        unbounded.extent = ExamExtent(latestRunningDeadline: Clock.at(minutes: 70), runsWithoutDeadline: true)
        #expect(unbounded.overAt == nil && !unbounded.isOver(at: Clock.at(minutes: 9_999)))
        // Closing it by hand ends every attempt at once, whatever still runs.
        unbounded.status = .closed
        unbounded.closedAt = Clock.at(minutes: 40)
        #expect(unbounded.overAt == Clock.at(minutes: 40) && unbounded.isOver(at: Clock.at(minutes: 40)))
    }

    @Test func itIsOpenForAnyoneFromTheEarliestOpeningUntilItIsOver() {
        var terms = ExamTerms.published(
            opensAt: Clock.at(minutes: 0), closesAt: Clock.at(minutes: 60), policy: ExamPolicy(graceSeconds: 120))
        #expect(!terms.isOpenForAnyone(at: Clock.at(minutes: -1)) && terms.isOpenForAnyone(at: Clock.at(minutes: 0)))
        #expect(terms.isOpenForAnyone(at: Clock.at(minutes: 59)) && !terms.isOpenForAnyone(at: Clock.at(minutes: 60)))
        // An override's earlier window opens it for that student, so for anyone; its later window
        // keeps it open through the gap before it.
        terms.extent = ExamExtent(earliestOverrideOpening: Clock.at(minutes: -30), latestOverrideClosing: Clock.at(minutes: 200))
        #expect(terms.isOpenForAnyone(at: Clock.at(minutes: -30)) && !terms.isOpenForAnyone(at: Clock.at(minutes: -31)))
        #expect(terms.isOpenForAnyone(at: Clock.at(minutes: 120)) && !terms.isOpenForAnyone(at: Clock.at(minutes: 200)))
        // An override opening later than the exam does not hold its opening back.
        terms.extent = ExamExtent(earliestOverrideOpening: Clock.at(minutes: 30))
        #expect(terms.isOpenForAnyone(at: Clock.at(minutes: 0)))
        // The grace period of the last attempt counts as open.
        terms.extent = ExamExtent(latestRunningDeadline: Clock.at(minutes: 60))
        #expect(terms.isOpenForAnyone(at: Clock.at(minutes: 61)) && !terms.isOpenForAnyone(at: Clock.at(minutes: 62)))
        // Without an opening it is open from its publishing; a draft or a closed exam never is.
        #expect(ExamTerms.published().isOpenForAnyone(at: Clock.at(minutes: -9_999)))
        #expect(!ExamTerms(status: .draft).isOpenForAnyone(at: Clock.at(minutes: 0)))
        #expect(!ExamTerms(status: .closed, closedAt: Clock.at(minutes: -1)).isOpenForAnyone(at: Clock.at(minutes: 0)))
    }
}
