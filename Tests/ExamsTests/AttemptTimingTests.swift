import ExamPrepExams
import ExamPrepShared
import Foundation
import Testing

/// An attempt's state at fixed moments: in progress, overdue in its grace period, submitted by
/// its student or by the server; its end, and when it counts as submitted.
@Suite("Exams: an attempt's state")
struct AttemptTimingTests {
    let deadline = Clock.at(minutes: 30)

    func timing(grace: Int = 0, closedAt: Date? = nil) -> AttemptTiming {
        AttemptTiming(startedAt: Clock.at(minutes: 0), deadline: deadline, examClosedAt: closedAt, graceSeconds: grace)
    }

    @Test func beforeItsDeadlineAnAttemptIsInProgressAndTakesAnswers() {
        let timing = timing(grace: 60)
        #expect(timing.state(at: Clock.at(minutes: 29)) == .inProgress(deadline: deadline))
        #expect(timing.takesAnswers(at: Clock.at(minutes: 29)))
        #expect(AttemptTiming(startedAt: Clock.start, deadline: nil).state(at: Clock.at(minutes: 10_000)) == .inProgress(deadline: nil))
    }

    @Test func inItsGracePeriodItIsOverdueAndStillTakesTheSavesOnTheirWay() {
        let timing = timing(grace: 60)
        let graceEnds = Clock.at(seconds: 30 * 60 + 60)
        #expect(timing.end == graceEnds)
        for now in [deadline, Clock.at(seconds: 30 * 60 + 59)] {
            #expect(timing.state(at: now) == .overdue(deadline: deadline, graceEndsAt: graceEnds))
            #expect(timing.takesAnswers(at: now) && !timing.hasEnded(at: now))
        }
    }

    @Test func atTheEndOfGraceTheServerSubmitsItAsOfItsDeadline() {
        let timing = timing(grace: 60)
        for now in [Clock.at(seconds: 30 * 60 + 60), Clock.at(minutes: 45)] {
            #expect(timing.hasEnded(at: now) && !timing.takesAnswers(at: now))
            #expect(timing.state(at: now) == .submittedByServer(at: deadline))
            #expect(timing.submissionTime(at: now) == deadline)
        }
        // Without grace it ends at its deadline.
        #expect(self.timing().state(at: deadline) == .submittedByServer(at: deadline))
    }

    @Test func closingTheExamEndsItsAttemptsAtOnceWithoutGrace() {
        let closedAt = Clock.at(minutes: 10)
        let timing = timing(grace: 300, closedAt: closedAt)
        #expect(timing.effectiveDeadline == closedAt && timing.end == closedAt)
        #expect(timing.state(at: Clock.at(minutes: 9)) == .inProgress(deadline: closedAt))
        #expect(timing.state(at: closedAt) == .submittedByServer(at: closedAt))
        // An attempt without a deadline ends at the closing too.
        let unlimited = AttemptTiming(startedAt: Clock.start, deadline: nil, examClosedAt: closedAt)
        #expect(unlimited.hasEnded(at: closedAt) && unlimited.submissionTime(at: Clock.at(minutes: 20)) == closedAt)
    }

    @Test func aSubmittedAttemptSaysWhoSubmittedIt() {
        var timing = timing()
        timing.submittedAt = Clock.at(minutes: 12)
        #expect(timing.state(at: Clock.at(minutes: 50)) == .submitted(at: Clock.at(minutes: 12)))
        #expect(!timing.takesAnswers(at: Clock.at(minutes: 13)) && !timing.hasEnded(at: Clock.at(minutes: 50)))
        timing.submittedByServer = true
        #expect(timing.state(at: Clock.at(minutes: 50)) == .submittedByServer(at: Clock.at(minutes: 12)))
    }

    @Test func anAttemptGradedBeforeItsEndCountsAsSubmittedNow() {
        let timing = timing(grace: 60)
        #expect(timing.submissionTime(at: Clock.at(minutes: 20)) == Clock.at(minutes: 20))
        // In grace, the student's own submit is late but theirs: submitted now.
        #expect(timing.submissionTime(at: Clock.at(seconds: 30 * 60 + 30)) == Clock.at(seconds: 30 * 60 + 30))
    }
}
