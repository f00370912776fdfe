import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// `POST /api/admin/users/{userId}/erase` over HTTP: the person's personal data goes, every way
/// to sign in goes, the scores stay (the grade book and the statistics add up as before), the
/// audit log says who erased whom; and what is refused.
@Suite("Account erasure", .hangGuard)
struct AccountErasureTests {
    @Test func anErasedAccountCannotSignInAndItsScoresStay() async throws {
        try await TestServer.runWithAdmin { server, admin, pool in
            let teacher = try await server.invitedFaculty(admin: admin)
            let course = try await server.createCourse("History", token: teacher.token)
            let exam = try await server.publishedExam(courseID: try #require(course.id), token: teacher.token)
            let (goneEmail, stayEmail) = (uniqueEmail("gone"), uniqueEmail("stay"))
            let gone = try await server.signUp(goneEmail, role: .student)
            let stay = try await server.signUp(stayEmail, role: .student)
            for (student, right) in [(gone, true), (stay, false)] {
                try await server.enroll(course, token: student.token)
                let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
                let answers = (right ? ExamFixtures.rightAnswers : ExamFixtures.wrongAnswers)(attempt.questions).map { answer in
                    var answer = answer
                    if answer.text != nil { answer.text = "my own words \"\u{301}" }
                    return answer
                }
                try await server.send(
                    .put, APIPaths.attemptAnswers(attempt.attemptId), json: SaveAnswersRequest(answers: answers), token: student.token
                )
                .expect(.ok)
                try await server.post(APIPaths.submitAttempt(attempt.attemptId), raw: "", token: student.token).expect(.ok)
            }
            let bookPath = APIPaths.facultyGrades + "?courseId=\(try #require(course.id))"
            func totals() async throws -> (scores: [Double], statistics: ExamStatistics) {
                let book = try await server.get(bookPath, token: teacher.token).expect(.ok).decode([GradeBookEntry].self)
                var statistics = try await server.get(APIPaths.examStatistics(exam.id), token: teacher.token).expect(.ok)
                    .decode(ExamStatistics.self)
                statistics.questions = statistics.questions.map { question in
                    var question = question
                    question.options = nil  // the short answers' texts, which erasure empties
                    return question
                }
                return (book.sorted { $0.attemptId < $1.attemptId }.map(\.score), statistics)
            }
            let before = try await totals()
            let goneID = try #require(gone.userId)

            let erased = try await server.post(APIPaths.eraseUser(goneID), raw: "", token: admin.token).expect(.ok)
            #expect(try erased.decode(SuccessResponse.self).message?.contains("erased") == true)

            let after = try await totals()
            #expect(after.scores == before.scores && after.scores.count == 2)
            #expect(after.statistics == before.statistics)
            let book = try await server.get(bookPath, token: teacher.token).decode([GradeBookEntry].self)
            #expect(!book.contains { $0.email == goneEmail } && book.contains { $0.email.hasPrefix("erased-") })

            // No way in: the access token, the refresh token, the password.
            try await server.get(APIPaths.me, token: gone.token).expect(.unauthorized)
            let refresh = try await server.post(
                APIPaths.refreshToken, json: RefreshTokenRequest(refreshToken: try #require(gone.refreshToken)))
            #expect(refresh.status == .unauthorized)
            let login = try await server.post(APIPaths.login, json: LoginRequest(email: goneEmail, password: "correct horse battery"))
            #expect(login.status == .badRequest)
            let account = try await pool.query(
                """
                SELECT email, name, student_number, password_hash, erased_at IS NOT NULL AS erased,
                       (SELECT count(*) FROM sessions WHERE user_id = u.id) AS sessions,
                       (SELECT count(*) FROM school_identities WHERE user_id = u.id) AS identities,
                       (SELECT count(*) FROM password_reset_tokens WHERE user_id = u.id) AS resets
                FROM users u WHERE id = \(goneID)
                """
            ).single()
            let pseudonym = try account.decode("email", as: String.self)
            #expect(pseudonym.hasPrefix("erased-") && pseudonym.hasSuffix("@invalid"))
            #expect(try account.decode("name", as: String?.self) == nil && account.decode("student_number", as: String?.self) == nil)
            #expect(try account.decode("password_hash", as: String.self) == "!" && account.decode("erased", as: Bool.self))
            #expect(try account.decode("sessions", as: Int.self) == 0 && account.decode("identities", as: Int.self) == 0)
            let texts = try await pool.query(
                """
                SELECT a.student_id, an.response->>'text' AS text FROM answers an JOIN attempts a ON a.id = an.attempt_id
                WHERE an.response ? 'text' AND a.exam_id = \(exam.id) ORDER BY a.id
                """)
            #expect(try texts.map { try $0.decode("text", as: String.self) } == ["", "my own words \"\u{301}"])

            // The audit says who erased whom, under the pseudonym only.
            let audit = try await server.get(APIPaths.adminAudit, token: admin.token).expect(.ok)
            let entries = try audit.decode([AuditEntry].self).filter { $0.action == "erased" }
            #expect(entries.map(\.targetUserId) == [goneID] && entries.map(\.targetEmail) == [pseudonym])
            #expect(!audit.text.contains(goneEmail))

            // Twice: 200, nothing changes, no second entry.
            let again = try await server.post(APIPaths.eraseUser(goneID), raw: "", token: admin.token).expect(.ok)
            #expect(try again.decode(SuccessResponse.self).message?.contains("before") == true)
            let entriesAgain = try await server.get(APIPaths.adminAudit, token: admin.token).decode([AuditEntry].self)
            #expect(entriesAgain.filter { $0.action == "erased" }.count == 1)
            try await server.get(APIPaths.me, token: stay.token).expect(.ok)
        }
    }

    @Test func oneselfAnUnknownAccountAndNonAdminsAreRefused() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let adminID = try #require(admin.userId)
            let own = try await server.post(APIPaths.eraseUser(adminID), raw: "", token: admin.token).expect(.conflict)
            #expect(own.error?.error == .conflict)
            try await server.post(APIPaths.eraseUser(999_999_999), raw: "", token: admin.token).expect(.notFound)
            for bad in ["abc", "-1", "99999999999999999999999", "1.5", "%22%CC%81"] {
                let reply = try await server.post("/api/admin/users/\(bad)/erase", raw: "", token: admin.token)
                #expect((400..<500).contains(reply.status.code), "\(bad): \(reply.status)")
            }
            let teacher = try await server.invitedFaculty(admin: admin)
            let student = try await server.signUp(uniqueEmail("student"), role: .student)
            try await server.post(APIPaths.eraseUser(try #require(student.userId)), raw: "", token: teacher.token).expect(.forbidden)
            try await server.post(APIPaths.eraseUser(adminID), raw: "", token: student.token).expect(.forbidden)
            try await server.get(APIPaths.me, token: admin.token).expect(.ok)
        }
    }
}
