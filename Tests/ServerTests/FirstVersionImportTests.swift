import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// `examprep-server import-v1`, through `FirstVersionImport`: a first-version database with
/// every kind of anomaly (see `FirstVersionDatabase`) into a fresh target, then the real
/// server on the target.
@Suite("Importing the first version's database", .hangGuard)
struct FirstVersionImportTests {
    typealias Problem = ImportReport.Finding.Problem
    typealias Outcome = ImportReport.Finding.Outcome

    /// What bcryptjs stored: `$2a$10$…`. libxcrypt makes `$2b$`, the same algorithm.
    @Sendable static func bcryptjs(_ password: String) throws -> String {
        let hash = try Crypt.hash(password, setting: try Crypt.makeSetting(prefix: "$2b$", cost: 10))
        return "$2a$" + hash.dropFirst(4)
    }

    static let logger = quietLogger("examprep.test.import")

    /// A first-version database, and a server configuration on a fresh target database.
    static func setUp(enrollmentDates: Bool = true) async throws -> (source: FirstVersionDatabase, target: AppConfiguration) {
        let source = try await FirstVersionDatabase.make(enrollmentDates: enrollmentDates, hash: bcryptjs)
        return (source, try await LiveServer.configuration())
    }

    static func importing(
        _ source: FirstVersionDatabase, into target: AppConfiguration, dryRun: Bool = false
    ) async throws -> ImportReport {
        try await FirstVersionImport.run(sourceURL: source.url, configuration: target, dryRun: dryRun, logger: logger)
    }

    /// Runs `body` with a pool on the target database.
    static func withTarget<R: Sendable>(_ configuration: AppConfiguration, _ body: (PostgresPool) async throws -> R) async throws -> R {
        guard case .external(let database) = configuration.database else { throw TargetNotExternal() }
        return try await PostgresPool(configuration: database, maxConnections: 1, logger: logger).whileRunning(body)
    }

    struct TargetNotExternal: Error {}

    static func count(_ table: String, _ pool: PostgresPool) async throws -> Int {
        try await pool.query(PostgresQuery(unsafeSQL: "SELECT count(*) AS n FROM \(table)")).single().decode("n")
    }

    static func expectFinding(
        _ report: ImportReport, _ record: ImportReport.Finding.Record, _ id: Int, _ problem: Problem, _ outcome: Outcome,
        mentioning words: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let found = report.findings(record, id: id).first { $0.problem == problem }
        #expect(found?.outcome == outcome, "\(record) \(id): \(problem)", sourceLocation: sourceLocation)
        for word in words {
            #expect(
                found?.message.contains(word) == true, "\(record) \(id) mentions \(word): \(found?.message ?? "-")",
                sourceLocation: sourceLocation)
        }
    }

    @Test func theReportSaysWhatHappenedToEveryRecordNotTakenAsItWas() async throws {
        let (source, target) = try await Self.setUp()
        let report = try await Self.importing(source, into: target)

        #expect(report.users == summary(12, imported: 8, notImported: 4))
        #expect(report.courses == summary(8, imported: 6, notImported: 2))
        #expect(report.enrollments == summary(13, imported: 6, notImported: 7))

        // Users: two addresses that differ in case or Unicode form; invalid emails; no role.
        Self.expectFinding(report, .user, 3, .duplicateEmail, .notImported, mentioning: ["user 1", "its 1 course moves to user 1"])
        Self.expectFinding(report, .user, 8, .duplicateEmail, .notImported, mentioning: ["user 7", "2 enrollments"])
        Self.expectFinding(report, .user, 4, .invalidEmail, .notImported, mentioning: ["\"carol\"", "1 enrollment"])
        Self.expectFinding(report, .user, 20, .invalidEmail, .notImported, mentioning: ["1 course"])
        Self.expectFinding(report, .user, 5, .noRole, .importedWithChanges, mentioning: ["student"])
        Self.expectFinding(report, .user, 6, .noRole, .importedWithChanges, mentioning: ["faculty", "owns courses"])
        Self.expectFinding(report, .user, 10, .noRole, .importedWithChanges, mentioning: ["\"admin\"", "student"])
        Self.expectFinding(report, .user, 9, .emailTrimmed, .importedWithChanges)
        Self.expectFinding(report, .user, 11, .noPassword, .importedWithChanges, mentioning: ["cannot sign in"])

        // Courses: codes that are not four letters or taken get a new code; both are listed.
        let analysis = try #require(report.findings(.course, id: 2).first { $0.problem == .invalidCourseCode })
        let newAnalysisCode = try #require(analysis.changes.first { $0.field == "courseCode" })
        #expect(newAnalysisCode.from == "ab1")
        #expect(newAnalysisCode.to.count == 4 && newAnalysisCode.to.allSatisfy { $0.isASCII && $0.isUppercase })
        #expect(analysis.message.contains("\"ab1\"") && analysis.message.contains(newAnalysisCode.to))
        #expect(report.text.contains("course 2: ab1 -> \(newAnalysisCode.to)"))
        Self.expectFinding(report, .course, 8, .duplicateCourseCode, .importedWithChanges, mentioning: ["\"ALGB\"", "course 1"])
        Self.expectFinding(report, .course, 3, .duplicateCourseName, .importedWithChanges, mentioning: ["\"algebra (2)\""])
        Self.expectFinding(report, .course, 4, .ownerMerged, .importedWithChanges, mentioning: ["user 1"])
        Self.expectFinding(report, .course, 5, .courseCodeNormalized, .importedWithChanges, mentioning: ["DBSE"])
        Self.expectFinding(report, .course, 5, .noDescription, .importedWithChanges)
        Self.expectFinding(report, .course, 6, .ownerNotImported, .notImported, mentioning: ["user 20", "1 enrollment"])
        Self.expectFinding(report, .course, 7, .ownerMissing, .notImported, mentioning: ["user 99"])
        #expect(report.findings(.course, id: 1).isEmpty)

        // Enrollments: pointing at nothing, at records left out, twice, or at faculty.
        Self.expectFinding(report, .enrollment, 8, .courseMissing, .notImported, mentioning: ["999"])
        Self.expectFinding(report, .enrollment, 9, .studentMissing, .notImported, mentioning: ["user 77"])
        Self.expectFinding(report, .enrollment, 3, .studentNotImported, .notImported)
        Self.expectFinding(report, .enrollment, 11, .courseNotImported, .notImported)
        Self.expectFinding(report, .enrollment, 12, .duplicateEnrollment, .notImported, mentioning: ["enrollment 1"])
        Self.expectFinding(report, .enrollment, 6, .duplicateEnrollment, .notImported, mentioning: ["user 8", "enrollment 5"])
        Self.expectFinding(report, .enrollment, 7, .studentMerged, .importedWithChanges, mentioning: ["user 7"])
        Self.expectFinding(report, .enrollment, 10, .studentNotStudent, .notImported, mentioning: ["faculty"])
        Self.expectFinding(report, .enrollment, 13, .noEnrollmentDate, .importedWithChanges)

        // Every record left out has a finding that says so.
        for (record, summary) in [
            (ImportReport.Finding.Record.user, report.users), (.course, report.courses), (.enrollment, report.enrollments),
        ] {
            #expect(report.findings.filter { $0.record == record && $0.outcome == .notImported }.count == summary.notImported)
        }
        #expect(report.idsContinueAfter == .init(users: 20, courses: 8, enrollments: 13))
        #expect(!report.dryRun)

        // The JSON form round-trips.
        let json = try JSONEncoder().encode(report)
        #expect(try JSONDecoder().decode(ImportReport.self, from: json) == report)
    }

    @Test func theFirstVersionsAccountsCoursesAndCodesWorkOnTheNewServer() async throws {
        let (source, target) = try await Self.setUp()
        let report = try await Self.importing(source, into: target)
        let newAnalysisCode = try #require(report.findings(.course, id: 2).first?.changes.first { $0.field == "courseCode" }?.to)

        try await LiveServer.run(target) { client in
            let server = TestServer(client: client)
            // Old bcryptjs passwords sign in, in any case of the address.
            let ada = try await server.login("ADA@example.org", password: FirstVersionDatabase.adaPassword)
            #expect(ada.userId == 1 && ada.roleId == Role.faculty.rawValue)
            let bob = try await server.login("bob@example.org", password: FirstVersionDatabase.bobPassword)
            #expect(bob.userId == 2 && bob.roleId == Role.student.rawValue)
            let aerger = try await server.login("A\u{308}rger@example.de", password: FirstVersionDatabase.aergerPassword)
            #expect(aerger.userId == 7)
            let dan = try await server.login("dan@example.org", password: FirstVersionDatabase.danPassword)
            #expect(dan.roleId == Role.student.rawValue)
            let erin = try await server.login("erin@example.org", password: FirstVersionDatabase.erinPassword)
            #expect(erin.roleId == Role.faculty.rawValue)
            // The younger account of ada's address is gone, and its password with it.
            let merged = try await server.post(
                APIPaths.login, json: LoginRequest(email: "Ada@Example.ORG", password: FirstVersionDatabase.adaDuplicatePassword))
            #expect(merged.status == .badRequest)
            // An account without a password cannot sign in, with any password.
            for attempt in ["!", "hal's password"] {
                let hal = try await server.post(APIPaths.login, json: LoginRequest(email: "hal@example.org", password: attempt))
                #expect(hal.status == .badRequest && hal.error?.error == .invalidCredentials)
            }

            // Course ids are kept; the catalogue has what was imported.
            let catalogue = try await server.get(APIPaths.catalogue).expect(.ok).decode([CatalogueCourse].self)
            #expect(catalogue.map(\.id) == [1, 2, 3, 4, 5, 8])
            let adas = try await server.get(APIPaths.facultyCourses, token: ada.token).expect(.ok).decode([Course].self)
            #expect(adas.map(\.id) == [1, 2, 3, 4, 8])
            #expect(adas.map(\.name) == ["Algebra", "Analysis", "algebra (2)", "Topology", "Copycat"])
            #expect(adas.first { $0.id == 1 }?.courseCode == "ALGB")
            #expect(adas.first { $0.id == 2 }?.courseCode == newAnalysisCode)
            #expect(adas.first { $0.id == 1 }?.enrollmentCount == 3)  // bob, dan, and ärger's merged enrollment
            let erins = try await server.get(APIPaths.facultyCourses, token: erin.token).expect(.ok).decode([Course].self)
            #expect(erins.map(\.courseCode) == ["DBSE"])

            // A student sees the new code of a course whose code was invalid.
            let bobs = try await server.get(APIPaths.studentCourses, token: bob.token).expect(.ok).decode([EnrolledCourse].self)
            #expect(bobs.map(\.id) == [1, 2])
            #expect(bobs.map(\.courseCode) == ["ALGB", newAnalysisCode])

            // Enrolling with a code of the first version (any case) works.
            let enrolled = try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: "topo"), token: dan.token)
                .expect(.created).decode(EnrollResponse.self)
            #expect(enrolled.enrollment.course.id == 4)
            #expect(enrolled.enrollment.id > FirstVersionDatabase.maxEnrollmentID)

            // New rows get ids past every first-version id, even one that was left out.
            let registered = try await server.register(uniqueEmail("new"), role: .faculty).expect(.created)
                .decode(RegistrationResponse.self)
            #expect(registered.userId == FirstVersionDatabase.maxUserID + 1)
            let course = try await server.createCourse("Brand new", token: ada.token)
            #expect(course.id == FirstVersionDatabase.maxCourseID + 1)
        }

        // The login upgraded the bcrypt hash to yescrypt.
        try await Self.withTarget(target) { pool in
            let hash: String = try await pool.query("SELECT password_hash FROM users WHERE id = 1").single().decode("password_hash")
            #expect(hash.hasPrefix("$y$"))
            let untouched: String = try await pool.query("SELECT password_hash FROM users WHERE id = 10").single().decode("password_hash")
            #expect(untouched.hasPrefix("$2a$10$"))
        }
    }

    @Test func aSecondRunImportsNothingTwice() async throws {
        let (source, target) = try await Self.setUp()
        let first = try await Self.importing(source, into: target)
        let second = try await Self.importing(source, into: target)

        #expect(second.users == summary(12, present: first.users.imported, notImported: first.users.notImported))
        #expect(second.courses == summary(8, present: first.courses.imported, notImported: first.courses.notImported))
        #expect(second.enrollments == summary(13, present: first.enrollments.imported, notImported: first.enrollments.notImported))
        #expect(!second.findings.contains { $0.outcome == .importedWithChanges })
        // The new code given by the first run is reported again, for the faculty member.
        let code = first.findings(.course, id: 2).first?.changes.first?.to
        let again = second.findings(.course, id: 2).first { $0.problem == .invalidCourseCode }
        #expect(again?.outcome == .alreadyPresent)
        #expect(again?.changes.first?.to == code)

        try await Self.withTarget(target) { (pool: PostgresPool) async throws in
            #expect(try await Self.count("users", pool) == 8)
            #expect(try await Self.count("courses", pool) == 6)
            #expect(try await Self.count("enrollments", pool) == 6)
        }
    }

    @Test func aDryRunReportsTheSameAndWritesNothing() async throws {
        let (source, target) = try await Self.setUp()
        let dry = try await Self.importing(source, into: target, dryRun: true)
        try await Self.withTarget(target) { pool in
            for table in ["users", "courses", "enrollments"] {
                #expect(try await Self.count(table, pool) == 0, "\(table)")
                let last: Int? = try await pool.query(
                    "SELECT pg_sequence_last_value(pg_get_serial_sequence(\(table), 'id')::regclass) AS last"
                ).single().decode("last")
                #expect(last == nil, "the \(table) sequence moved")
            }
        }

        let real = try await Self.importing(source, into: target)
        #expect(dry.dryRun && !real.dryRun)
        #expect([dry.users, dry.courses, dry.enrollments] == [real.users, real.courses, real.enrollments])
        #expect(dry.idsContinueAfter == real.idsContinueAfter)
        // The same findings; only the randomly drawn new codes differ.
        #expect(
            dry.findings.map { [$0.record.rawValue, "\($0.id)", $0.problem.rawValue, $0.outcome.rawValue] }
                == real.findings.map { [$0.record.rawValue, "\($0.id)", $0.problem.rawValue, $0.outcome.rawValue] })
        #expect(dry.text.contains("DRY RUN"))
    }

    @Test func withoutEnrollmentDatesTheDateTheRowWasRecordedIsTaken() async throws {
        let (source, target) = try await Self.setUp(enrollmentDates: false)
        let report = try await Self.importing(source, into: target)
        #expect(report.notes.contains { $0.contains("enrollmentDate") })
        #expect(report.findings.allSatisfy { $0.problem != .noEnrollmentDate })
        try await Self.withTarget(target) { pool in
            let dates: [Date] = try await pool.query("SELECT enrollment_date FROM enrollments ORDER BY id").map {
                try $0.decode("enrollment_date")
            }
            let recorded = try #require(ISO8601DateFormatter().date(from: "2023-08-01T00:00:00Z"))
            #expect(dates.count == 6)
            #expect(Set(dates) == [recorded])
        }
    }

    @Test func aDatabaseThatIsNotTheFirstVersionsIsRefusedBeforeAnythingIsWritten() async throws {
        let notFirstVersion = try await TestDatabase.makeDatabase(migrated: true)
        let target = try await LiveServer.configuration()
        await #expect(throws: FirstVersionSchemaError.self) {
            _ = try await FirstVersionImport.run(
                sourceURL: FirstVersionDatabase.url(of: notFirstVersion), configuration: target, dryRun: false, logger: Self.logger)
        }
        await #expect(throws: ConfigurationError.self) {
            _ = try await FirstVersionImport.run(sourceURL: "mysql://old", configuration: target, dryRun: false, logger: Self.logger)
        }
    }

    /// Planning alone: the oldest account of an address is kept, even when it has the larger id.
    @Test func theOldestAccountOfAnAddressIsKept() throws {
        let snapshot = FirstVersionSnapshot(
            roles: [1: "faculty", 2: "student"],
            users: [
                .init(id: 1, email: "Zoe@example.org", password: "$2a$10$x", roleID: 2, createdAt: Date(timeIntervalSince1970: 2000)),
                .init(id: 2, email: "zoe@example.org", password: "$2a$10$y", roleID: 2, createdAt: Date(timeIntervalSince1970: 1000)),
            ],
            courses: [], enrollments: [], hasEnrollmentDates: true)
        let plan = UserPlan(snapshot: snapshot, target: ImportTarget(users: [:], courses: [:], enrollments: [:])) { $0.lowercased() }
        #expect(plan.inserts.map(\.id) == [2])
        #expect(plan.destinations[1] == .account(id: 2, role: .student, mergedFrom: 1))
        #expect(plan.findings.map(\.problem) == [.duplicateEmail])
    }
}

private func summary(_ total: Int, imported: Int = 0, present: Int = 0, notImported: Int) -> ImportReport.TableSummary {
    var summary = ImportReport.TableSummary()
    summary.inFirstVersion = total
    summary.imported = imported
    summary.alreadyPresent = present
    summary.notImported = notImported
    return summary
}
