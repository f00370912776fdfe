import CompressNIO
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// The stylesheet and the script as a browser gets them (gzipped when it takes gzip, as every
/// browser does), and the attempt page's weight with them.
@Suite("Page assets and weight", .hangGuard)
struct PageAssetTests {
    /// What Chromium sends.
    static let chromium: HTTPFields = [.acceptEncoding: "gzip, deflate, br, zstd"]

    static func assets(in page: String) throws -> [String] {
        let css = try #require(page.firstMatch(of: /href="(\/assets\/app\.[0-9a-f]{10}\.css)"/)?.1)
        let js = try #require(page.firstMatch(of: /src="(\/assets\/app\.[0-9a-f]{10}\.js)"/)?.1)
        return [String(css), String(js)]
    }

    @Test("assets are gzipped for a browser that takes gzip, and the same bytes as they are for one that does not")
    func assetsAreGzippedWhenAccepted() async throws {
        try await TestServer.run { server in
            let login = try await server.get("/login").expect(.ok)
            for path in try Self.assets(in: login.text) {
                let plain = try await server.get(path).expect(.ok)
                #expect(plain.headers[.contentEncoding] == nil && plain.headers[.vary] == "Accept-Encoding")
                let zipped = try await server.send(.get, path, headers: Self.chromium).expect(.ok)
                #expect(zipped.headers[.contentEncoding] == "gzip" && zipped.headers[.vary] == "Accept-Encoding")
                #expect(zipped.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(zipped.body.count * 2 < plain.body.count, "\(path): \(zipped.body.count) of \(plain.body.count) bytes")
                var buffer = ByteBuffer(bytes: zipped.body)
                let unzipped = try buffer.decompress(with: .gzip())
                #expect(Data(unzipped.readableBytesView) == plain.body, "\(path) gunzips to the same bytes")
                let refused = try await server.send(.get, path, headers: [.acceptEncoding: "gzip;q=0, identity"]).expect(.ok)
                #expect(refused.headers[.contentEncoding] == nil && refused.body == plain.body)
            }
        }
    }

    @Test("the attempt page with its stylesheet and script is under 30 kB as sent to Chromium (printed)")
    func attemptPageWeight() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try await server.createCourse("Weight", token: faculty.token)
            let exam = try await server.publishedExam(AttemptPageTests.exam(), courseID: try #require(course.id), token: faculty.token)
            var browser = TestBrowser(server)
            try await browser.registerStudent(uniqueEmail("pupil"))
            try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther)
            let attempt = try #require(try await browser.post("/exams/\(exam.id)/attempts", []).expect(.seeOther).headers[.location])
            let page = try await browser.get(attempt + "?q=1", headers: Self.chromium).expect(.ok)
            var parts = [("attempt page", page.body.count)]
            for path in try Self.assets(in: page.text) {
                parts.append((path, try await browser.get(path, headers: Self.chromium).expect(.ok).body.count))
            }
            let total = parts.reduce(0) { $0 + $1.1 }
            print(
                "attempt page weight as sent to Chromium: \(total) bytes (" + parts.map { "\($0.0) \($0.1)" }.joined(separator: ", ") + ")")
            #expect(total < 30_000, "\(parts)")
        }
    }
}
