import ExamPrepPostgres
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Pictures over real HTTP: a teacher uploads (201 `Media`), the same bytes are one picture,
/// the course's quota, 415/413/400 for what is not a picture within bounds; `/media/{id}` is
/// served to the course's teacher and enrolled students only, with its caching and safety headers.
@Suite("Media routes", .hangGuard)
struct MediaRouteTests {
    static func upload(_ bytes: [UInt8], type: String, courseID: Int, token: String, on server: TestServer) async throws -> TestReply {
        try await server.send(
            .post, APIPaths.courseMedia(courseID), token: token, headers: [.contentType: type], body: ByteBuffer(bytes: bytes))
    }

    static func count(_ query: PostgresQuery, in pool: PostgresPool) async throws -> Int {
        try await pool.query(query).single().decode("n")
    }

    @Test func aTeacherUploadsAndTheSameBytesAreOnePicture() async throws {
        try await TestServer.runWithDatabase { server, pool in
            let (faculty, _, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let png = TestPictures.png(width: 640, height: 480)
            let media = try await Self.upload(png, type: "image/png", courseID: courseID, token: faculty.token, on: server)
                .expect(.created).decode(Media.self)
            #expect(media.width == 640 && media.height == 480 && media.url == "/media/\(media.id)")
            #expect(media.sha256 == MediaDigest.hex(MediaDigest.sha256(png)) && media.sha256.count == 64)
            let again = try await Self.upload(png, type: "image/png", courseID: courseID, token: faculty.token, on: server)
                .expect(.created).decode(Media.self)
            #expect(again == media)

            // Another course of the same teacher: another id, the same bytes stored once.
            let other = try await server.createCourse("Other", token: faculty.token)
            let there = try await Self.upload(png, type: "image/png", courseID: try #require(other.id), token: faculty.token, on: server)
                .expect(.created).decode(Media.self)
            #expect(there.id != media.id && there.sha256 == media.sha256)
            let blobs = try await Self.count(
                "SELECT count(*) AS n FROM media_blobs WHERE encode(sha256, 'hex') = \(media.sha256)", in: pool)
            #expect(blobs == 1)
            for (type, bytes) in [
                ("image/jpeg", TestPictures.jpeg(width: 30, height: 20)), ("image/gif", TestPictures.gif(width: 30, height: 20)),
                ("image/webp", TestPictures.webp(width: 30, height: 20)),
            ] {
                let each = try await Self.upload(bytes, type: type, courseID: courseID, token: faculty.token, on: server)
                    .expect(.created).decode(Media.self)
                #expect(each.width == 30 && each.height == 20, "\(type)")
                let served = try await server.get(each.url, token: faculty.token).expect(.ok)
                #expect(served.headers[.contentType] == type && Array(served.body) == bytes)
            }
        }
    }

    @Test func whatIsNotAPictureWithinBoundsIsRefused() async throws {
        try await TestServer.runWithDatabase { server, pool in
            let (faculty, student, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let svg = Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".utf8)
            func refused(_ bytes: [UInt8], _ type: String, _ status: HTTPResponse.Status, token: String? = nil) async throws
                -> ErrorResponse
            {
                let reply = try await Self.upload(bytes, type: type, courseID: courseID, token: token ?? faculty.token, on: server)
                return try #require(try reply.expect(status).error, "\(type)")
            }
            #expect(try await refused(svg, "image/svg+xml", .unsupportedMediaType).error == .unsupportedMediaType)
            #expect(try await refused(svg, "text/html", .unsupportedMediaType).error == .unsupportedMediaType)
            #expect(try await refused(svg, "image/png", .badRequest).message == "The file is not a PNG picture.")
            let png = TestPictures.png(width: 10, height: 10)
            #expect(try await refused(png, "image/jpeg", .badRequest).message == "The file is not a JPEG picture.")
            #expect(try await refused(Array(png.dropLast(5)), "image/png", .badRequest).message.contains("cut short"))
            let bomb = try await refused(TestPictures.png(width: 10_000, height: 10_000), "image/png", .badRequest)
            #expect(bomb.message.contains("10000 × 10000") && bomb.error == .validationFailed)
            let huge = TestPictures.png(width: 10, height: 10, padding: PictureLimits.maxBytes)
            #expect(try await refused(huge, "image/png", .contentTooLarge).error == .payloadTooLarge)
            _ = try await refused(png, "image/png", .forbidden, token: student.token)
            let stranger = try await server.signUp(uniqueEmail("faculty"), role: .faculty)
            _ = try await refused(png, "image/png", .notFound, token: stranger.token)
            let stored = try await Self.count("SELECT count(*) AS n FROM course_media", in: pool)
            #expect(stored == 0)
        }
    }

    @Test func aCoursesPicturesAreBoundedByItsQuota() async throws {
        try await TestServer.run(configure: { $0.mediaQuotaPerCourseMB = 1 }) { server in
            let (faculty, _, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let first = TestPictures.png(width: 10, height: 10, filler: 1, padding: 600_000)
            let second = TestPictures.png(width: 10, height: 10, filler: 2, padding: 600_000)
            try await Self.upload(first, type: "image/png", courseID: courseID, token: faculty.token, on: server).expect(.created)
            let over = try await Self.upload(second, type: "image/png", courseID: courseID, token: faculty.token, on: server)
                .expect(.contentTooLarge)
            #expect(over.error?.error == .payloadTooLarge && over.error?.message.contains("at most 1 MiB") == true)
            // The same bytes again take no more room.
            try await Self.upload(first, type: "image/png", courseID: courseID, token: faculty.token, on: server).expect(.created)
            let other = try await server.createCourse("Other", token: faculty.token)
            try await Self.upload(second, type: "image/png", courseID: try #require(other.id), token: faculty.token, on: server)
                .expect(.created)
        }
    }

    @Test func aPictureIsServedToItsCoursesTeacherAndStudentsOnly() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let png = TestPictures.png(width: 3, height: 2)
            let media = try await Self.upload(png, type: "image/png", courseID: try #require(course.id), token: faculty.token, on: server)
                .expect(.created).decode(Media.self)
            for token in [faculty.token, student.token] {
                let reply = try await server.get(media.url, token: token).expect(.ok)
                #expect(Array(reply.body) == png)
                #expect(reply.headers[.contentType] == "image/png")
                #expect(reply.headers[.cacheControl] == "private, max-age=31536000, immutable")
                #expect(reply.headers[.eTag] == "\"\(media.sha256)\"")
                #expect(reply.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
                #expect(reply.headers[.contentSecurityPolicy] == "default-src 'none'")
            }
            let etag = "\"\(media.sha256)\""
            for header in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
                let cached = try await server.send(.get, media.url, token: student.token, headers: [.ifNoneMatch: header])
                    .expect(.notModified)
                #expect(cached.body.isEmpty && cached.headers[.eTag] == etag, "\(header)")
            }
            try await server.send(.get, media.url, token: student.token, headers: [.ifNoneMatch: "\"other\""]).expect(.ok)

            // The browser's session cookie is enough.
            let cookie = try await server.send(.post, APIPaths.webSession, token: student.token).expect(.noContent)
                .headers[values: .setCookie].first { $0.hasPrefix("examprep_session=") }
            let session = try #require(cookie?.split(separator: ";").first.map(String.init))
            try await server.send(.get, media.url, headers: [.cookie: session]).expect(.ok)

            let otherStudent = try await server.signUp(uniqueEmail("student"), role: .student)
            let otherTeacher = try await server.signUp(uniqueEmail("faculty"), role: .faculty)
            for token in [otherStudent.token, otherTeacher.token, "not-a-token", nil] {
                let reply = try await server.get(media.url, token: token).expect(.notFound)
                #expect(reply.error?.error == .notFound && reply.headers[.cacheControl] == nil)
            }
            try await server.send(.get, media.url, headers: [.cookie: "examprep_session=nothing"]).expect(.notFound)
            for path in ["/media/\(media.id + 1000)", "/media/x", "/media/-1", "/media/99999999999999999999"] {
                try await server.get(path, token: faculty.token).expect(.notFound)
            }
        }
    }
}
