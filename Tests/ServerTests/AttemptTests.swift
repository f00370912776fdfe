import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

@Suite("Attempts and grading", .hangGuard)
struct AttemptTests {
    /// A server on a clock the test moves, with tokens that outlive every move.
    static func run(clock: TestClock, _ body: @escaping @Sendable (TestServer) async throws -> Void) async throws {
        try await TestServer.run(configure: {
            $0.clock = clock.serverClock
            $0.accessTokenLifetime = 7 * 24 * 3600
        }) { server in try await body(server) }
    }

    @Test func aStudentTakesAnExamAndSeesNoAnswersBeforeSubmitting() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let exam = try await server.publishedExam(courseID: course.id!, token: faculty.token)

            let listed = try await server.get(APIPaths.studentExams, token: student.token).expect(.ok)
            #expect(!ExamFixtures.containsAnswerKey(try JSONSerialization.jsonObject(with: listed.body)))
            let summary = try #require(try listed.decode([StudentExamSummary].self).first)
            #expect(summary.id == exam.id && summary.attemptsUsed == 0 && summary.maxAttempts == 1 && summary.bestScore == nil)
            #expect(summary.maxScore == 7 && summary.questionCount == 4)

            let started = try await server.startAttempt(exam.id, token: student.token).expect(.created)
            #expect(!ExamFixtures.containsAnswerKey(try JSONSerialization.jsonObject(with: started.body)))
            let attempt = try started.decode(StudentAttempt.self)
            #expect(attempt.number == 1 && attempt.deadline == nil && attempt.result == nil && attempt.answers.isEmpty)
            #expect(attempt.questions.map(\.id) == exam.questions.map(\.id))

            let again = try await server.startAttempt(exam.id, token: student.token).expect(.ok).decode(StudentAttempt.self)
            #expect(again.attemptId == attempt.attemptId)

            let answersPath = APIPaths.attemptAnswers(attempt.attemptId)
            let wrong = ExamFixtures.wrongAnswers(attempt.questions)
            let firstSave = try await server.send(.put, answersPath, json: SaveAnswersRequest(answers: wrong), token: student.token)
            #expect(try firstSave.expect(.ok).decode(SaveAnswersResponse.self).saved == 4)
            let right = ExamFixtures.rightAnswers(attempt.questions)
            try await server.send(.put, answersPath, json: SaveAnswersRequest(answers: right), token: student.token).expect(.ok)

            let read = try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).expect(.ok)
            #expect(!ExamFixtures.containsAnswerKey(try JSONSerialization.jsonObject(with: read.body)))
            #expect(try read.decode(StudentAttempt.self).answers == right)

            let result = try await server.post(APIPaths.submitAttempt(attempt.attemptId), raw: "", token: student.token)
                .expect(.ok).decode(AttemptResult.self)
            #expect(result.score == 7 && result.maxScore == 7)
            #expect(result.results?.map(\.points) == [1, 2, 1, 3])
            #expect(result.results?.allSatisfy { $0.correct == true } == true)

            try await server.post(APIPaths.submitAttempt(attempt.attemptId), raw: "", token: student.token).expect(.conflict)
            try await server.send(.put, answersPath, json: SaveAnswersRequest(answers: right), token: student.token).expect(.conflict)
            let afterwards = try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).decode(StudentAttempt.self)
            #expect(afterwards.result == result)
            try await server.startAttempt(exam.id, token: student.token).expect(.conflict)

            let grades = try await server.get(APIPaths.studentGrades, token: student.token).expect(.ok).decode([StudentGrade].self)
            #expect(grades.map(\.score) == [7] && grades.first?.examTitle == "Midterm")
            let book = try await server.get(APIPaths.facultyGrades + "?courseId=\(course.id!)", token: faculty.token)
                .expect(.ok).decode([GradeBookEntry].self)
            #expect(book.map(\.studentId) == [student.userId!] && book.map(\.score) == [7])
        }
    }

    @Test func answersThatDoNotFitTheExamAre400() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let exam = try await server.publishedExam(courseID: course.id!, token: faculty.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).decode(StudentAttempt.self)
            let (single, multiple, truth, short) = (
                attempt.questions[0].id, attempt.questions[1].id, attempt.questions[2].id, attempt.questions[3].id
            )
            let bad: [AnswerInput] = [
                AnswerInput(questionId: 999_999, value: true),
                AnswerInput(questionId: single, choiceIds: ["a", "b"]),
                AnswerInput(questionId: single, choiceIds: ["z"]),
                AnswerInput(questionId: multiple, choiceIds: ["a", "a"]),
                AnswerInput(questionId: truth, text: "yes"),
                AnswerInput(questionId: short, value: true),
                AnswerInput(questionId: short, text: String(repeating: "x", count: 2001)),
            ]
            for answer in bad {
                let reply = try await server.send(
                    .put, APIPaths.attemptAnswers(attempt.attemptId), json: SaveAnswersRequest(answers: [answer]), token: student.token)
                #expect(reply.status == .badRequest, "\(answer): \(reply.text)")
            }
            let twice = SaveAnswersRequest(answers: [
                AnswerInput(questionId: truth, value: true), AnswerInput(questionId: truth, value: false),
            ])
            try await server.send(.put, APIPaths.attemptAnswers(attempt.attemptId), json: twice, token: student.token).expect(.badRequest)
            // An empty answer clears the question.
            try await server.send(
                .put, APIPaths.attemptAnswers(attempt.attemptId),
                json: SaveAnswersRequest(answers: [AnswerInput(questionId: truth, value: true)]),
                token: student.token
            ).expect(.ok)
            let cleared = try await server.send(
                .put, APIPaths.attemptAnswers(attempt.attemptId), json: SaveAnswersRequest(answers: [AnswerInput(questionId: truth)]),
                token: student.token)
            #expect(try cleared.expect(.ok).decode(SaveAnswersResponse.self).saved == 0)
        }
    }

    @Test func aDeadlinePassesBetweenSavingAndSubmitting() async throws {
        let clock = TestClock()
        try await Self.run(clock: clock) { server in
            let (faculty, student, course) = try await server.classroom()
            let exam = try await server.publishedExam(
                ExamFixtures.everyKind(timeLimitMinutes: 10), courseID: course.id!, token: faculty.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            let deadline = try #require(attempt.deadline)
            #expect(abs(deadline.timeIntervalSince(attempt.startedAt) - 600) < 1)

            let right = ExamFixtures.rightAnswers(attempt.questions)
            clock.advance(by: 9 * 60)
            try await server.send(
                .put, APIPaths.attemptAnswers(attempt.attemptId), json: SaveAnswersRequest(answers: [right[0], right[3]]),
                token: student.token
            ).expect(.ok)
            clock.advance(by: 2 * 60)
            let late = try await server.send(
                .put, APIPaths.attemptAnswers(attempt.attemptId), json: SaveAnswersRequest(answers: right), token: student.token)
            #expect(late.status == .conflict)

            // Submitted with what was saved in time; the final answers sent late do not count.
            let result = try await server.post(
                APIPaths.submitAttempt(attempt.attemptId), json: SaveAnswersRequest(answers: right), token: student.token
            ).expect(.ok).decode(AttemptResult.self)
            #expect(result.score == 4 && result.maxScore == 7)
            #expect(abs(result.submittedAt.timeIntervalSince(deadline)) < 1)
        }
    }

    @Test func anAttemptPastItsDeadlineIsGradedOnTheNextRead() async throws {
        let clock = TestClock()
        try await Self.run(clock: clock) { server in
            let (faculty, student, course) = try await server.classroom()
            let closesAt = clock.now.addingTimeInterval(5 * 60)
            let exam = try await server.publishedExam(
                ExamFixtures.everyKind(timeLimitMinutes: 60, closesAt: closesAt), courseID: course.id!, token: faculty.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).decode(StudentAttempt.self)
            #expect(attempt.deadline.map { abs($0.timeIntervalSince(closesAt)) < 1 } == true)
            try await server.send(
                .put, APIPaths.attemptAnswers(attempt.attemptId),
                json: SaveAnswersRequest(answers: ExamFixtures.rightAnswers(attempt.questions)), token: student.token
            ).expect(.ok)
            clock.advance(by: 6 * 60)
            let read = try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).expect(.ok)
                .decode(StudentAttempt.self)
            #expect(read.result?.score == 7 && read.result?.autoSubmitted == true)
            // A submit that meets the server's own at the deadline gets its result, not an error.
            let submitted = try await server.post(APIPaths.submitAttempt(attempt.attemptId), raw: "", token: student.token)
                .expect(.ok).decode(AttemptResult.self)
            #expect(submitted.autoSubmitted && submitted.score == 7 && submitted.submittedAt == read.submittedAt)
            // The exam's window has closed for new attempts too.
            try await server.startAttempt(exam.id, token: student.token).expect(.conflict)
        }
    }

    @Test func anExamOpensAtItsTimeAndClosingEndsOpenAttempts() async throws {
        let clock = TestClock()
        try await Self.run(clock: clock) { server in
            let (faculty, student, course) = try await server.classroom()
            let exam = try await server.publishedExam(
                ExamFixtures.everyKind(opensAt: clock.now.addingTimeInterval(3600)), courseID: course.id!, token: faculty.token)
            let early = try await server.startAttempt(exam.id, token: student.token)
            #expect(early.status == .conflict)
            clock.advance(by: 3601)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)

            try await server.send(.post, APIPaths.closeExam(exam.id), token: faculty.token).expect(.ok)
            clock.advance(by: 1)
            try await server.send(
                .put, APIPaths.attemptAnswers(attempt.attemptId),
                json: SaveAnswersRequest(answers: ExamFixtures.rightAnswers(attempt.questions)), token: student.token
            ).expect(.conflict)
            // The next read submits it (the sweep may or may not have come first: it runs on the
            // wall clock, so the test does not wait for it).
            let ended = try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).expect(.ok)
                .decode(StudentAttempt.self)
            #expect(ended.submittedAt != nil && ended.result?.score == 0)
            let book = try await server.get(APIPaths.facultyGrades + "?courseId=\(course.id!)", token: faculty.token)
                .decode([GradeBookEntry].self)
            #expect(book.map(\.score) == [0])
            #expect(try await server.get(APIPaths.studentExams, token: student.token).decode([StudentExamSummary].self).isEmpty)
        }
    }

    @Test func aRemovedStudentLosesOpenAttemptsButKeepsGrades() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let exam = try await server.publishedExam(ExamFixtures.everyKind(maxAttempts: 2), courseID: course.id!, token: faculty.token)
            let first = try await server.startAttempt(exam.id, token: student.token).decode(StudentAttempt.self)
            try await server.post(
                APIPaths.submitAttempt(first.attemptId), json: SaveAnswersRequest(answers: ExamFixtures.rightAnswers(first.questions)),
                token: student.token
            ).expect(.ok)
            let second = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)

            try await server.delete(APIPaths.rosterStudent(course.id!, student.userId!), token: faculty.token).expect(.ok)

            try await server.get(APIPaths.attempt(second.attemptId), token: student.token).expect(.notFound)
            try await server.send(
                .put, APIPaths.attemptAnswers(second.attemptId), json: SaveAnswersRequest(answers: []), token: student.token
            ).expect(.notFound)
            try await server.post(APIPaths.submitAttempt(second.attemptId), raw: "", token: student.token).expect(.notFound)
            try await server.startAttempt(exam.id, token: student.token).expect(.notFound)
            #expect(try await server.get(APIPaths.studentExams, token: student.token).decode([StudentExamSummary].self).isEmpty)

            let grades = try await server.get(APIPaths.studentGrades, token: student.token).decode([StudentGrade].self)
            #expect(grades.map(\.score) == [7])
            let book = try await server.get(APIPaths.facultyGrades + "?courseId=\(course.id!)", token: faculty.token)
                .decode([GradeBookEntry].self)
            #expect(book.map(\.score) == [7])
        }
    }

    @Test func aStudentPokingAtAnotherCoursesExamGets404() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom("Mine")
            let otherCourse = try await server.createCourse("Not mine", token: faculty.token)
            let foreign = try await server.publishedExam(courseID: otherCourse.id!, token: faculty.token)
            let draft = try await server.createExam(ExamFixtures.everyKind(), courseID: course.id!, token: faculty.token)

            let foreignStart = try await server.startAttempt(foreign.id, token: student.token)
            #expect(foreignStart.status == .notFound)
            #expect(foreignStart.error?.error == .notFound)
            try await server.startAttempt(draft.id, token: student.token).expect(.notFound)
            try await server.startAttempt(999_999, token: student.token).expect(.notFound)
            #expect(try await server.get(APIPaths.studentExams, token: student.token).decode([StudentExamSummary].self).isEmpty)

            // Another student's attempt is not reachable either.
            let classmate = try await server.signUp(uniqueEmail(), role: .student)
            try await server.enroll(otherCourse, token: classmate.token)
            let theirs = try await server.startAttempt(foreign.id, token: classmate.token).decode(StudentAttempt.self)
            let answers = SaveAnswersRequest(answers: ExamFixtures.rightAnswers(theirs.questions))
            for reply in [
                try await server.get(APIPaths.attempt(theirs.attemptId), token: student.token),
                try await server.send(.put, APIPaths.attemptAnswers(theirs.attemptId), json: answers, token: student.token),
                try await server.post(APIPaths.submitAttempt(theirs.attemptId), json: answers, token: student.token),
            ] {
                #expect(reply.status == .notFound)
                #expect(
                    reply.error?.error == .notFound && reply.error?.message != Catalogue.of(.en).string(HTTPFailure.noSuchRoute.message),
                    "\(reply.text)")
            }
            let untouched = try await server.get(APIPaths.attempt(theirs.attemptId), token: classmate.token).decode(StudentAttempt.self)
            #expect(untouched.answers.isEmpty && untouched.submittedAt == nil)
        }
    }

    @Test func theGradeBookKeepsTheBestAttemptAndExportsCSV() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let title = "=Quiz, \"one\""
            let exam = try await server.publishedExam(
                ExamFixtures.everyKind(title: title, maxAttempts: 3), courseID: course.id!, token: faculty.token)
            for answers in [ExamFixtures.wrongAnswers, ExamFixtures.rightAnswers, ExamFixtures.wrongAnswers] {
                let attempt = try await server.startAttempt(exam.id, token: student.token).decode(StudentAttempt.self)
                try await server.post(
                    APIPaths.submitAttempt(attempt.attemptId), json: SaveAnswersRequest(answers: answers(attempt.questions)),
                    token: student.token
                ).expect(.ok)
            }
            let path = APIPaths.facultyGrades + "?courseId=\(course.id!)"
            let book = try await server.get(path, token: faculty.token).expect(.ok).decode([GradeBookEntry].self)
            #expect(book.map(\.score) == [7])
            #expect(book.first?.examTitle == title)

            let csv = try await server.send(.get, path, token: faculty.token, headers: [.accept: "text/csv"]).expect(.ok)
            #expect(csv.headers[.contentType]?.hasPrefix("text/csv") == true)
            let lines = csv.text.split(separator: "\r\n", omittingEmptySubsequences: true)
            #expect(
                lines.first
                    == "\u{FEFF}name,studentNumber,email,examTitle,percent,score,maxScore,submittedAt,studentId,examId,attemptId,grade")
            let entry = try #require(book.first)
            // The course's zone (UTC here), as a spreadsheet reads a date and time.
            let stamp = entry.submittedAt.formatted(
                Date.VerbatimFormatStyle(
                    format:
                        "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits)",
                    timeZone: TimeZone(identifier: "UTC")!, calendar: Calendar(identifier: .gregorian)))
            let ids = "\(entry.studentId ?? 0),\(entry.examId),\(entry.attemptId)"
            #expect(lines.dropFirst().first == ",,\(entry.email),\"'=Quiz, \"\"one\"\"\",100,7,7,\(stamp),\(ids),")
            // Polish spreadsheets: `;` (asked for, or the reader's language) and a decimal comma.
            for polish in ["&locale=pl", "&separator=semicolon"] {
                let text = try await server.send(.get, path + polish, token: faculty.token, headers: [.accept: "text/csv"]).expect(.ok).text
                let rows = text.split(separator: "\r\n", omittingEmptySubsequences: true)
                #expect(rows.first?.hasPrefix("\u{FEFF}name;studentNumber;email;examTitle;percent;") == true)
                #expect(
                    rows.dropFirst().first
                        == ";;\(entry.email);\"'=Quiz, \"\"one\"\"\";100;7;7;\(stamp);\(ids.replacingOccurrences(of: ",", with: ";"));")
            }
            let polish = try await server.send(.get, path, token: faculty.token, headers: [.accept: "text/csv", .acceptLanguage: "pl"])
                .expect(.ok)
            #expect(polish.text.hasPrefix("\u{FEFF}name;studentNumber;"))
            let english = try await server.send(
                .get, path + "&locale=en", token: faculty.token, headers: [.accept: "text/csv", .acceptLanguage: "pl"]
            ).expect(.ok)
            #expect(english.text.hasPrefix("\u{FEFF}name,studentNumber,"))
            for bad in [
                "&separator=tab", "&locale=de", "&separator=",
                "&locale=pl\u{301}".addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? "",
            ] {
                try await server.send(.get, path + bad, token: faculty.token, headers: [.accept: "text/csv"]).expect(.badRequest)
            }
            try await server.get(APIPaths.facultyGrades, token: faculty.token).expect(.badRequest)
            try await server.get(APIPaths.facultyGrades + "?courseId=x", token: faculty.token).expect(.badRequest)
        }
    }
}
