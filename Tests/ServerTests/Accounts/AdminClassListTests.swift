import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// An admin's class list (`POST /api/admin/courses/{courseId}/roster/import`, issue 44): into
/// any course, the same report as the teacher's route, the import (not its dry run) in the
/// audit log with the course; others are kept out as the faculty routes keep them.
@Suite("Admin: class lists", .hangGuard)
struct AdminClassListTests {
    static func importList(_ server: TestServer, _ path: String, _ csv: String, token: String) async throws -> TestReply {
        try await server.send(.post, path, token: token, headers: [.contentType: "text/csv"], body: ByteBuffer(string: csv))
    }

    @Test func anAdminImportsIntoAnyCourseAndTheImportIsAudited() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let faculty = try await server.invitedFaculty(admin: admin)
            let course = try await server.createCourse("Chemistry \"A\"\(FuzzText.combining)", token: faculty.token)
            let courseID = try #require(course.id)
            let email = uniqueEmail("pupil")
            let csv = "email,name,studentNumber\r\n\(email),\"Zoe\(FuzzText.combining) \"\"Z\"\"\",S-1\r\n"
            let path = APIPaths.adminClassListImport(courseID)

            let dryRun = try await Self.importList(server, path + "?dryRun=true", csv, token: admin.token).expect(.ok)
                .decode(ClassListImport.self)
            #expect(dryRun.dryRun && dryRun.created == 1 && dryRun.links == nil)
            let before = try await server.get(APIPaths.adminAudit, token: admin.token).decode([AuditEntry].self)
            #expect(!before.contains { $0.action == "imported_class_list" }, "a dry run changes nothing and is not audited")

            let report = try await Self.importList(server, path, csv, token: admin.token).expect(.created).decode(ClassListImport.self)
            #expect(report.created == 1 && report.links?.map(\.email) == [email])
            let roster = try await server.get(APIPaths.classList(courseID), token: faculty.token).decode([CourseRosterStudent].self)
            #expect(roster.contains { $0.email == email && $0.studentNumber == "S-1" })
            // The link the admin hands out sets the new student's password.
            let token = String(try #require(report.links?.first?.url.split(separator: "/").last))
            try await server.post(
                APIPaths.completePasswordReset(token: token), json: PasswordResetCompletion(newPassword: "a new passphrase")
            )
            .expect(.ok)
            _ = try await server.login(email, password: "a new passphrase")

            let entry = try #require(try await server.get(APIPaths.adminAudit, token: admin.token).decode([AuditEntry].self).first)
            #expect(entry.action == "imported_class_list" && entry.actorId == admin.userId && entry.clientAddress == "127.0.0.1")
            #expect(entry.courseId == courseID && entry.courseName == course.name && entry.targetUserId == nil)
            // The same list again changes nothing; the course's name outlives the course in the log.
            let again = try await Self.importList(server, path, csv, token: admin.token).expect(.created).decode(ClassListImport.self)
            #expect(again.alreadyEnrolled == 1 && again.created == 0 && (again.links ?? []).isEmpty)
            try await server.send(.delete, APIPaths.facultyCourse(courseID), token: faculty.token).expect(.ok)
            let kept = try await server.get(APIPaths.adminAudit, token: admin.token).decode([AuditEntry].self)
                .filter { $0.action == "imported_class_list" }
            #expect(kept.count == 2 && kept.allSatisfy { $0.courseId == nil && $0.courseName == course.name })
        }
    }

    @Test func othersAreKeptOutAsTheFacultyRoutesKeepThem() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let owner = try await server.invitedFaculty(admin: admin)
            let stranger = try await server.invitedFaculty(admin: admin)
            let student = try await server.signUp(uniqueEmail("student"), role: .student)
            let courseID = try #require(try await server.createCourse("Physics", token: owner.token).id)
            let csv = "email\n\(uniqueEmail("pupil"))\n"
            let refused = { (reply: TestReply, status: HTTPResponse.Status) in QuestionBankInputTests.expectRefusal(reply, status) }

            refused(try await Self.importList(server, APIPaths.classListImport(courseID), csv, token: stranger.token), .notFound)
            refused(try await Self.importList(server, APIPaths.adminClassListImport(courseID), csv, token: stranger.token), .forbidden)
            refused(try await Self.importList(server, APIPaths.adminClassListImport(courseID), csv, token: student.token), .forbidden)
            refused(try await Self.importList(server, APIPaths.classListImport(courseID), csv, token: admin.token), .forbidden)
            refused(try await Self.importList(server, APIPaths.adminClassListImport(Int(Int32.max)), csv, token: admin.token), .notFound)
            refused(
                try await server.send(
                    .post, APIPaths.adminClassListImport(courseID), token: admin.token, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: csv)),
                .unsupportedMediaType)
            #expect(try await server.get(APIPaths.classList(courseID), token: owner.token).decode([CourseRosterStudent].self).isEmpty)
            let audit = try await server.get(APIPaths.adminAudit, token: admin.token).decode([AuditEntry].self)
            #expect(!audit.contains { $0.action == "imported_class_list" })
        }
    }

    /// A school office's file (issue 67): Polish Excel's `;` and Windows-1250, with first names
    /// and surnames apart; a refused one says what to choose in Excel, in Polish too.
    @Test func anAdminImportsAPolishExcelFile() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let faculty = try await server.invitedFaculty(admin: admin)
            let courseID = try #require(try await server.createCourse("Fizyka", token: faculty.token).id)
            let path = APIPaths.adminClassListImport(courseID)
            let expected = SpreadsheetFiles.students()
            let file = SpreadsheetFiles.bytes(SpreadsheetFiles.polishExcel(expected), .windows1250)
            let report = try await server.send(
                .post, path, token: admin.token, headers: [.contentType: "text/csv"], body: ByteBuffer(bytes: file)
            ).expect(.created).decode(ClassListImport.self)
            #expect(report.created == 2 && report.rejected.isEmpty)
            try await ClassListSpreadsheetTests.expectRoster(server, courseID, expected, token: faculty.token, "admin, Windows-1250")

            let refused = try await server.send(
                .post, path, token: admin.token, headers: [.contentType: "text/csv", .acceptLanguage: "pl"],
                body: ByteBuffer(bytes: SpreadsheetFiles.bytes("Nazwisko\tImię\nŻółć\tJaś\n", .iso88592))
            ).expect(.badRequest)
            let said = try #require(refused.error?.message)
            #expect(
                said.contains("rozdzielone tabulatorami, plik odczytany jako ISO-8859-2") && said.contains("CSV UTF-8 (rozdzielany"),
                "\(said)")
        }
    }
}
