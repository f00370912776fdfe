import ExamPrepPostgres
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Testing

@testable import ExamPrepServer

/// docs/API.md: "HEAD is answered wherever GET is." Every GET route the server registers, the
/// API's and the pages', asked with HEAD gets GET's status and headers and no body.
@Suite("HEAD wherever GET", .hangGuard)
struct HeadRequestTests {
    /// The GET routes' paths, with `1` for every parameter (`/api/courses/1`).
    static func getPaths() async throws -> [String] {
        let database = try await TestDatabase.makeDatabase(migrated: false)
        let keys = try SigningKeys(signingSecret: TestServer.secret)
        let router = try buildRouter(
            configuration: AppConfiguration(),
            pool: PostgresPool(configuration: database, maxConnections: 1, logger: Logger(label: "test")),
            hasher: PasswordHasher(scheme: .yescrypt(cost: 1), threads: 1, maxWait: .seconds(1)),
            accessTokens: await AccessTokens(keys: keys, lifetime: 60), cursors: CursorCodec(secret: keys.signing.secret),
            metrics: AppMetrics())
        let patterns = Set(router.routes.filter { $0.method == .get }.map(\.path.description))
        return patterns.sorted().map { pattern in
            pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment in
                segment.hasPrefix(":") || segment.hasPrefix("{") || segment.hasPrefix("*") ? "1" : String(segment)
            }.joined(separator: "/")
        }
    }

    @Test func everyGETRouteAnswersHEADAlike() async throws {
        let paths = try await Self.getPaths()
        #expect(paths.count > 50, "\(paths)")
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("faculty"), role: .faculty)
            let student = try await server.signUp(uniqueEmail("student"), role: .student)
            for token in [faculty.token, student.token] {
                for path in paths {
                    let get = try await server.send(.get, path, token: token)
                    let head = try await server.send(.head, path, token: token)
                    #expect(head.status == get.status, "HEAD \(path): \(head.status.code), GET \(get.status.code)")
                    #expect(head.body.isEmpty, "HEAD \(path) has no body")
                    #expect(head.headers[.contentType] == get.headers[.contentType], "HEAD \(path)")
                }
            }
        }
    }
}
