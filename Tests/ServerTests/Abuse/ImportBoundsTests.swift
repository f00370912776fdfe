import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Issue 35, item 4: a megabyte of `{` and a blank line gave a 50 MB report (every broken
/// block listed), and twenty clients that never read it took the server from 479 to 1,387 MiB;
/// the file was read and parsed before the course was found not to be the caller's.
@Suite("Abuse: what an import answers", .hangGuard)
struct ImportBoundsTests {
    static func importing(_ server: TestServer, _ text: String, course: Int, token: String, dryRun: Bool = false) async throws
        -> TestReply
    {
        try await server.send(
            .post, APIPaths.importQuestions(course) + (dryRun ? "?dryRun=true" : ""), token: token,
            headers: [.contentType: "text/plain"], body: ByteBuffer(string: text))
    }

    /// Twenty thousand broken blocks (60 kB; the megabyte is 350,000 of them, which the
    /// debug build of the suite takes long to parse twice): the report lists 100 and counts them all.
    @Test func aFileOfBrokenBlocksGivesASmallReport() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let blocks = 20_000
            let file = String(repeating: "{\n\n", count: blocks)
            for dryRun in [true, false] {
                let reply = try await Self.importing(server, file, course: course.id!, token: faculty.token, dryRun: dryRun)
                #expect(reply.status == (dryRun ? .ok : .created), "\(reply.text.prefix(300))")
                #expect(reply.body.count < 16 * 1024, "a report of \(reply.body.count) bytes")
                let report = try reply.decode(QuestionImportReport.self)
                #expect(report.imported == 0 && report.skipped.count == 100)
                #expect(reply.object?["skippedCount"] as? Int == blocks, "every broken block counted")
                #expect(report.skipped.map(\.line) == report.skipped.map(\.line).sorted() && report.skipped.first?.line == 1)
            }
        }
    }

    /// Another teacher's course is refused before the body is read: a file that is not even
    /// text gets the 404, not the 400 about its bytes.
    @Test func anotherTeachersCourseIsRefusedBeforeTheFileIsRead() async throws {
        try await TestServer.run { server in
            let (_, _, course) = try await server.classroom()
            let stranger = try await server.signUp(uniqueEmail("stranger"), role: .faculty)
            for body in [ByteBuffer(bytes: [0xFF, 0xFE, 0x00, 0x7B]), ByteBuffer(string: "   \n")] {
                let reply = try await server.send(
                    .post, APIPaths.importQuestions(course.id!), token: stranger.token, headers: [.contentType: "text/plain"], body: body)
                #expect(reply.status == .notFound, "\(reply.text)")
            }
        }
    }

    /// The export is written a page at a time; pages together are the whole bank, once, in
    /// order, and import back to the same questions.
    @Test func aBankOfManyPagesExportsWholeAndImportsBack() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let count = 107  // more than two pages of 50
            let file = (1...count).map { "$CATEGORY: $course$/top/T\($0 / 40)\n\n::Q\($0)::Statement \($0) {T}\n" }.joined(separator: "\n")
            try await Self.importing(server, file, course: course.id!, token: faculty.token).expect(.created)
            let export = try await server.get(APIPaths.exportQuestions(course.id!), token: faculty.token).expect(.ok)
            #expect((1...count).allSatisfy { export.text.components(separatedBy: "::Q\($0)::").count == 2 })
            #expect(export.text.components(separatedBy: "$CATEGORY:").count - 1 == count / 40 + 1, "one category line per topic")
            let copy = try await server.createCourse("Copy", token: faculty.token)
            let report = try await Self.importing(server, export.text, course: copy.id!, token: faculty.token)
                .expect(.created).decode(QuestionImportReport.self)
            #expect(report.imported == count && report.skipped.isEmpty)
        }
    }
}
