import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Issue 71: an exam with `policy.safeExamBrowser` lets a student's start, reads, saves, flags,
/// summary and submit through only with `X-SafeExamBrowser-ConfigKeyHash` = SHA-256(absolute URL
/// + key) for one of its keys, the URL built from `PUBLIC_URL`; the teacher's routes never ask.
@Suite("Safe Exam Browser", .hangGuard)
struct SafeExamBrowserTests {
    static let origin = "https://exams.example.test"
    static let keyA = String(repeating: "a1", count: 32)
    static let keyB = String(repeating: "b2", count: 32)

    static func draft(_ keys: [String]) -> ExamDraft {
        var draft = ExamFixtures.everyKind()
        draft.policy = ExamPolicy(safeExamBrowser: SafeExamBrowserPolicy(configKeys: keys))
        return draft
    }

    /// The header Safe Exam Browser sends for `path` with `key`.
    static func seb(_ path: String, key: String, origin: String = origin) -> HTTPFields {
        [SafeExamBrowserCheck.header: SafeExamBrowserCheck.hash(url: origin + path, key: key)]
    }

    static func run(_ body: @escaping @Sendable (TestServer) async throws -> Void) async throws {
        try await TestServer.run(configure: { $0.publicURL = URL(string: origin) }, body)
    }

    @Test func theRightHashPassesAndAnythingElseIs403() async throws {
        try await Self.run { server in
            let (faculty, student, course) = try await server.classroom()
            let examA = try await server.publishedExam(Self.draft([Self.keyA]), courseID: try #require(course.id), token: faculty.token)
            let examB = try await server.publishedExam(Self.draft([Self.keyB]), courseID: try #require(course.id), token: faculty.token)
            #expect(examA.policy.safeExamBrowser?.configKeys == [Self.keyA])
            let start = APIPaths.examAttempts(examA.id)
            // No header, another exam's key, a hash made for another address: 403 with the envelope.
            for headers in [[:], Self.seb(start, key: Self.keyB), Self.seb(APIPaths.examAttempts(examB.id), key: Self.keyA)] {
                let refused = try await server.send(.post, start, token: student.token, headers: headers).expect(.forbidden)
                #expect(refused.text.contains("Safe Exam Browser"))
                #expect(refused.text.contains("\"forbidden\""))
            }
            let attempt = try await server.send(.post, start, token: student.token, headers: Self.seb(start, key: Self.keyA))
                .expect(.created).decode(StudentAttempt.self)
            let read = APIPaths.attempt(attempt.attemptId)
            try await server.send(.get, read, token: student.token).expect(.forbidden)
            try await server.send(.get, read, token: student.token, headers: Self.seb(read, key: Self.keyB)).expect(.forbidden)
            // The same page asked with a query is another address.
            try await server.send(.get, read + "?x=1", token: student.token, headers: Self.seb(read, key: Self.keyA)).expect(.forbidden)
            try await server.send(.get, read, token: student.token, headers: Self.seb(read, key: Self.keyA)).expect(.ok)
            // A hash made with the request's Host instead of PUBLIC_URL does not pass.
            try await server.send(
                .get, read, token: student.token, headers: Self.seb(read, key: Self.keyA, origin: "http://localhost")
            ).expect(.forbidden)
            let save = APIPaths.attemptAnswers(attempt.attemptId)
            let answers = SaveAnswersRequest(answers: [ExamFixtures.rightAnswers(attempt.questions)[0]])
            try await server.send(.put, save, json: answers, token: student.token).expect(.forbidden)
            try await server.send(.put, save, json: answers, token: student.token, headers: Self.seb(save, key: Self.keyA)).expect(.ok)
            let focus = APIPaths.attemptFocus(attempt.attemptId)
            try await server.send(.post, focus, json: FocusPeriodsRequest(periods: []), token: student.token).expect(.forbidden)
            let submit = APIPaths.submitAttempt(attempt.attemptId)
            try await server.send(.post, submit, token: student.token).expect(.forbidden)
            try await server.send(.post, submit, token: student.token, headers: Self.seb(submit, key: Self.keyA)).expect(.ok)
            // The teacher's routes never ask for it.
            try await server.get(APIPaths.facultyExamAttempts(examA.id), token: faculty.token).expect(.ok)
            try await server.get(APIPaths.attemptEvents(attempt.attemptId), token: faculty.token).expect(.ok)
            // An exam without the policy is not asked either.
            let plain = try await server.publishedExam(courseID: try #require(course.id), token: faculty.token)
            #expect(plain.policy.safeExamBrowser == nil)
            try await server.startAttempt(plain.id, token: student.token).expect(.created)
        }
    }

    @Test func keysAreCheckedWhenTheExamIsWritten() async throws {
        try await Self.run { server in
            let (faculty, _, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let tooMany = (0..<11).map { String(repeating: String(format: "%02x", $0), count: 32) }
            let combining = "\u{0301}" + String(Self.keyA.dropFirst())
            let quoted = "\"" + String(Self.keyA.dropFirst())
            let refused: [[String]] = [[], ["abc"], [String(repeating: "g", count: 64)], [Self.keyA + "0"], tooMany, [combining], [quoted]]
            for keys in refused {
                let reply = try await server.post(APIPaths.courseExams(courseID), json: Self.draft(keys), token: faculty.token)
                    .expect(.badRequest)
                #expect(reply.text.contains("configKeys"))
            }
            // Upper case and repeats are kept once, in lower case.
            let exam = try await server.createExam(
                Self.draft([Self.keyA.uppercased(), Self.keyA]), courseID: courseID, token: faculty.token)
            #expect(exam.policy.safeExamBrowser?.configKeys == [Self.keyA])
        }
    }

    @Test func theHashIsMoodles() {
        // SHA-256 of "https://a.test/x" followed by the key, as `quizaccess_seb` computes it.
        let url = "https://a.test/x"
        #expect(SafeExamBrowserCheck.hash(url: url, key: Self.keyA).count == 64)
        #expect(
            SafeExamBrowserCheck.passes(sent: SafeExamBrowserCheck.hash(url: url, key: Self.keyA), url: url, keys: [Self.keyB, Self.keyA]))
        #expect(!SafeExamBrowserCheck.passes(sent: SafeExamBrowserCheck.hash(url: url, key: Self.keyA), url: url, keys: [Self.keyB]))
        #expect(!SafeExamBrowserCheck.passes(sent: "", url: url, keys: [Self.keyA]))
        #expect(!SafeExamBrowserCheck.passes(sent: nil, url: url, keys: [Self.keyA]))
        #expect(SafeExamBrowserTarget(path: "/api/students/attempts/7/answers") == .attempt(7))
        #expect(SafeExamBrowserTarget(path: "/exams/3") == .exam(3))
        #expect(SafeExamBrowserTarget(path: "/exams/3/attempts") == .exam(3))
        #expect(SafeExamBrowserTarget(path: "/api/students/exams") == nil)
        #expect(SafeExamBrowserTarget(path: "/api/students/attempts/x") == nil)
    }
}
