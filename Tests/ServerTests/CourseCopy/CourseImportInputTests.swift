import ExamPrepPostgres
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// What `POST /api/faculty/courses/import` refuses, each with a 4xx and the error envelope, and
/// with no row left behind: a body over the bound (413 before it is read), a compressed one
/// (415, never inflated), broken or deeply nested JSON, a file of another kind or from a newer
/// server, a question that fails validation, a picture whose bytes lie, an exam that shows a
/// picture or draws questions the file does not hold.
@Suite("Course import input", .hangGuard)
struct CourseImportInputTests {
    /// A teacher, a valid file of a course with a picture, and the file as an object to spoil.
    static func setUp(on server: TestServer) async throws -> (token: String, file: CourseExportFile) {
        let source = try await CopiedCourse.make(on: server)
        var file = try await source.export(on: server).expect(.ok).decode(CourseExportFile.self)
        file.course.name += " (copy)"
        return (source.faculty.token, file)
    }

    static func json(_ file: CourseExportFile) throws -> Data { try ExamPrepJSON.makeEncoder().encode(file) }

    /// Posts `body` and expects `status` with the error envelope and no new row anywhere.
    static func refused(
        _ body: Data, _ status: HTTPResponse.Status, saying words: String? = nil, headers: HTTPFields = [.contentType: "application/json"],
        token: String, server: TestServer, pool: PostgresPool, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let before = try await CopiedCourse.rowCounts(in: pool)
        let reply = try await CopiedCourse.importFile(body, token: token, headers: headers, on: server)
        #expect(reply.status == status, "\(reply.text)", sourceLocation: sourceLocation)
        let envelope = try #require(reply.error, "\(reply.text)", sourceLocation: sourceLocation)
        if let words { #expect(envelope.message.contains(words), "\(envelope.message)", sourceLocation: sourceLocation) }
        #expect(try await CopiedCourse.rowCounts(in: pool) == before, sourceLocation: sourceLocation)
    }

    @Test func aFileThatIsNotACourseFileIsRefused() async throws {
        try await TestServer.runWithDatabase { server, pool in
            let (token, file) = try await Self.setUp(on: server)
            func refused(
                _ body: Data, _ status: HTTPResponse.Status, _ words: String? = nil,
                headers: HTTPFields = [.contentType: "application/json"]
            )
                async throws
            { try await Self.refused(body, status, saying: words, headers: headers, token: token, server: server, pool: pool) }
            let good = try Self.json(file)
            try await refused(Data(good.prefix(good.count / 2)), .badRequest)
            try await refused(Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8), .badRequest)
            try await refused(Data(#"{"format":"examprep-personal-data","version":1}"#.utf8), .badRequest, "not an ExamPrep course file")
            try await refused(Data(#"{"format":"examprep-course","version":2,"shiny":[]}"#.utf8), .badRequest, "newer ExamPrep")
            try await refused(Data([0xFF, 0xFE, 0x7B]), .badRequest)
            // Compressed: by its header, its type or its first bytes; never inflated.
            try await refused(good, .unsupportedMediaType, headers: [.contentType: "application/json", .contentEncoding: "gzip"])
            try await refused(good, .unsupportedMediaType, headers: [.contentType: "application/zip"])
            let gzipBomb = Data([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03] + [UInt8](repeating: 0xED, count: 4096))
            try await refused(gzipBomb, .unsupportedMediaType)
            try await refused(Data([0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 64)), .unsupportedMediaType)
        }
    }

    @Test func everyPartIsCheckedAsTheAPIChecksIt() async throws {
        try await TestServer.runWithDatabase { server, pool in
            let (token, file) = try await Self.setUp(on: server)
            func refused(_ spoil: (inout CourseExportFile) -> Void, _ status: HTTPResponse.Status = .badRequest, _ words: String? = nil)
                async throws
            {
                var spoilt = file
                spoil(&spoilt)
                try await Self.refused(try Self.json(spoilt), status, saying: words, token: token, server: server, pool: pool)
            }
            try await refused({ $0.questions[0].points = 0 }, .badRequest, "questions[0].points")
            try await refused({ $0.exams[0].questions[1].answer = nil })
            try await refused({ $0.course.name = " " })
            try await refused({ $0.course.timeZone = "Mars/Olympus" })
            try await refused({ $0.gradeScale = GradeScale(bands: [GradeBand(minPercent: 10, grade: "1")]) })
            // A picture whose bytes lie: another digest, another type, not base64, not a picture.
            try await refused({ $0.pictures[0].sha256 = String(repeating: "0", count: 64) }, .badRequest, "SHA-256")
            try await refused({ $0.pictures[0].type = "image/jpeg" }, .badRequest, "pictures[0]")
            try await refused({ $0.pictures[0].data = "***" })
            try await refused({ file in
                let bytes = Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)
                file.pictures[0] = CourseExportPicture(
                    id: file.pictures[0].id, type: "image/svg+xml", sha256: MediaDigest.hex(MediaDigest.sha256(bytes)),
                    data: Data(bytes).base64EncodedString())
            })
            // References the file does not resolve: a picture not in it, a draw its bank cannot fill.
            try await refused({ $0.pictures = [] }, .badRequest, "not among the file's pictures")
            try await refused({ $0.questions = [] }, .badRequest, "Forces")
            // Still good after all that: the original imports.
            try await CopiedCourse.importFile(try Self.json(file), token: token, on: server).expect(.created)
        }
    }

    @Test func aBodyOverTheBoundIsRefusedBeforeItIsRead() async throws {
        try await TestServer.runWithDatabase(configure: { $0.mediaQuotaPerCourseMB = 1 }) { server, pool in
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let bound = CourseFileReader.maxBytes(quotaBytes: 1 << 20)
            // A declared gigabyte: the answer comes before the body, which is never sent.
            let connection = try RawConnection(port: server.port)
            try connection.send(
                "POST \(APIPaths.courseImport) HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer \(faculty.token)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(1 << 30)\r\n\r\n{")
            let head = try await connection.readHead()
            #expect(head.hasPrefix("HTTP/1.1 413"), "\(head)")
            // Over the bound by a byte, sent whole (with its length): 413 with the envelope, nothing written.
            let padding = String(repeating: " ", count: bound)
            try await Self.refused(
                Data(("{" + padding + "}").utf8), .contentTooLarge, saying: "MB", token: faculty.token, server: server, pool: pool)
        }
    }

    @Test func fuzzedTextsAreStoredAsSentOrRefused() async throws {
        try await TestServer.run(configure: { $0.limits.courseCreationsPerFaculty.maxAttempts = 1000 }) { server in
            let (token, file) = try await Self.setUp(on: server)
            for (index, text) in FuzzText.inputs.enumerated() {
                var fuzzed = file
                fuzzed.course.name = "Fuzz \(index) " + text
                fuzzed.course.description = "About " + text
                fuzzed.questions[0].prompt = text.isEmpty ? "?" : text
                let reply = try await CopiedCourse.importFile(try Self.json(fuzzed), token: token, on: server)
                #expect(reply.status == .created || reply.status == .badRequest, "\(reply.status): \(reply.text)")
                if reply.status == .created {
                    let course = try reply.decode(CourseImportResponse.self).course
                    #expect(course.description == fuzzed.course.description.trimmingCharacters(in: .whitespacesAndNewlines))
                }
            }
        }
    }
}
