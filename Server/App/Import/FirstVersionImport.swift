import ExamPrepPostgres
import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// Imports the first version's database (Express + Sequelize) into this server's:
/// `examprep-server import-v1`. Users (their bcrypt hashes as they are: they verify, and are
/// re-hashed at the next login), courses with their codes, and enrollments keep their ids, so
/// the first version's app keeps working against the new server. Everything is written in one
/// transaction; a second run finds everything already there and writes nothing.
/// See `UserPlan`, `CoursePlan` and `EnrollmentPlan` for what happens to records that cannot
/// be taken as they are; each one is in the report.
public enum FirstVersionImport {
    /// Reads the first version's database at `sourceURL`, brings the target database of
    /// `configuration` (as `serve` would use it) up to date, and imports. With `dryRun`, the
    /// same work is done and rolled back; only the schema migrations, which a server start
    /// would apply anyway, stay.
    /// `logger` defaults to one at the configuration's level.
    public static func run(
        sourceURL: String, configuration: AppConfiguration, dryRun: Bool, mergeRegistered: [String] = [], logger: Logger? = nil
    ) async throws -> ImportReport {
        let logger =
            logger
            ?? {
                var logger = Logger(label: "examprep.import")
                logger.logLevel = configuration.logLevel
                return logger
            }()
        var source: PostgresConfiguration
        do {
            source = try PostgresConfiguration(url: sourceURL)
        } catch {
            throw ConfigurationError("--from is not a postgres:// URL of the first version's database: \(error)")
        }
        source.applicationName = "examprep-import"
        // The source first: a wrong URL fails before anything happens to the target.
        let snapshot = try await PostgresPool(configuration: source, maxConnections: 1, logger: logger).whileRunning { pool in
            try await FirstVersionSnapshot.read(from: pool, logger: logger)
        }
        logger.info(
            "read the first version's database",
            metadata: [
                "users": "\(snapshot.users.count)", "courses": "\(snapshot.courses.count)",
                "enrollments": "\(snapshot.enrollments.count)",
            ])
        // One transaction that may wait for the server's writers and write a whole school: no
        // statement deadline.
        var configuration = configuration
        configuration.databaseStatementTimeout = nil
        return try await Database.withPrepared(configuration, logger: logger) { database in
            try await load(
                snapshot, into: database.pool, dryRun: dryRun, mergeRegistered: Set(mergeRegistered.compactMap(EmailAddress.lookupKey)),
                logger: logger)
        }
    }

    /// Whether a source URL carries a password (which a command line shows to other users).
    public static func carriesPassword(sourceURL: String) -> Bool {
        PostgresURL.hasPassword(sourceURL)
    }

    /// Thrown out of the transaction to roll a dry run back.
    private struct DryRun: Error {
        var report: ImportReport
    }

    /// Plans and writes `snapshot` in one transaction of `pool` (rolled back on a dry run).
    static func load(
        _ snapshot: FirstVersionSnapshot, into pool: PostgresPool, dryRun: Bool, mergeRegistered: Set<String> = [], logger: Logger
    ) async throws -> ImportReport {
        do {
            return try await pool.withTransaction(logger: logger) { connection in
                let report = try await load(
                    snapshot, connection: connection, dryRun: dryRun, mergeRegistered: mergeRegistered, logger: logger)
                if dryRun { throw DryRun(report: report) }
                return report
            }
        } catch let dryRun as DryRun {
            return dryRun.report
        }
    }

    private static func load(
        _ snapshot: FirstVersionSnapshot, connection: PostgresConnection, dryRun: Bool, mergeRegistered: Set<String>, logger: Logger
    ) async throws -> ImportReport {
        let target = try await ImportTarget.lockAndRead(connection, logger: logger)

        var texts = Set<String>()
        for user in snapshot.users {
            if let email = user.email, let address = try? EmailAddress(validating: email) { texts.insert(address.display) }
        }
        for course in snapshot.courses {
            texts.insert(CoursePlan.hasName(course) ? course.name! : CoursePlan.placeholderName(course.id))
        }
        let lowered = try await ImportTarget.lowered(texts, connection, logger: logger)
        let lower = { (text: String) in lowered[text] ?? text.lowercased() }

        let users = UserPlan(snapshot: snapshot, target: target, emailLower: lower, mergeRegistered: mergeRegistered)
        let courses = CoursePlan(snapshot: snapshot, users: users, target: target, nameKey: lower)
        let enrollments = EnrollmentPlan(snapshot: snapshot, users: users, courses: courses, target: target)

        let writer = ImportWriter(connection: connection, logger: logger)
        for user in users.inserts { try await writer.insert(user) }
        for course in courses.inserts { try await writer.insert(course) }
        for enrollment in enrollments.inserts { try await writer.insert(enrollment) }
        try await writer.reserve(
            codes: snapshot.courses.compactMap { course in
                course.courseCode.flatMap { try? Validators.courseCode($0) }.map { (code: $0, courseID: course.id) }
            })
        func continueIDs(_ table: ImportWriter.Table, _ ids: [Int]) async throws -> Int {
            try await writer.continueIDs(of: table, atLeast: ids.max() ?? 0, move: !dryRun)
        }
        let next = ImportReport.NextIDs(
            users: try await continueIDs(.users, snapshot.users.map(\.id)),
            courses: try await continueIDs(.courses, snapshot.courses.map(\.id)),
            enrollments: try await continueIDs(.enrollments, snapshot.enrollments.map(\.id)))

        var notes: [String] = []
        if dryRun {
            notes.append("Dry run: nothing was imported. New course codes are drawn again when the import runs for real.")
        }
        // The first version's app reads `roleId` from the login answer: ids of its own that
        // differ from this server's would show faculty the student screens and the other way round.
        let shifted = snapshot.roles.sorted { $0.key < $1.key }.compactMap { id, name in
            Role(name: name).flatMap { $0.rawValue == id ? nil : "\($0.name) was \(id), is \($0.rawValue)" }
        }
        if !shifted.isEmpty {
            notes.append(
                "Role ids differ from the first version's (\(shifted.joined(separator: "; "))): its app, which reads roleId, "
                    + "will mistake one role for the other until it is updated.")
        }
        if !snapshot.hasEnrollmentDates {
            notes.append("The first version's \"Enrollments\" has no \"enrollmentDate\": enrollment dates are taken from \"createdAt\".")
        }
        let findings = (users.findings + courses.findings + enrollments.findings).enumerated()
            .sorted { ($0.element.record.order, $0.element.id, $0.offset) < ($1.element.record.order, $1.element.id, $1.offset) }
            .map(\.element)
        let report = ImportReport(
            dryRun: dryRun, users: users.summary, courses: courses.summary, enrollments: enrollments.summary, findings: findings,
            idsContinueAfter: next, notes: notes)
        logger.info(
            dryRun ? "import checked (dry run, rolled back)" : "import written",
            metadata: [
                "users": "\(users.summary.imported)", "courses": "\(courses.summary.imported)",
                "enrollments": "\(enrollments.summary.imported)", "findings": "\(findings.count)",
            ])
        return report
    }
}
