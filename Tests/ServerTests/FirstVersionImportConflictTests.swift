import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Someone registers a first-version user's address on the new server before the import (or
/// between two runs of it). The import once handed that account the user's courses, rosters
/// and grade books; now the address is a conflict in the report, and the operator merges it
/// only on purpose (`--merge-registered`). The first version's codes are reserved by the
/// import, so nobody can take one on the new server in between.
@Suite("Importing the first version: registered addresses and codes", .hangGuard)
struct FirstVersionImportConflictTests {
    typealias Import = FirstVersionImportTests

    @Test func anAddressRegisteredHereFirstGetsNoneOfTheFirstVersionsData() async throws {
        let (source, target) = try await Import.setUp()
        // Registered on the new server before the import: it even gets id 1, ada's first-version id.
        _ = try await LiveServer.run(target) { client in
            try await TestServer(client: client).register("ADA@example.org", password: "the squatter's password", role: .faculty)
                .expect(.created)
        }

        let report = try await Import.importing(source, into: target)
        Import.expectFinding(report, .user, 1, .registeredHere, .notImported, mentioning: ["--merge-registered ada@example.org"])
        Import.expectFinding(report, .user, 3, .registeredHere, .notImported)
        for course in [1, 2, 3, 4, 8] { Import.expectFinding(report, .course, course, .ownerNotImported, .notImported) }

        _ = try await LiveServer.run(target) { client in
            let server = TestServer(client: client)
            let squatter = try await server.login("ada@example.org", password: "the squatter's password")
            #expect(try await server.get(APIPaths.facultyCourses, token: squatter.token).decode([Course].self).isEmpty)
            let old = try await server.post(
                APIPaths.login, json: LoginRequest(email: "ada@example.org", password: FirstVersionDatabase.adaPassword))
            #expect(old.status == .badRequest)
            // Nor do her students find her courses.
            let bob = try await server.login("bob@example.org", password: FirstVersionDatabase.bobPassword)
            try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: "ALGB"), token: bob.token).expect(.notFound)
        }

        // The operator confirmed it is Ada: a second run merges on purpose.
        let merged = try await FirstVersionImport.run(
            sourceURL: source.url, configuration: target, dryRun: false, mergeRegistered: ["Ada@Example.org"], logger: Import.logger)
        #expect(merged.findings(.user, id: 1).allSatisfy { $0.problem != .registeredHere })
        _ = try await LiveServer.run(target) { client in
            let server = TestServer(client: client)
            let ada = try await server.login("ada@example.org", password: "the squatter's password")
            let courses = try await server.get(APIPaths.facultyCourses, token: ada.token).decode([Course].self)
            #expect(courses.map(\.id) == [1, 2, 3, 4, 8])
        }
    }

    /// Issue 35, item 12: an account from before migration 013 (origin `unknown`) whose id was
    /// the first-version user's was taken for that user and given the user's courses, though a
    /// registration on a new server gets id 1 as well. Now it is a conflict like any account
    /// registered here, until the operator merges it.
    @Test func anAccountFromBeforeOriginsIsAConflictEvenWithTheUsersID() async throws {
        let (source, target) = try await Import.setUp()
        _ = try await LiveServer.run(target) { client in
            try await TestServer(client: client).register("ada@example.org", password: "an early registration", role: .faculty)
                .expect(.created)
        }
        try await Import.withTarget(target) { pool in
            let id: Int = try await pool.query("SELECT id FROM users WHERE email = 'ada@example.org'").single().decode("id")
            #expect(id == 1)
            try await pool.execute("UPDATE users SET origin = 'unknown'")
        }

        let report = try await Import.importing(source, into: target)
        Import.expectFinding(report, .user, 1, .registeredHere, .notImported, mentioning: ["--merge-registered ada@example.org"])
        _ = try await LiveServer.run(target) { client in
            let server = TestServer(client: client)
            let early = try await server.login("ada@example.org", password: "an early registration")
            #expect(try await server.get(APIPaths.facultyCourses, token: early.token).decode([Course].self).isEmpty)
        }

        _ = try await FirstVersionImport.run(
            sourceURL: source.url, configuration: target, dryRun: false, mergeRegistered: ["ada@example.org"], logger: Import.logger)
        _ = try await LiveServer.run(target) { client in
            let server = TestServer(client: client)
            let ada = try await server.login("ada@example.org", password: "an early registration")
            #expect(try await server.get(APIPaths.facultyCourses, token: ada.token).decode([Course].self).map(\.id) == [1, 2, 3, 4, 8])
        }
    }

    @Test func theFirstVersionsCodesAreReservedEvenForCoursesLeftOut() async throws {
        let (source, target) = try await Import.setUp()
        _ = try await Import.importing(source, into: target)
        try await Import.withTarget(target) { pool in
            let rows = try await pool.query("SELECT course_code FROM reserved_course_codes ORDER BY course_code")
            let codes = try rows.map { try $0.decode("course_code", as: String.self) }
            // JUNK and ORPH belong to courses that were left out; "ab1" is no code.
            #expect(codes == ["ALGB", "ALGC", "DBSE", "JUNK", "ORPH", "TOPO"])
        }
    }

    /// With every code reserved, neither a new course nor a new code may take one.
    @Test func noCourseIsGivenAReservedCode() async throws {
        let configuration = try await LiveServer.configuration()
        try await LiveServer.run(configuration) { client in
            let server = TestServer(client: client)
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            let course = try await server.createCourse("Before", token: faculty.token)
            _ = try await Import.withTarget(configuration) { pool in
                try await pool.execute(
                    """
                    INSERT INTO reserved_course_codes (course_code, first_version_course_id)
                    SELECT chr(65 + a) || chr(65 + b) || chr(65 + c) || chr(65 + d), 1
                    FROM generate_series(0, 25) a, generate_series(0, 25) b, generate_series(0, 25) c, generate_series(0, 25) d
                    ON CONFLICT DO NOTHING
                    """)
            }
            let recoded = try await server.post(APIPaths.courseCode(course.id!), raw: "", token: faculty.token)
            #expect(recoded.status == .serviceUnavailable, "\(recoded.text)")
            let created = try await server.post(
                APIPaths.facultyCourses, json: CreateCourseRequest(name: "After", description: "No code left"), token: faculty.token)
            #expect(created.status == .serviceUnavailable, "\(created.text)")
        }
    }
}
