import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

/// Exam day through the client library, on the real server and PostgreSQL: extra time,
/// extensions, overrides, the server's own submission at the deadline, grading methods and
/// review options.
@Suite("End to end: exam day", .hangGuard)
struct ExamDayTests {
    @Test func aStudentWithTimeAndAHalfGets45Of30MinutesRunningAttemptsIncluded() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let first = try await room.publish(TrueFalseExam.draft("First", timeLimitMinutes: 30))
            let second = try await room.publish(TrueFalseExam.draft("Second", timeLimitMinutes: 30))
            let running = try await room.student.student.startAttempt(examId: first.id)
            #expect(running.timeLimitMinutes == 30 && running.baseTimeLimitMinutes == nil)
            #expect(minutes(from: running.startedAt, to: running.deadline) == 30)

            let stored = try await room.faculty.faculty.setAccommodation(
                student: room.studentId, course: try #require(room.course.id), timeMultiplier: 1.5, note: "Plan 2026 \"B\"")
            #expect(stored.timeMultiplier == 1.5 && stored.extraMinutes == 0 && stored.note == "Plan 2026 \"B\"")

            // The running attempt is stretched, and so is every exam of the course.
            let stretched = try await room.student.student.loadAttempt(running.attemptId)
            #expect(minutes(from: stretched.startedAt, to: stretched.deadline) == 45)
            #expect(stretched.timeLimitMinutes == 45 && stretched.baseTimeLimitMinutes == 30)
            let listed = try await room.student.student.loadExams()
            let summary = try #require(listed.first { $0.id == second.id })
            #expect(summary.timeLimitMinutes == 45 && summary.baseTimeLimitMinutes == 30)
            let new = try await room.student.student.startAttempt(examId: second.id)
            #expect(minutes(from: new.startedAt, to: new.deadline) == 45)

            // Extra minutes add to the stretched limit; removing it gives the exam's limit back.
            try await room.faculty.faculty.setAccommodation(
                student: room.studentId, course: try #require(room.course.id), timeMultiplier: 1.5, extraMinutes: 10)
            #expect(minutes(from: new.startedAt, to: try await room.student.student.loadAttempt(new.attemptId).deadline) == 55)
            try await room.faculty.faculty.removeAccommodation(student: room.studentId, course: try #require(room.course.id))
            #expect(minutes(from: new.startedAt, to: try await room.student.student.loadAttempt(new.attemptId).deadline) == 30)
        }
    }

    @Test func anExtensionMovesARunningDeadlineAndIsLogged() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let exam = try await room.publish(TrueFalseExam.draft(timeLimitMinutes: 30))
            let attempt = try await room.student.student.startAttempt(examId: exam.id)

            let extended = try await room.faculty.faculty.extendAttempt(attempt.attemptId, byMinutes: 10)
            #expect(minutes(from: attempt.startedAt, to: extended.deadline) == 40 && extended.extendedMinutes == 10)
            try await room.faculty.faculty.extendAttempt(attempt.attemptId, byMinutes: 5)
            #expect(minutes(from: attempt.startedAt, to: try await room.student.student.loadAttempt(attempt.attemptId).deadline) == 45)
            let listed = try await room.faculty.faculty.loadAttempts(examId: exam.id)
            #expect(listed.map(\.extendedMinutes) == [15] && listed.first?.submittedAt == nil)

            try await room.student.student.submit(attempt.attemptId, finalAnswers: TrueFalseExam.answers(attempt, right: 4))
            let kinds = try await room.faculty.faculty.attemptEvents(attempt.attemptId).map(\.kind)
            #expect(kinds == [.started, .extended, .extended, .saved, .submitted])
            await #expect(throws: APIError.self) { try await room.faculty.faculty.extendAttempt(attempt.attemptId, byMinutes: 5) }

            // Another teacher's attempt is not found, whatever its id.
            let stranger = server.makeClient()
            try await stranger.account.signUp(uniqueEmail("other-teacher"), role: .faculty)
            do {
                try await stranger.faculty.extendAttempt(attempt.attemptId, byMinutes: 5)
                Issue.record("another teacher extended the attempt")
            } catch let error as APIError {
                #expect(error.status == 404)
            }
        }
    }

    @Test func anOverrideGrantsASecondAttempt() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let exam = try await room.publish(TrueFalseExam.draft(maxAttempts: 1))
            let first = try await room.student.student.startAttempt(examId: exam.id)
            try await room.student.student.submit(first.attemptId, finalAnswers: TrueFalseExam.answers(first, right: 1))
            do {
                try await room.student.student.startAttempt(examId: exam.id)
                Issue.record("a second attempt started without an override")
            } catch let error as APIError {
                #expect(error.status == 409)
            }

            try await room.faculty.faculty.setOverride(ExamOverride(extraAttempts: 1), student: room.studentId, exam: exam.id)
            #expect(try await room.student.student.loadExams().first?.maxAttempts == 2)
            let second = try await room.student.student.startAttempt(examId: exam.id)
            #expect(second.number == 2)
            try await room.student.student.submit(second.attemptId, finalAnswers: TrueFalseExam.answers(second, right: 3))
            #expect(try await room.student.student.loadGrades().map(\.score) == [3])
        }
    }

    @Test func theServerSubmitsAnAttemptNobodyTouchesAtItsDeadlinePlusGrace() async throws {
        let clock = TestClock()
        try await EndToEnd.run(configure: { $0.clock = clock.serverClock }) { server in
            let room = try await Classroom.open(server, clock: clock)
            let exam = try await room.publish(TrueFalseExam.draft(timeLimitMinutes: 10, policy: ExamPolicy(graceSeconds: 30)))
            let attempt = try await room.student.student.startAttempt(examId: exam.id)
            try await room.student.student.save(TrueFalseExam.answers(attempt, right: 2).prefix(2).map { $0 }, in: attempt.attemptId)

            // Within the grace period a save still counts.
            clock.advance(by: 10 * 60 + 10)
            let late = [AnswerInput(questionId: attempt.questions[2].id, value: true)]
            #expect(try await room.student.student.save(late, in: attempt.attemptId).saved == 3)

            // Past it, nobody reads the attempt; the server's sweep submits it by itself.
            clock.advance(by: 30)
            let events = try await firstValue("the server to submit the attempt by itself") {
                let events = try await room.faculty.faculty.attemptEvents(attempt.attemptId)
                return events.contains { $0.kind == .autoSubmitted } ? events : nil
            }
            #expect(events.map(\.kind) == [.started, .saved, .saved, .autoSubmitted])
            let listed = try #require(try await room.faculty.faculty.loadAttempts(examId: exam.id).first)
            #expect(listed.autoSubmitted && listed.score == 3 && listed.maxScore == 4)
            let deadline = try #require(attempt.deadline)
            #expect(listed.submittedAt.map { abs($0.timeIntervalSince(deadline)) < 1 } == true)
            let result = try #require(try await room.student.student.loadAttempt(attempt.attemptId).result)
            #expect(result.autoSubmitted && result.score == 3)
        }
    }

    @Test func gradingMethodAverageOverTwoAttempts() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let exam = try await room.publish(
                TrueFalseExam.draft(questions: 4, maxAttempts: 2, policy: ExamPolicy(gradingMethod: .average)))
            for right in [4, 1] {
                let attempt = try await room.student.student.startAttempt(examId: exam.id)
                try await room.student.student.submit(attempt.attemptId, finalAnswers: TrueFalseExam.answers(attempt, right: right))
            }
            #expect(try await room.student.student.loadGrades().map(\.score) == [2.5])
            #expect(try await room.student.student.loadExams().first?.bestScore == 2.5)
            let book = try await room.faculty.faculty.loadGradeBook(try #require(room.course.id))
            #expect(book.map(\.score) == [2.5] && book.map(\.maxScore) == [4])
            let csv = try await room.faculty.faculty.gradeBookCSV(try #require(room.course.id))
            #expect(csv.text.contains(",2.5,4,"))
        }
    }

    @Test func reviewOptionsHideCorrectnessUntilTheExamCloses() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let review = ReviewOptions(afterSubmit: [], afterClose: [.score, .correctness, .answers])
            let exam = try await room.publish(TrueFalseExam.draft(policy: ExamPolicy(review: review)))
            let attempt = try await room.student.student.startAttempt(examId: exam.id)
            let submitted = try await room.student.student.submit(
                attempt.attemptId, finalAnswers: TrueFalseExam.answers(attempt, right: 3))
            #expect(submitted.score == nil && submitted.maxScore == nil && submitted.results == nil)
            let read = try #require(try await room.student.student.loadAttempt(attempt.attemptId).result)
            #expect(read.score == nil && read.results == nil)
            #expect(try await room.student.student.loadGrades().isEmpty)
            #expect(try await room.student.student.loadExams().first?.bestScore == nil)
            // Faculty see the score all along.
            #expect(try await room.faculty.faculty.loadAttempts(examId: exam.id).first?.score == 3)

            try await room.faculty.faculty.closeExam(exam.id)
            let closed = try #require(try await room.student.student.loadAttempt(attempt.attemptId).result)
            #expect(closed.score == 3 && closed.maxScore == 4)
            #expect(closed.results?.map(\.correct) == [true, true, true, false])
            #expect(closed.results?.allSatisfy { $0.rightAnswer == .bool(true) && $0.feedback == nil } == true)
            #expect(try await room.student.student.loadGrades().map(\.score) == [3])
        }
    }

    @Test func shuffledQuestionsKeepTheirOrderWhenAnAttemptIsResumed() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let exam = try await room.publish(
                TrueFalseExam.draft(questions: 20, policy: ExamPolicy(shuffleQuestions: true)))
            let started = try await room.student.student.startAttempt(examId: exam.id)
            let resumed = try await room.student.student.startAttempt(examId: exam.id)
            #expect(started.attemptId == resumed.attemptId)
            #expect(started.questions.map(\.id) == resumed.questions.map(\.id))
            #expect(Set(started.questions.map(\.id)) == Set(exam.questions.map(\.id)))
            // 20 questions in the exam's order by chance: one in 2.4 × 10^18.
            #expect(started.questions.map(\.id) != exam.questions.map(\.id))
        }
    }

    @Test func aPauseBetweenAttemptsIsKept() async throws {
        let clock = TestClock()
        try await EndToEnd.run(configure: { $0.clock = clock.serverClock }) { server in
            let room = try await Classroom.open(server, clock: clock)
            let exam = try await room.publish(
                TrueFalseExam.draft(timeLimitMinutes: nil, maxAttempts: 3, policy: ExamPolicy(minutesBetweenAttempts: 60)))
            let first = try await room.student.student.startAttempt(examId: exam.id)
            try await room.student.student.submit(first.attemptId)
            clock.advance(by: 59 * 60)
            do {
                try await room.student.student.startAttempt(examId: exam.id)
                Issue.record("an attempt started before the pause was over")
            } catch let error as APIError {
                #expect(error.status == 409 && error.localizedDescription.contains("60 minutes"))
            }
            clock.advance(by: 61)
            #expect(try await room.student.student.startAttempt(examId: exam.id).number == 2)
        }
    }

    @Test func aCourseKeepsItsTimeZoneAndAnUnknownOneIsRefused() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server, timeZone: "Europe/Warsaw")
            #expect(room.course.timeZone == "Europe/Warsaw")
            #expect(try await room.student.student.load().map(\.timeZone) == ["Europe/Warsaw"])
            let exam = try await room.publish(TrueFalseExam.draft())
            #expect(try await room.student.student.startAttempt(examId: exam.id).timeZone == "Europe/Warsaw")
            for bad in ["Mars/Olympus_Mons", "", "Europe/Warsaw\u{301}", "Europe/\"Warsaw\""] {
                do {
                    try await room.faculty.faculty.create(name: "Zoned \(bad.count)", description: "Somewhere", timeZone: bad)
                    Issue.record("the time zone '\(bad)' was taken")
                } catch let error as APIError {
                    #expect(error.status == 400 && error.localizedDescription.contains("timeZone"))
                }
            }
        }
    }
}

/// Whole minutes from `start` to `end` (nil without an end).
func minutes(from start: Date, to end: Date?) -> Int? {
    end.map { Int(($0.timeIntervalSince(start) / 60).rounded()) }
}
