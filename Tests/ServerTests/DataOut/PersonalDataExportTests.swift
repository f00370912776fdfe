import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// `GET /api/me/export` over HTTP: the person's own data and nobody else's, as one JSON
/// document, streamed a page at a time.
@Suite("Personal data export", .hangGuard)
struct PersonalDataExportTests {
    @Test func theExportHoldsThePersonsDataAndNoneOfAnothers() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let teacher = try await server.invitedFaculty(admin: admin)
            let course = try await server.createCourse("Chemistry \"1\u{301}\"", token: teacher.token)
            let exam = try await server.publishedExam(courseID: try #require(course.id), token: teacher.token)
            let (mineEmail, theirsEmail) = (uniqueEmail("mine"), uniqueEmail("theirs"))
            let mine = try await server.signUp(mineEmail, role: .student)
            let theirs = try await server.signUp(theirsEmail, role: .student)
            // Every fuzz input as a short answer: each must come back as written, in valid JSON.
            let texts = FuzzText.inputs.map { "mine \($0)" }
            for (student, text) in [(mine, texts.joined(separator: " | ")), (theirs, "theirs-only-answer")] {
                try await server.enroll(course, token: student.token)
                let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
                let answers = ExamFixtures.rightAnswers(attempt.questions).map { answer in
                    var answer = answer
                    if answer.text != nil { answer.text = text }
                    return answer
                }
                try await server.send(
                    .put, APIPaths.attemptAnswers(attempt.attemptId), json: SaveAnswersRequest(answers: answers), token: student.token
                )
                .expect(.ok)
                try await server.post(APIPaths.submitAttempt(attempt.attemptId), raw: "", token: student.token).expect(.ok)
            }

            let reply = try await server.get(APIPaths.meExport, token: mine.token).expect(.ok)
            #expect(reply.headers[.contentDisposition] == "attachment; filename=\"examprep-\(try #require(mine.userId)).json\"")
            let document = try #require(reply.object)
            #expect(document["format"] as? String == "examprep-personal-data" && document["version"] as? Int == 1)
            let account = try #require(document["account"] as? [String: Any])
            #expect(account["email"] as? String == mineEmail && account["role"] as? String == "student")
            let enrollments = try #require(document["enrollments"] as? [[String: Any]])
            #expect(enrollments.map { $0["courseName"] as? String } == [course.name])
            let attempts = try #require(document["attempts"] as? [[String: Any]])
            #expect(attempts.count == 1 && attempts.first?["score"] != nil)
            let answers = try #require(document["answers"] as? [[String: Any]])
            let written = answers.compactMap { ($0["response"] as? [String: Any])?["text"] as? String }
            #expect(written == [texts.joined(separator: " | ")])
            let sessions = try #require(document["sessions"] as? [[String: Any]])
            #expect(!sessions.isEmpty && sessions.allSatisfy { $0["tokenHash"] == nil && $0["webTokenHash"] == nil })
            for name in PersonalDataSection.all.map(\.name) { #expect(document[name] is [Any], "\(name)") }
            #expect(!reply.text.contains("theirs-only-answer") && !reply.text.contains(theirsEmail))

            // Anyone signed in may ask, only for themselves; nobody signed out.
            try await server.get(APIPaths.meExport).expect(.unauthorized)
            let teachers = try await server.get(APIPaths.meExport, token: teacher.token).expect(.ok).object
            #expect((teachers?["coursesTaught"] as? [[String: Any]])?.map { $0["name"] as? String } == [course.name])
            try await server.get(APIPaths.meExport, token: admin.token).expect(.ok)
        }
    }

    /// A person with 1,000 answers: the document comes in many HTTP chunks (one per page of
    /// rows), read from the wire as sent.
    @Test func aLongHistoryIsStreamedInPieces() async throws {
        try await TestServer.runWithAdmin { server, admin, pool in
            let teacher = try await server.invitedFaculty(admin: admin)
            let course = try await server.createCourse("Long history", token: teacher.token)
            let courseID = try #require(course.id)
            let exam = try await server.publishedExam(courseID: courseID, token: teacher.token)
            let student = try await server.signUp(uniqueEmail("long"), role: .student)
            try await server.enroll(course, token: student.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            // 1,000 more questions in the attempt, each answered.
            try await pool.execute(
                """
                WITH made AS (
                    INSERT INTO questions (course_id, kind, prompt, points, correct_value)
                    SELECT \(courseID), 'true_false', 'Long question ' || n, 1, true FROM generate_series(1, 1000) n
                    RETURNING id),
                placed AS (
                    INSERT INTO attempt_questions (attempt_id, position, question_id, points)
                    SELECT \(attempt.attemptId), 100 + row_number() OVER (ORDER BY id), id, 1 FROM made
                    RETURNING question_id)
                INSERT INTO answers (attempt_id, question_id, response, saved_at)
                SELECT \(attempt.attemptId), question_id, '{"value": true}', now() FROM placed
                """)

            let connection = try RawConnection(port: server.port)
            try connection.send(
                "GET \(APIPaths.meExport) HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer \(student.token)\r\nConnection: close\r\n\r\n"
            )
            let raw = try await connection.readUntilClosed(limit: 16 << 20)
            let parts = raw.components(separatedBy: "\r\n\r\n")
            let head = parts.first ?? ""
            #expect(head.hasPrefix("HTTP/1.1 200") && head.lowercased().contains("transfer-encoding: chunked"))
            let (chunks, body) = Self.dechunk(parts.dropFirst().joined(separator: "\r\n\r\n"))
            let pages = 1_000 / PersonalDataExport.pageSize
            #expect(chunks > pages, "\(chunks) chunks")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
            #expect((document["answers"] as? [Any])?.count == 1_000)
        }
    }

    /// The chunks of a chunked HTTP body (its bytes after the head): how many, and the body
    /// they make.
    static func dechunk(_ text: String) -> (chunks: Int, body: String) {
        let bytes = Array(text.utf8)
        var body: [UInt8] = []
        var chunks = 0
        var index = 0
        while let lineEnd = (index..<max(index, bytes.count - 1)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }),
            let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self), radix: 16), size > 0,
            lineEnd + 2 + size <= bytes.count
        {
            body += bytes[(lineEnd + 2)..<(lineEnd + 2 + size)]
            chunks += 1
            index = lineEnd + 2 + size + 2
        }
        return (chunks, String(decoding: body, as: UTF8.self))
    }
}
