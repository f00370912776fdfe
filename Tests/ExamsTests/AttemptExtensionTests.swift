import ExamPrepExams
import Foundation
import Testing

/// Extending a running attempt: only one that runs and has a deadline to move, and by a week
/// at most in all (what the database's CHECK allows; issue 35, item 7).
@Suite("Exams: extending an attempt")
struct AttemptExtensionTests {
    let running = AttemptTiming(startedAt: Clock.start, deadline: Clock.at(minutes: 30))

    @Test func extensionsAddUpToAWeekAtMost() {
        #expect(AttemptExtension.refusal(running, extendedMinutes: 0, adding: 1440) == nil)
        #expect(AttemptExtension.refusal(running, extendedMinutes: 8640, adding: 1440) == nil)
        #expect(AttemptExtension.refusal(running, extendedMinutes: 10_080, adding: 1) == .tooLong(maxMinutes: 10_080))
        #expect(AttemptExtension.refusal(running, extendedMinutes: 9000, adding: 1440) == .tooLong(maxMinutes: 10_080))
    }

    @Test func aSubmittedAttemptOrOneWithoutADeadlineIsNotExtended() {
        var submitted = running
        submitted.submittedAt = Clock.at(minutes: 10)
        #expect(AttemptExtension.refusal(submitted, extendedMinutes: 0, adding: 5) == .submitted)
        let unlimited = AttemptTiming(startedAt: Clock.start, deadline: nil)
        #expect(AttemptExtension.refusal(unlimited, extendedMinutes: 0, adding: 5) == .noDeadline)
        // Submitted comes first: there is nothing running to say more about.
        submitted.deadline = nil
        #expect(AttemptExtension.refusal(submitted, extendedMinutes: 10_080, adding: 5) == .submitted)
    }
}
