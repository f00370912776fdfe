import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Essays (issue 41): answered in text of up to 20,000 characters through the usual save,
/// pending until graded by hand, left out of statistics until then, and graded only within
/// the rules: every refusal a 4xx that changes nothing.
@Suite("Essays", .hangGuard)
struct EssayTests {
    static let essay = QuestionDraft(kind: .essay, prompt: "Why is the sky blue?", points: 4, answer: nil, graderInfo: "Rayleigh.")

    static func exam() -> ExamDraft {
        var draft = ExamFixtures.everyKind()
        draft.questions.append(essay)
        draft.policy = ExamPolicy(review: ReviewOptions(afterSubmit: [.score, .correctness, .feedback]))
        return draft
    }

    /// A published exam with the essay last, one attempt started: its ids.
    static func started(_ server: TestServer) async throws -> (
        faculty: LoginResponse, student: LoginResponse, exam: Exam, attempt: StudentAttempt
    ) {
        let (faculty, student, course) = try await server.classroom()
        let exam = try await server.publishedExam(Self.exam(), courseID: try #require(course.id), token: faculty.token)
        let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
        return (faculty, student, exam, attempt)
    }

    @Test func anEssayIsSavedLikeAnyAnswerWithinItsLimits() async throws {
        try await TestServer.run { server in
            let (_, student, exam, attempt) = try await Self.started(server)
            let essayID = try #require(attempt.questions.last?.id)
            #expect(attempt.questions.last?.kind == .essay && attempt.questions.last?.points == 4)
            let body = String(data: try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).body, encoding: .utf8)
            #expect(body?.contains("Rayleigh") == false, "grader information is never shown to students")
            #expect(exam.questions.last?.graderInfo == "Rayleigh.")

            let path = APIPaths.attemptAnswers(attempt.attemptId)
            let longest = String(repeating: "e\u{301}", count: 20_000)
            for text in ["A \"quoted\" 'answer' e\u{301}\u{302}\u{303}.", "\u{301}\u{301} starts with marks", longest, ""] {
                let save = SaveAnswersRequest(answers: [AnswerInput(questionId: essayID, text: text)])
                try await server.send(.put, path, json: save, token: student.token).expect(.ok)
                // The same save again (a retry) changes nothing.
                try await server.send(.put, path, json: save, token: student.token).expect(.ok)
                let read = try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).decode(StudentAttempt.self)
                #expect(read.answers.first { $0.questionId == essayID }?.text == text)
            }
            for text in [String(repeating: "a", count: 20_001), "NUL \u{0} inside"] {
                let save = SaveAnswersRequest(answers: [AnswerInput(questionId: essayID, text: text)])
                QuestionBankInputTests.expectRefusal(
                    try await server.send(.put, path, json: save, token: student.token), .badRequest, mentioning: "text")
            }
            let save = SaveAnswersRequest(answers: [AnswerInput(questionId: essayID, value: true)])
            QuestionBankInputTests.expectRefusal(try await server.send(.put, path, json: save, token: student.token), .badRequest)
            let read = try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).decode(StudentAttempt.self)
            #expect(read.answers.first { $0.questionId == essayID }?.text == "", "the refused saves changed nothing")
        }
    }

    @Test func aPendingAttemptIsLeftOutOfStatisticsAndRegradingKeepsHandGivenPoints() async throws {
        try await TestServer.run { server in
            let (faculty, student, exam, attempt) = try await Self.started(server)
            let essayID = try #require(attempt.questions.last?.id)
            let answers = ExamFixtures.rightAnswers(attempt.questions) + [AnswerInput(questionId: essayID, text: "Scattering.")]
            try await server.send(
                .put, APIPaths.attemptAnswers(attempt.attemptId), json: SaveAnswersRequest(answers: answers.filter { !$0.isEmpty }),
                token: student.token
            ).expect(.ok)
            let result = try await server.post(APIPaths.submitAttempt(attempt.attemptId), raw: "", token: student.token)
                .expect(.ok).decode(AttemptResult.self)
            #expect(result.needsGrading == true && result.score == 7 && result.maxScore == 11)

            let listed = try await server.get(APIPaths.facultyExamAttempts(exam.id), token: faculty.token).expect(.ok)
                .decode([FacultyAttemptSummary].self)
            #expect(listed.map(\.needsGrading) == [true])
            var statistics = try await server.get(APIPaths.examStatistics(exam.id), token: faculty.token).decode(ExamStatistics.self)
            #expect(statistics.attempts == 0 && statistics.ungradedAttempts == 1)

            let essayFamily = try #require(exam.questions.last?.id)
            let grade = APIPaths.attemptGrade(attempt.attemptId, essayFamily)
            let graded = try await server.send(
                .put, grade, json: EssayGradeRequest(points: 3.25, comment: "Name the law."), token: faculty.token
            )
            .expect(.ok).decode(EssayGradeResponse.self)
            #expect(graded.score == 10.25 && graded.needsGrading == false)
            statistics = try await server.get(APIPaths.examStatistics(exam.id), token: faculty.token).decode(ExamStatistics.self)
            #expect(statistics.attempts == 1 && statistics.ungradedAttempts == nil)
            let read = try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).decode(StudentAttempt.self)
            #expect(read.result?.needsGrading == nil && read.result?.results?.last?.points == 3.25)
            #expect(read.result?.results?.last?.feedback == "Name the law.", "the comment is the student's feedback")

            for mode in RegradeMode.allCases {
                let changes = try await server.post(
                    APIPaths.regradeQuestion(essayFamily), json: RegradeRequest(mode: mode, dryRun: false), token: faculty.token
                ).expect(.ok).decode([RegradeChange].self)
                #expect(changes.isEmpty, "a regrade leaves the essay's hand-given points")
            }
        }
    }

    @Test func gradesOutsideTheRulesAreRefusedAndChangeNothing() async throws {
        try await TestServer.run { server in
            let (faculty, student, exam, attempt) = try await Self.started(server)
            let essayFamily = try #require(exam.questions.last?.id)
            let choiceFamily = try #require(exam.questions.first?.id)
            let grade = APIPaths.attemptGrade(attempt.attemptId, essayFamily)
            QuestionBankInputTests.expectRefusal(
                try await server.send(.put, grade, json: EssayGradeRequest(points: 1), token: faculty.token), .conflict,
                mentioning: "not submitted")
            try await server.post(APIPaths.submitAttempt(attempt.attemptId), raw: "", token: student.token).expect(.ok)

            let refusals: [(EssayGradeRequest, String)] = [
                (EssayGradeRequest(points: 4.01), "points"), (EssayGradeRequest(points: 5), "points"),
                (EssayGradeRequest(points: -0.5), "points"), (EssayGradeRequest(points: 1.255), "two decimals"),
                (EssayGradeRequest(points: 1, comment: "NUL \u{0}"), "comment"),
                (EssayGradeRequest(points: 1, comment: String(repeating: "c", count: 5_001)), "comment"),
            ]
            for (request, word) in refusals {
                QuestionBankInputTests.expectRefusal(
                    try await server.send(.put, grade, json: request, token: faculty.token), .badRequest, mentioning: word)
            }
            for raw in [#"{"points": "1"}"#, #"{"points": 1e999}"#, #"{"comment": "x"}"#, "[]"] {
                QuestionBankInputTests.expectRefusal(
                    try await server.send(.put, grade, token: faculty.token, body: ByteBuffer(string: raw)), .badRequest)
            }
            QuestionBankInputTests.expectRefusal(
                try await server.send(
                    .put, APIPaths.attemptGrade(attempt.attemptId, choiceFamily), json: EssayGradeRequest(points: 1),
                    token: faculty.token), .badRequest, mentioning: "not an essay")
            QuestionBankInputTests.expectRefusal(
                try await server.send(
                    .put, APIPaths.attemptGrade(attempt.attemptId, 999_999), json: EssayGradeRequest(points: 1),
                    token: faculty.token), .notFound)
            let stranger = try await server.signUp(uniqueEmail("other"), role: .faculty)
            QuestionBankInputTests.expectRefusal(
                try await server.send(.put, grade, json: EssayGradeRequest(points: 1), token: stranger.token), .notFound)
            QuestionBankInputTests.expectRefusal(
                try await server.get(APIPaths.examGrading(exam.id), token: stranger.token), .notFound)
            QuestionBankInputTests.expectRefusal(
                try await server.send(.put, grade, json: EssayGradeRequest(points: 1), token: student.token), .forbidden)
            QuestionBankInputTests.expectRefusal(
                try await server.get(APIPaths.examGrading(exam.id) + "?pending=maybe", token: faculty.token), .badRequest)

            let queue = try await server.get(APIPaths.examGrading(exam.id) + "?pending=true", token: faculty.token).expect(.ok)
                .decode([EssayToGrade].self)
            #expect(queue.map(\.attemptId) == [attempt.attemptId] && queue.first?.points == nil, "nothing was graded")
            let read = try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).decode(StudentAttempt.self)
            #expect(read.result?.needsGrading == true && read.result?.score == 0)
        }
    }
    /// A second grade of an essay replaces the first: points, comment, score, everywhere.
    @Test func aSecondGradeReplacesTheFirst() async throws {
        try await TestServer.run { server in
            let (faculty, student, exam, attempt) = try await Self.started(server)
            let essayID = try #require(attempt.questions.last?.id)
            let answers = ExamFixtures.rightAnswers(attempt.questions) + [AnswerInput(questionId: essayID, text: "Scattering.")]
            try await server.post(
                APIPaths.submitAttempt(attempt.attemptId), json: SaveAnswersRequest(answers: answers.filter { !$0.isEmpty }),
                token: student.token
            ).expect(.ok)
            let grade = APIPaths.attemptGrade(attempt.attemptId, try #require(exam.questions.last?.id))
            let first = try await server.send(
                .put, grade, json: EssayGradeRequest(points: 3.25, comment: "First read."), token: faculty.token
            )
            .expect(.ok).decode(EssayGradeResponse.self)
            #expect(first.score == 10.25)
            let second = try await server.send(
                .put, grade, json: EssayGradeRequest(points: 1.5, comment: "On second thought."), token: faculty.token
            )
            .expect(.ok).decode(EssayGradeResponse.self)
            #expect(second.score == 8.5 && second.maxScore == 11 && !second.needsGrading, "the second grade replaced the first")
            let queue = try await server.get(APIPaths.examGrading(exam.id), token: faculty.token).expect(.ok).decode([EssayToGrade].self)
            #expect(queue.map(\.points) == [1.5] && queue.map(\.comment) == ["On second thought."])
            let read = try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).decode(StudentAttempt.self)
            #expect(read.result?.score == 8.5 && read.result?.results?.last?.points == 1.5)
            #expect(read.result?.results?.last?.feedback == "On second thought.")
            let book = try await server.get(APIPaths.facultyGrades + "?courseId=\(exam.courseId)", token: faculty.token)
                .decode([GradeBookEntry].self)
            #expect(book.map(\.score) == [8.5])
        }
    }

    /// Practice never offers essays nor descriptions: one cannot be written open for practice,
    /// opening it changes nothing, and no kind of practice session draws it.
    @Test func practiceNeverOffersEssaysNorDescriptions() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let description = QuestionDraft(kind: .description, prompt: "Read this first.", points: 0, answer: nil)
            var ids: [Int] = []
            for var draft in [Self.essay, description] {
                draft.practice = true
                QuestionBankInputTests.expectRefusal(
                    try await server.post(APIPaths.courseQuestions(courseID), json: draft, token: faculty.token), .badRequest,
                    mentioning: "practice")
                draft.practice = nil
                let reply = try await server.post(APIPaths.courseQuestions(courseID), json: draft, token: faculty.token)
                ids.append(try reply.expect(.created).decode(Question.self).id)
            }
            let opened = try await server.post(
                APIPaths.practiceQuestions(courseID), json: PracticeMarking(questionIds: ids, practice: true), token: faculty.token
            ).expect(.ok).decode(PracticeMarkingResult.self)
            #expect(opened.changed == 0, "a bank essay or description cannot be opened for practice")
            let trueFalse = QuestionDraft(kind: .trueFalse, prompt: "True?", points: 1, answer: .bool(true), practice: true)
            let practised = try await server.post(APIPaths.courseQuestions(courseID), json: trueFalse, token: faculty.token)
                .expect(.created).decode(Question.self)
            try await server.post(APIPaths.practiceQuestions(courseID), json: PracticeMarking(practice: true), token: faculty.token)
                .expect(.ok)
            for request in [
                PracticeRequest(count: 50), PracticeRequest(count: 50, onlyDue: true), PracticeRequest(count: 50, onlyMistakes: true),
            ] {
                let session = try await server.post(APIPaths.coursePractice(courseID), json: request, token: student.token)
                    .expect(.created).decode(PracticeSession.self)
                #expect(session.questions.allSatisfy { $0.kind != .essay && $0.kind != .description }, "\(request)")
                #expect(Set(session.questions.map(\.id)).isSubset(of: [practised.id]), "\(request)")
            }
        }
    }
}
