import ExamPrepPostgres
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Issue 35, item 1: `{"closesAt": "300000-01-01T00:00:00Z"}` from any faculty account stopped
/// the process (a trapping conversion on the way to PostgreSQL), a student's `savedAt` of such
/// a year was a 500, `2026-02-30` became 2 March, and years 1 and 0 came back two days early
/// (Foundation read them in the Julian calendar). A date a client sends is now an RFC 3339
/// date that exists, from 1970 to 9999, or a 400 naming its field.
@Suite("Abuse: dates at the edges", .hangGuard)
struct DateEdgeTests {
    /// A date no test sends on purpose: the encoded drafts carry it where an edge goes.
    static let placeholder = Date(timeIntervalSince1970: 1_900_000_000)
    static let placeholderText = "2030-03-17T17:46:40Z"

    /// The edges of the issue, and whether a client may send them.
    static let edges: [(text: String, accepted: Bool)] = [
        ("0000-01-01T00:00:00Z", false), ("0001-01-01T00:00:00Z", false), ("1969-12-31T23:59:59Z", false),
        ("1970-01-01T00:00:00+14:00", false), ("1970-01-01T00:00:00Z", true), ("9999-12-31T23:59:59Z", true),
        ("9999-12-31T23:59:59-14:00", false), ("10000-01-01T00:00:00Z", false), ("294247-01-01T00:00:00Z", false),
        ("300000-01-01T00:00:00Z", false), ("2026-02-30T10:00:00Z", false), ("2016-12-31T23:59:60Z", false),
        ("2030-01-01T00:00:00+14:00", true), ("2030-01-01T00:00:00-14:00", true), ("2030-01-01T00:00:00.123456789Z", true),
        ("2030-01-01 00:00:00Z", false), ("2030-01-01T00:00:00+14:60", false), ("not a date", false),
    ]

    @Test func aFarFutureDateIs400NamingTheFieldAndTheServerLives() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let created = try await server.post(
                APIPaths.courseExams(course.id!), raw: #"{"title": "T", "closesAt": "300000-01-01T00:00:00Z", "questions": []}"#,
                token: faculty.token)
            #expect(created.status == .badRequest, "\(created.text)")
            #expect(created.error?.error == .validationFailed)
            #expect(created.error?.message.contains("closesAt") == true, "\(created.text)")

            let exam = try await server.createExam(ExamFixtures.everyKind(), courseID: course.id!, token: faculty.token)
            let me = try await server.get(APIPaths.me, token: student.token).decode(UserProfile.self)
            let override = try await server.send(
                .put, APIPaths.examOverride(exam.id, me.id), token: faculty.token,
                body: ByteBuffer(string: #"{"opensAt": "299000-06-01T00:00:00Z"}"#))
            #expect(override.status == .badRequest, "\(override.text)")
            #expect(override.error?.message.contains("opensAt") == true, "\(override.text)")
            try await server.get(APIPaths.health).expect(.ok)
        }
    }

    @Test func aSavedAtFarInTheFutureIs400NotA500() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let exam = try await server.publishedExam(courseID: course.id!, token: faculty.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            let question = try #require(attempt.questions.first { $0.kind == .trueFalse })
            let saved = try await server.send(
                .put, APIPaths.attemptAnswers(attempt.attemptId), token: student.token,
                body: ByteBuffer(
                    string: #"{"answers": [{"questionId": \#(question.id), "value": true, "savedAt": "300000-01-01T00:00:00Z"}]}"#))
            #expect(saved.status == .badRequest, "\(saved.text)")
            #expect(saved.error?.message.contains("answers[0].savedAt") == true, "\(saved.text)")
        }
    }

    @Test func theThirtiethOfFebruaryIsRefusedNotMovedToMarch() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let reply = try await server.post(
                APIPaths.courseExams(course.id!), raw: Self.draft(opensAt: "2026-02-30T10:00:00Z"), token: faculty.token)
            #expect(reply.status == .badRequest, "\(reply.text)")
            #expect(reply.error?.message.contains("opensAt") == true, "\(reply.text)")
        }
    }

    @Test func yearsOneAndZeroAreRefusedNotMovedByTheJulianCalendar() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            for text in ["0001-01-01T00:00:00Z", "0000-01-01T00:00:00Z"] {
                let reply = try await server.post(APIPaths.courseExams(course.id!), raw: Self.draft(opensAt: text), token: faculty.token)
                #expect(reply.status == .badRequest, "\(text): \(reply.text)")
                #expect(reply.error?.message.contains("1970") == true, "\(text): \(reply.text)")
            }
        }
    }

    /// Dates that reach clients from the database (an enrollment date brought over from the
    /// first version, say) are written as PostgreSQL keeps them: proleptic Gregorian, year 0
    /// for 1 BC and a minus sign before that.
    @Test func timestampsAroundYearZeroComeBackAsPostgreSQLKeepsThem() async throws {
        try await TestServer.runWithDatabase { server, pool in
            let (faculty, student, course) = try await server.classroom()
            let me = try await server.get(APIPaths.me, token: student.token).decode(UserProfile.self)
            let expected = [
                "0001-01-01 00:00:00+00": "0001-01-01T00:00:00Z", "0001-01-01 00:00:00+00 BC": "0000-01-01T00:00:00Z",
                "0002-12-31 12:00:00+00 BC": "-0001-12-31T12:00:00Z", "1582-10-10 00:00:00+00": "1582-10-10T00:00:00Z",
            ]
            for (stored, written) in expected {
                try await pool.execute(
                    "UPDATE enrollments SET enrollment_date = \(stored)::timestamptz WHERE user_id = \(me.id) AND course_id = \(course.id!)"
                )
                let roster = try await server.get(APIPaths.roster(course.id!), token: faculty.token).expect(.ok)
                #expect(roster.text.contains(#""enrollmentDate":"\#(written)""#), "\(stored): \(roster.text)")
            }
        }
    }

    /// Below the API: a Date beyond what a timestamp holds cannot be bound (the query fails
    /// with `invalidParameter`), where the conversion once trapped.
    @Test func aDateNoTimestampHoldsFailsItsQueryInsteadOfTrapping() {
        for seconds in [1e13, -1e13, 9.3e12, Double.infinity, Double.nan] {
            let bind = Date(timeIntervalSince1970: seconds).postgresBind()
            #expect(bind.problem != nil, "\(seconds)")
            #expect(bind.bytes == nil)
        }
        #expect(Date(timeIntervalSince1970: 253_402_300_799).postgresBind().problem == nil)
    }

    /// The issue's "done when": every date field of every route (read from openapi.yaml, so a
    /// new one cannot be left out) gets the edges and answers success or 4xx, never a 500, and
    /// the process answers after each.
    @Test func everyDateFieldOfEveryRouteTakesTheEdgesWithoutA500() async throws {
        let covered: Set<String> = [
            "POST /api/faculty/courses/{courseId}/exams closesAt", "POST /api/faculty/courses/{courseId}/exams opensAt",
            "PUT /api/faculty/exams/{examId} closesAt", "PUT /api/faculty/exams/{examId} opensAt",
            "PUT /api/faculty/exams/{examId}/overrides/{userId} closesAt", "PUT /api/faculty/exams/{examId}/overrides/{userId} opensAt",
            "PUT /api/students/attempts/{attemptId}/answers answers[].savedAt",
            "POST /api/students/attempts/{attemptId}/submit answers[].savedAt",
            "POST /api/students/attempts/{attemptId}/focus periods[].leftAt",
            "POST /api/students/attempts/{attemptId}/focus periods[].backAt",
            "POST /api/faculty/courses/import exportedAt",
        ]
        let documented = Set(
            OpenAPIContract.served.operations.flatMap { operation in operation.requestDateFields.map { "\(operation) \($0)" } })
        #expect(documented == covered, "date fields in openapi.yaml without a case here: \(documented.subtracting(covered))")

        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let me = try await server.get(APIPaths.me, token: student.token).decode(UserProfile.self)
            var limited = ExamFixtures.everyKind(timeLimitMinutes: 30, maxAttempts: 100)
            limited.policy = ExamPolicy(graceSeconds: 300)
            let published = try await server.publishedExam(limited, courseID: course.id!, token: faculty.token)
            let draft = try await server.createExam(ExamFixtures.everyKind(), courseID: course.id!, token: faculty.token)

            for (index, (text, accepted)) in Self.edges.enumerated() {
                func check(_ reply: TestReply, _ route: String, success: HTTPResponse.Status = .ok) {
                    if accepted {
                        #expect(reply.status == success, "\(route) \(text): \(reply.text)")
                    } else {
                        #expect(reply.status == .badRequest, "\(route) \(text): \(reply.text)")
                        #expect(reply.error?.error == .validationFailed, "\(route) \(text): \(reply.text)")
                    }
                }
                for field in ["opensAt", "closesAt"] {
                    let body = field == "opensAt" ? Self.draft(opensAt: text) : Self.draft(closesAt: text)
                    check(
                        try await server.post(APIPaths.courseExams(course.id!), raw: body, token: faculty.token), "create \(field)",
                        success: .created)
                    check(
                        try await server.send(.put, APIPaths.facultyExam(draft.id), token: faculty.token, body: ByteBuffer(string: body)),
                        "replace \(field)")
                    let override = Self.encoded(
                        field == "opensAt" ? ExamOverride(opensAt: Self.placeholder) : ExamOverride(closesAt: Self.placeholder), text)
                    check(
                        try await server.send(
                            .put, APIPaths.examOverride(published.id, me.id), token: faculty.token, body: ByteBuffer(string: override)),
                        "override \(field)")
                    // The student's own window now holds the date: starting answers, whatever it is.
                    let start = try await server.startAttempt(published.id, token: student.token)
                    #expect(start.status.code < 500, "start after override \(field) \(text): \(start.text)")
                }
                try await server.delete(APIPaths.examOverride(published.id, me.id), token: faculty.token)
                let attempt = try await server.startAttempt(published.id, token: student.token).decode(StudentAttempt.self)
                let question = try #require(attempt.questions.first { $0.kind == .trueFalse })
                let answers = Self.encoded(
                    SaveAnswersRequest(answers: [AnswerInput(questionId: question.id, value: true, savedAt: Self.placeholder)]), text)
                check(
                    try await server.send(
                        .put, APIPaths.attemptAnswers(attempt.attemptId), token: student.token, body: ByteBuffer(string: answers)),
                    "save savedAt")
                for field in ["leftAt", "backAt"] {
                    let other = "2030-01-01T00:00:00Z"
                    let period =
                        field == "leftAt"
                        ? #"{"leftAt": "\#(text)", "backAt": "\#(other)"}"# : #"{"leftAt": "\#(other)", "backAt": "\#(text)"}"#
                    check(
                        try await server.post(
                            APIPaths.attemptFocus(attempt.attemptId), raw: #"{"periods": [\#(period)]}"#, token: student.token),
                        "focus \(field)")
                }
                check(
                    try await server.post(APIPaths.submitAttempt(attempt.attemptId), raw: answers, token: student.token),
                    "submit savedAt")
                let file = Self.encoded(
                    CourseExportFile(exportedAt: Self.placeholder, course: CourseExportSettings(name: "Edge", description: "Dates")), text)
                check(
                    try await server.post(APIPaths.courseImport + "?title=Edge%20\(index)", raw: file, token: faculty.token),
                    "import exportedAt", success: .created)
                try await server.get(APIPaths.health).expect(.ok)
            }
            // What was stored reads back.
            try await server.get(APIPaths.facultyExams, token: faculty.token).expect(.ok)
            try await server.get(APIPaths.studentExams, token: student.token).expect(.ok)
            try await server.get(APIPaths.facultyExamAttempts(published.id), token: faculty.token).expect(.ok)
        }
    }

    // MARK: - Steps

    static func draft(opensAt: String? = nil, closesAt: String? = nil) -> String {
        var draft = ExamFixtures.everyKind()
        var text = placeholderText
        if let opensAt {
            draft.opensAt = placeholder
            text = opensAt
        } else if let closesAt {
            draft.closesAt = placeholder
            text = closesAt
        }
        return encoded(draft, text)
    }

    /// `value` as JSON with the placeholder date replaced by `text`.
    static func encoded(_ value: some Encodable, _ text: String) -> String {
        let json = (try? ExamPrepJSON.makeEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return json.replacingOccurrences(of: placeholderText, with: text)
    }
}
