import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Hole 7: one faculty account created ~1,900 courses a second, the catalogue answered 3 MB
/// at once, and filling the code space would have stopped course creation for everyone.
/// Course creation is limited per faculty member, capped, and every list is paged.
@Suite("Abuse: flooding the catalogue", .hangGuard)
struct CourseFloodTests {
    @Test func courseCreationIsLimitedAndCapped() async throws {
        try await TestServer.run(configure: {
            $0.limits.courseCreationsPerFaculty = RateLimit(maxAttempts: 4, windowSeconds: 3600)
            $0.maxCoursesPerFaculty = 3
        }) { server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            for index in 0..<3 { _ = try await server.createCourse("Course \(index)", token: faculty.token) }
            let capped = try await server.post(
                APIPaths.facultyCourses, json: CreateCourseRequest(name: "One more", description: "Over the cap"), token: faculty.token)
            #expect(capped.status == .conflict)
            #expect(capped.error?.error == .limitReached)
            let limited = try await server.post(
                APIPaths.facultyCourses, json: CreateCourseRequest(name: "Yet another", description: "Too fast"), token: faculty.token)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
        }
    }

    @Test func theCatalogueIsPagedByDefault() async throws {
        try await TestServer.run(configure: { $0.limits.courseCreationsPerFaculty = RateLimit(maxAttempts: 100, windowSeconds: 3600) }) {
            server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            for index in 0..<55 { _ = try await server.createCourse("Course \(index)", token: faculty.token) }
            let first = try await server.get(APIPaths.catalogue).expect(.ok)
            #expect(try first.decode([CatalogueCourse].self).count == 50)
            #expect(first.headers[.init("Link")!]?.contains(#"rel="next""#) == true)
        }
    }
}
