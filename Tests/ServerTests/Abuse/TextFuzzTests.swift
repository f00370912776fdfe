import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Every text field a client can send, with quotes, backslashes, braces and commas followed by
/// combining marks (`FuzzText`). `POST /api/login {"email": "a\"\u0301@x.org"}` once answered
/// 500: text arrays were escaped per `Character`, and a quote followed by a combining mark is
/// one `Character` that is not a quote. Each request must answer 2xx or 4xx, never 5xx, and
/// text that is stored must come back exactly as it was sent.
@Suite("Abuse: text that breaks literals", .hangGuard)
struct TextFuzzTests {
    static func expectNoServerError(_ reply: TestReply, _ what: String) {
        #expect(reply.status.code < 500, "\(what): \(reply.status.code) \(reply.text)")
        if reply.status.code >= 400 { #expect(reply.error != nil, "\(what): no error envelope: \(reply.text)") }
    }

    @Test func accountsAndLogins() async throws {
        try await TestServer.run { server in
            let signedIn = try await server.signUp(uniqueEmail(), role: .student)
            for text in FuzzText.inputs {
                let email = "a\(text)@x.org"
                Self.expectNoServerError(
                    try await server.post(
                        APIPaths.register, json: RegistrationRequest(email: email, password: "pw\(text)-long-enough", role: .student)),
                    "register \(email.unicodeScalars.map(\.value))")
                Self.expectNoServerError(
                    try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "pw\(text)")),
                    "login \(email.unicodeScalars.map(\.value))")
                Self.expectNoServerError(
                    try await server.post(APIPaths.login, json: LoginRequest(email: text, password: text)), "login with \(text)")
                Self.expectNoServerError(
                    try await server.post(
                        APIPaths.mePassword, json: ChangePasswordRequest(currentPassword: text, newPassword: "new \(text) password"),
                        token: signedIn.token),
                    "password change")
                Self.expectNoServerError(
                    try await server.send(.delete, APIPaths.me, json: DeleteAccountRequest(password: text), token: signedIn.token),
                    "account deletion")
                Self.expectNoServerError(
                    try await server.post(APIPaths.refreshToken, json: RefreshTokenRequest(refreshToken: text)), "refresh")
            }
        }
    }

    @Test func coursesAndEnrollment() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("faculty"), role: .faculty)
            let student = try await server.signUp(uniqueEmail("student"), role: .student)
            let course = try await server.createCourse("Fuzzed", token: faculty.token)
            for (index, text) in FuzzText.inputs.enumerated() {
                let name = "N\(index) \(text)"
                let created = try await server.post(
                    APIPaths.facultyCourses, json: CreateCourseRequest(name: name, description: "D \(text)"), token: faculty.token)
                Self.expectNoServerError(created, "course \(name)")
                if created.status == .created {
                    let stored = try created.decode(CreateCourseResponse.self).course
                    #expect(stored.name.unicodeScalars.elementsEqual(name.unicodeScalars), "stored exactly")
                }
                Self.expectNoServerError(
                    try await server.send(
                        .patch, APIPaths.facultyCourse(course.id!), json: UpdateCourseRequest(name: "P\(index) \(text)", description: text),
                        token: faculty.token),
                    "course update")
                Self.expectNoServerError(
                    try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: "AB\(text)"), token: student.token),
                    "enroll")
            }
        }
    }

    @Test func examsAndAnswers() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            for (index, text) in FuzzText.inputs.enumerated() {
                let draft = ExamDraft(
                    title: "T\(index) \(text)", instructions: text, timeLimitMinutes: nil, opensAt: nil, closesAt: nil, maxAttempts: 2,
                    questions: [
                        QuestionDraft(
                            kind: .singleChoice, prompt: "P \(text)", points: 1,
                            choices: [Choice(id: "a\(text)", text: text), Choice(id: "b", text: "b \(text)")], answer: .text("a\(text)")),
                        QuestionDraft(kind: .shortAnswer, prompt: text, points: 1, answer: .texts([text, "x\(text)", "\(text)\(text)"])),
                    ])
                let created = try await server.post(APIPaths.courseExams(course.id!), json: draft, token: faculty.token)
                Self.expectNoServerError(created, "exam \(index)")
                let exam = try created.expect(.created).decode(Exam.self)
                #expect(exam.title.unicodeScalars.elementsEqual(draft.title.unicodeScalars))
                try await server.send(.post, APIPaths.publishExam(exam.id), token: faculty.token).expect(.ok)
                let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
                // The author's id in a student's answer: a 400 (students answer by the attempt's
                // aliases), never a 500.
                let authored = try await server.send(
                    .put, APIPaths.attemptAnswers(attempt.attemptId),
                    json: SaveAnswersRequest(answers: [AnswerInput(questionId: attempt.questions[0].id, choiceIds: ["a\(text)"])]),
                    token: student.token)
                Self.expectNoServerError(authored, "authored id \(index)")
                let answers = [
                    AnswerInput(
                        questionId: attempt.questions[0].id,
                        choiceIds: [try #require(attempt.questions[0].choices?.first { $0.text == text }?.id)]),
                    AnswerInput(questionId: attempt.questions[1].id, text: text),
                ]
                let saved = try await server.send(
                    .put, APIPaths.attemptAnswers(attempt.attemptId), json: SaveAnswersRequest(answers: answers), token: student.token)
                Self.expectNoServerError(saved, "answers \(index)")
                let result = try await server.post(APIPaths.submitAttempt(attempt.attemptId), raw: "", token: student.token)
                Self.expectNoServerError(result, "submit \(index)")
                #expect(try result.decode(AttemptResult.self).score == 2, "the exact text is the right answer")
            }
        }
    }

    @Test func examDayTexts() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let studentID = try #require(student.userId)
            let exam = try await server.publishedExam(
                ExamFixtures.everyKind(timeLimitMinutes: 30), courseID: course.id!, token: faculty.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            for (index, text) in FuzzText.inputs.enumerated() {
                let note = "Plan \(index) \(text)"
                let stored = try await server.send(
                    .put, APIPaths.accommodation(course.id!, studentID), json: Accommodation(timeMultiplier: 1.25, note: note),
                    token: faculty.token)
                Self.expectNoServerError(stored, "accommodation note \(index)")
                #expect(try stored.decode(Accommodation.self).note.map { $0.unicodeScalars.elementsEqual(note.unicodeScalars) } == true)
                Self.expectNoServerError(
                    try await server.post(
                        APIPaths.facultyCourses,
                        json: CreateCourseRequest(name: "Zone \(index)", description: "d", timeZone: "Europe/\(text)"),
                        token: faculty.token),
                    "course time zone \(index)")
                Self.expectNoServerError(
                    try await server.send(
                        .patch, APIPaths.facultyCourse(course.id!), json: UpdateCourseRequest(timeZone: text), token: faculty.token),
                    "course time zone update \(index)")
                let key = "k\(index)" + String(text.unicodeScalars.filter(\.isASCII).map(Character.init))
                Self.expectNoServerError(
                    try await server.send(
                        .put, APIPaths.attemptAnswers(attempt.attemptId),
                        json: SaveAnswersRequest(answers: [AnswerInput(questionId: attempt.questions[3].id, text: text, sequence: index)]),
                        token: student.token, headers: [.idempotencyKey: key]),
                    "a save with the key \(key)")
            }
            let events = try await server.get(APIPaths.attemptEvents(attempt.attemptId), token: faculty.token)
            Self.expectNoServerError(events, "the attempt's log")
        }
    }

    @Test func questionBankTexts() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let path = APIPaths.courseQuestions(courseID)
            for (index, text) in FuzzText.inputs.enumerated() {
                let draft = QuestionDraft(
                    kind: .shortAnswer, prompt: "P\(index) \(text)", points: 1,
                    answer: .weightedTexts([TextAnswer(text: "A\(text)", feedback: "F\(text)"), TextAnswer(text: text, weight: 50)]),
                    generalFeedback: "G\(text)", feedbackWhenRight: "R\(text)", feedbackWhenWrong: "W\(text)", name: "N\(index)\(text)",
                    topic: "T\(text)/U\(text)", tags: ["t\(text)"])
                let created = try await server.post(path, json: draft, token: faculty.token)
                Self.expectNoServerError(created, "question \(index)")
                if created.status == .created {
                    let stored = try created.decode(Question.self)
                    #expect(stored.name.map { $0.unicodeScalars.elementsEqual(draft.name!.unicodeScalars) } == true, "stored exactly")
                    #expect(stored.tags == draft.tags && stored.topic == draft.topic)
                }
                let choice = QuestionDraft(
                    kind: .multipleChoice, prompt: text, points: 1,
                    choices: [Choice(id: "a", text: text, weight: 100, feedback: text), Choice(id: "b", text: "b\(text)", weight: -100)],
                    answer: .texts(["a"]))
                Self.expectNoServerError(try await server.post(path, json: choice, token: faculty.token), "choice question \(index)")
                let query = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                Self.expectNoServerError(
                    try await server.get(path + "?topic=\(query)&tag=\(query)", token: faculty.token), "filter \(index)")
                let gift = "$CATEGORY: \(text)\n\n::\(text)::\(text) {=\(text)#\(text) ~x\(text)}\n"
                var headers: HTTPFields = [:]
                headers[.contentType] = "text/plain"
                Self.expectNoServerError(
                    try await server.send(
                        .post, APIPaths.importQuestions(courseID), token: faculty.token, headers: headers, body: ByteBuffer(string: gift)),
                    "GIFT with \(index)")
            }
            let export = try await server.get(APIPaths.exportQuestions(courseID), token: faculty.token)
            Self.expectNoServerError(export, "the export")
        }
    }

    /// Practice (issue 27): the topic a student practises and a faculty member opens, and a
    /// short answer given in practice.
    @Test func practiceTexts() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let courseID = try #require(course.id)
            for (index, text) in FuzzText.inputs.enumerated() {
                let draft = QuestionDraft(
                    kind: .shortAnswer, prompt: "P\(index)", points: 1, answer: .texts([text]), topic: "T\(text)/U\(text)",
                    tags: ["t\(text)"])
                let created = try await server.post(APIPaths.courseQuestions(courseID), json: draft, token: faculty.token)
                Self.expectNoServerError(created, "question \(index)")
                guard created.status == .created else { continue }
                let marked = try await server.post(
                    APIPaths.practiceQuestions(courseID), json: PracticeMarking(topic: "T\(text)", tags: ["t\(text)"], practice: true),
                    token: faculty.token)
                Self.expectNoServerError(marked, "marking \(index)")
                let started = try await server.post(
                    APIPaths.coursePractice(courseID), json: PracticeRequest(topic: "T\(text)/U\(text)"), token: student.token)
                Self.expectNoServerError(started, "practice \(index)")
                guard started.status == .created else { continue }
                let session = try started.decode(PracticeSession.self)
                #expect(session.questions.count == 1, "the topic \(index) selects its own question")
                guard let question = session.questions.first else { continue }
                let answered = try await server.post(
                    APIPaths.practiceAnswers(session.practiceId), json: PracticeAnswer(questionId: question.id, text: text),
                    token: student.token)
                Self.expectNoServerError(answered, "answer \(index)")
                if answered.status == .ok { #expect(try answered.decode(PracticeFeedback.self).correct, "answer \(index) is right") }
            }
            Self.expectNoServerError(try await server.get(APIPaths.mistakes, token: student.token), "mistakes")
            Self.expectNoServerError(try await server.get(APIPaths.reviewDue, token: student.token), "due")
        }
    }
}
