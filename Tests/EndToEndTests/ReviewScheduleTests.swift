import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

/// Spaced review through the client library, with the server's clock moved by hand: every
/// practised question gets a schedule, a right answer moves its due date out and a wrong one
/// brings it back the next day, to the day as the reference scheduler (py-fsrs 6.3.2, default
/// weights, no learning steps, a relearning step of one day, as
/// `Tests/SchedulingTests/generate_vectors.py` runs it) schedules the same reviews:
///
/// | reviews (each on its due day) | intervals in days |
/// |---|---|
/// | good, good, good, again, good | 2, 11, 46, 1, 5 |
/// | good, again, good | 2, 1, 2 |
/// | again, good, good | 1, 2, 6 |
/// | easy, again | 8, 1 |
/// | hard, good | 1, 5 |
@Suite("End to end: spaced review", .hangGuard)
struct ReviewScheduleTests {
    /// Monday 2 March 2026, 09:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_772_442_000)
    static let day: TimeInterval = 86_400

    /// The server follows `clock`; sessions last as long as the months these tests move it.
    static func configure(_ configuration: inout AppConfiguration, clock: TestClock) {
        configuration.clock = clock.serverClock
        configuration.refreshTokenLifetime = 400 * 86_400
    }

    /// One single-choice question (a prepared student takes 30 s: answered in 30 s it is
    /// `good`, at once `easy`, in 90 s `hard`), open for practice.
    @MainActor
    static func course(_ server: EndToEnd, clock: TestClock, timeZone: String? = nil) async throws -> (Classroom, Int) {
        let room = try await Classroom.open(server, clock: clock, timeZone: timeZone)
        let courseId = try #require(room.course.id)
        _ = try await room.faculty.faculty.createQuestion(
            QuestionDraft(
                kind: .singleChoice, prompt: "The capital of Peru?", points: 1,
                choices: [Choice(id: "a", text: "Lima"), Choice(id: "b", text: "Cusco")], answer: .text("a"), practice: true),
            courseId: courseId)
        return (room, courseId)
    }

    /// Practises the course's one question: answered right (Lima) or wrong (Cusco) after `seconds`.
    @MainActor
    static func practise(_ room: Classroom, courseId: Int, right: Bool, seconds: TimeInterval = 30, clock: TestClock)
        async throws -> PracticeFeedback
    {
        let session = try await room.student.student.startPractice(courseId: courseId)
        let question = try #require(session.questions.first)
        clock.advance(by: seconds)
        return try await room.student.student.answerPractice(
            PracticeAnswer(questionId: question.id, choiceIds: try question.choiceIDs(right ? "Lima" : "Cusco")),
            practiceId: session.practiceId)
    }

    /// The UTC day of `date` (`2026-03-04`).
    static func utcDay(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    @Test func aRightAnswerMovesTheDueDateOutAndAWrongOneBringsItBackTomorrowAsTheReferenceDoes() async throws {
        let clock = TestClock(Self.start)
        try await EndToEnd.run(configure: { Self.configure(&$0, clock: clock) }) { server in
            let (room, courseId) = try await Self.course(server, clock: clock)
            let student = room.student.student
            #expect(try await student.loadDueReviews().isEmpty, "nothing practised, nothing due")

            // good, good, good: 2, 11, 46 days.
            var intervals: [Int] = []
            for _ in 0..<3 {
                let feedback = try await Self.practise(room, courseId: courseId, right: true, clock: clock)
                #expect(feedback.rating == .good)
                intervals.append(feedback.nextReview.intervalDays)
                #expect(feedback.nextReview.due == clock.now.addingTimeInterval(Double(feedback.nextReview.intervalDays) * Self.day))
                #expect(feedback.nextReview.dueDate == Self.utcDay(feedback.nextReview.due) && feedback.nextReview.timeZone == "UTC")
                // Not due before its day; due on it (from its first minute), and listed so.
                clock.advance(by: Double(feedback.nextReview.intervalDays - 1) * Self.day)
                #expect(try await student.loadDueReviews(courseId: courseId).isEmpty)
                clock.advance(by: Self.day - 30)
                let due = try await student.loadDueReviews(courseId: courseId)
                #expect(due.map(\.dueDate) == [feedback.nextReview.dueDate])
                #expect(due.first?.reviews == intervals.count && due.first?.lapses == 0)
            }
            #expect(intervals == [2, 11, 46])

            // Then wrong: back the next day, however long it was known; then right: 5 days.
            let wrong = try await Self.practise(room, courseId: courseId, right: false, clock: clock)
            #expect(!wrong.correct && wrong.rating == .again && wrong.nextReview.intervalDays == 1)
            #expect(wrong.nextReview.dueDate == Self.utcDay(clock.now.addingTimeInterval(Self.day)))
            #expect(try await student.loadDueReviews().isEmpty)
            clock.advance(by: Self.day - 30)
            #expect(try await student.loadDueReviews().first?.lapses == 1)
            #expect(try await Self.practise(room, courseId: courseId, right: true, clock: clock).nextReview.intervalDays == 5)
        }
    }

    @Test func theAnswerTimeGivesTheRatingAndTheReferenceIntervals() async throws {
        let clock = TestClock(Self.start)
        try await EndToEnd.run(configure: { Self.configure(&$0, clock: clock) }) { server in
            let (room, courseId) = try await Self.course(server, clock: clock)

            // good, again, good: 2, 1, 2.
            var sequence: [(ReviewRating, Int)] = []
            for right in [true, false, true] {
                let feedback = try await Self.practise(room, courseId: courseId, right: right, clock: clock)
                sequence.append((feedback.rating, feedback.nextReview.intervalDays))
                clock.advance(by: Double(feedback.nextReview.intervalDays) * Self.day - 30)
            }
            #expect(sequence.map(\.0) == [.good, .again, .good] && sequence.map(\.1) == [2, 1, 2])

            // At once: easy, 8 days on a new question; then wrong: 1 day.
            let (other, otherCourse) = try await Self.course(server, clock: clock)
            let easy = try await Self.practise(other, courseId: otherCourse, right: true, seconds: 0, clock: clock)
            #expect(easy.rating == .easy && easy.nextReview.intervalDays == 8 && easy.answerSeconds == 0)
            clock.advance(by: 8 * Self.day)
            #expect(try await Self.practise(other, courseId: otherCourse, right: false, clock: clock).nextReview.intervalDays == 1)

            // Slowly (90 s for a 30 s question): hard, 1 day; then good: 5 days.
            let (slow, slowCourse) = try await Self.course(server, clock: clock)
            let hard = try await Self.practise(slow, courseId: slowCourse, right: true, seconds: 90, clock: clock)
            #expect(hard.rating == .hard && hard.nextReview.intervalDays == 1 && hard.answerSeconds == 90)
            clock.advance(by: Self.day - 30)
            #expect(try await Self.practise(slow, courseId: slowCourse, right: true, clock: clock).nextReview.intervalDays == 5)

            // A client may say it took less than the server saw, never more; away for over 10
            // minutes, the time is not used and a right answer is good.
            let (away, awayCourse) = try await Self.course(server, clock: clock)
            let session = try await away.student.student.startPractice(courseId: awayCourse)
            let question = try #require(session.questions.first)
            clock.advance(by: 3_600)
            let claimed = try await away.student.student.answerPractice(
                PracticeAnswer(questionId: question.id, choiceIds: try question.choiceIDs("Lima"), answerSeconds: 20),
                practiceId: session.practiceId)
            #expect(claimed.answerSeconds == 20 && claimed.rating == .good)
            let (late, lateCourse) = try await Self.course(server, clock: clock)
            let unused = try await Self.practise(late, courseId: lateCourse, right: true, seconds: 3_600, clock: clock)
            #expect(unused.answerSeconds == nil && unused.rating == .good)
        }
    }

    @Test func todayIsTheCoursesDay() async throws {
        let clock = TestClock(Self.start)  // 22:00 in Auckland (UTC+13 in March), 09:00 in UTC.
        try await EndToEnd.run(configure: { Self.configure(&$0, clock: clock) }) { server in
            let (auckland, aucklandCourse) = try await Self.course(server, clock: clock, timeZone: "Pacific/Auckland")
            let (utc, utcCourse) = try await Self.course(server, clock: clock)
            let there = try await Self.practise(auckland, courseId: aucklandCourse, right: false, clock: clock)
            let here = try await Self.practise(utc, courseId: utcCourse, right: false, clock: clock)
            #expect(there.nextReview.timeZone == "Pacific/Auckland" && there.nextReview.dueDate == "2026-03-03")
            #expect(here.nextReview.dueDate == "2026-03-03")

            // 11:30 UTC: already 3 March in Auckland, still 2 March in UTC.
            clock.advance(by: 2 * 3_600)
            #expect(try await auckland.student.student.loadDueReviews().map(\.dueDate) == ["2026-03-03"])
            #expect(try await utc.student.student.loadDueReviews().isEmpty)
            // The next day in UTC it is due there too.
            clock.advance(by: 13 * 3_600)
            #expect(try await utc.student.student.loadDueReviews().map(\.dueDate) == ["2026-03-03"])
        }
    }
}
