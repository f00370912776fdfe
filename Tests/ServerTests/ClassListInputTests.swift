import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// A class list import (`POST …/roster/import`): every way its request can be wrong is a 4xx
/// with the envelope, and names and student numbers with quotes and combining marks
/// (`FuzzText`) come back from the roster exactly as the file had them.
@Suite("Class lists: refusals and fuzzed names", .hangGuard)
struct ClassListInputTests {
    func importList(
        _ server: TestServer, course: Int, _ body: ByteBuffer?, query: String = "", contentType: String? = "text/csv; charset=utf-8",
        token: String
    ) async throws -> TestReply {
        var headers: HTTPFields = [:]
        if let contentType { headers[.contentType] = contentType }
        return try await server.send(.post, APIPaths.classListImport(course) + query, token: token, headers: headers, body: body)
    }

    @Test func theRosterImportRouteTakesText() {
        #expect(JSONBodyMiddleware<AppRequestContext>.takesText("/api/faculty/courses/12/roster/import"))
        #expect(JSONBodyMiddleware<AppRequestContext>.takesText("/api/admin/courses/12/roster/import"))
        #expect(!JSONBodyMiddleware<AppRequestContext>.takesText("/api/faculty/courses/12/roster"))
        #expect(JSONBodyMiddleware<AppRequestContext>.isCSV("Text/CSV; charset=utf-8"))
        #expect(!JSONBodyMiddleware<AppRequestContext>.isCSV("application/json"))
    }

    @Test func anImportIsRefusedForEachWayItsRequestIsWrong() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let file = ByteBuffer(string: "email\r\nnew-\(UUID().uuidString.prefix(8))@example.com\r\n")
            func refused(_ reply: TestReply, _ status: HTTPResponse.Status, mentioning words: String? = nil) {
                QuestionBankInputTests.expectRefusal(reply, status, mentioning: words)
            }

            refused(
                try await importList(server, course: courseID, file, contentType: "application/json", token: faculty.token),
                .unsupportedMediaType, mentioning: "text/csv")
            refused(
                try await importList(server, course: courseID, file, query: "?dryRun=1", token: faculty.token), .badRequest,
                mentioning: "dryRun")
            refused(
                try await importList(server, course: courseID, ByteBuffer(string: "name\nAda\n"), token: faculty.token), .badRequest,
                mentioning: "email")
            refused(
                try await importList(server, course: courseID, ByteBuffer(string: "\u{FEFF}\r\n"), token: faculty.token), .badRequest,
                mentioning: "empty")
            refused(
                try await importList(server, course: courseID, ByteBuffer(string: "email\n"), token: faculty.token), .badRequest,
                mentioning: "no students")
            refused(
                try await importList(
                    server, course: courseID, ByteBuffer(string: "email,name\na@x.org,\"Ada\nb@x.org,Bo\n"), token: faculty.token),
                .badRequest, mentioning: "Line 2")
            // Not UTF-8: read as Windows-1250 ("em˙"), it names no address column, and the refusal
            // says what to save it as.
            refused(
                try await importList(server, course: courseID, ByteBuffer(bytes: [0x65, 0x6D, 0xFF, 0x0A]), token: faculty.token),
                .badRequest, mentioning: "“CSV UTF-8")
            refused(
                try await importList(
                    server, course: courseID, ByteBuffer(repeating: UInt8(ascii: "a"), count: APILimits.maxBodyBytes + 1),
                    token: faculty.token),
                .contentTooLarge)
            refused(try await importList(server, course: courseID, file, token: student.token), .forbidden)
            let stranger = try await server.signUp(uniqueEmail("stranger"), role: .faculty)
            refused(try await importList(server, course: courseID, file, token: stranger.token), .notFound)
            refused(try await importList(server, course: Int(Int32.max), file, token: faculty.token), .notFound)
            refused(try await server.get(APIPaths.classList(courseID), token: stranger.token), .notFound)

            // Nothing of all this was imported: the one student of the classroom.
            let roster = try await server.get(APIPaths.classList(courseID), token: faculty.token).expect(.ok).decode(
                [CourseRosterStudent].self)
            #expect(roster.count == 1)
            #expect(try await server.get(APIPaths.roster(courseID), token: faculty.token).expect(.ok).decode([RosterEntry].self).count == 1)
        }
    }

    @Test func fuzzedNamesAndNumbersComeBackExactly() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let rows = FuzzText.inputs.enumerated().map { index, text in
                (email: "fuzz-\(index)-\(UUID().uuidString.prefix(6))@example.com", name: "N\(index) \(text)", number: "S\(index)\(text)")
            }
            let quoted = { (field: String) in
                "\"" + String(String.UnicodeScalarView(field.unicodeScalars.flatMap { $0 == "\"" ? ["\"", "\""] : [$0] })) + "\""
            }
            let csv = "email,name,studentNumber\r\n" + rows.map { "\($0.email),\(quoted($0.name)),\(quoted($0.number))\r\n" }.joined()
            let reply = try await importList(server, course: courseID, ByteBuffer(string: csv), token: faculty.token)
            let report = try reply.expect(.created).decode(ClassListImport.self)
            #expect(report.created == rows.count && report.rejected.isEmpty, "\(report.rejected)")
            let roster = try await server.get(APIPaths.classList(courseID), token: faculty.token).expect(.ok).decode(
                [CourseRosterStudent].self)
            for row in rows {
                let stored = roster.first { $0.email == row.email }
                #expect(
                    stored?.name?.unicodeScalars.elementsEqual(row.name.unicodeScalars) == true, "\(row.name.unicodeScalars.map(\.value))")
                #expect(stored?.studentNumber?.unicodeScalars.elementsEqual(row.number.unicodeScalars) == true)
            }
            // Fuzzed addresses are refused line by line, never a 500.
            let bad = "email\n" + FuzzText.inputs.map { quoted("a\($0)@x.org") + "\n" }.joined()
            let badReply = try await importList(
                server, course: courseID, ByteBuffer(string: bad), query: "?dryRun=true", token: faculty.token)
            #expect(badReply.status.code < 500, "\(badReply.text)")
        }
    }
}
