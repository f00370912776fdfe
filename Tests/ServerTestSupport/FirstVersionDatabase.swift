import ExamPrepPostgres
import ExamPrepTestSupport
import Foundation
import Logging

/// A database of the first version (Express + Sequelize: quoted camelCase tables), in a test
/// database of its own, with good records and one of each kind of record the import cannot
/// take as it is. The ids below are the first version's.
///
/// Users:
/// - 1 ada@example.org, faculty ("Faculty" in `"Roles"`: names in any case), `adaPassword`
/// - 2 bob@example.org, student, `bobPassword`
/// - 3 Ada@Example.ORG, faculty, younger than 1: the same address in another case
/// - 4 "carol": an invalid email
/// - 5 dan@example.org, no role, owns no course (student), `danPassword`
/// - 6 erin@example.org, no role, owns course 5 (faculty), `erinPassword`
/// - 7 ärger@example.de (NFC), student, `aergerPassword`
/// - 8 A\u{308}RGER@example.de (decomposed, upper case): the same address as 7
/// - 9 " frank@example.org " (spaces around it), student
/// - 10 gina@example.org, role 3 "admin" (unknown here)
/// - 11 hal@example.org, student, no password
/// - 20 "not an email", faculty, owns course 6: the highest user id
///
/// Courses: 1 Algebra ALGB (ada), 2 Analysis "ab1" (ada: not four letters), 3 "algebra"
/// ALGC (ada: the name again), 4 Topology TOPO (user 3: moves to ada), 5 Databases "dbse"
/// without description (erin), 6 Junk JUNK (user 20), 7 Orphan ORPH (user 99: nobody),
/// 8 Copycat "ALGB" (ada: the code of course 1).
///
/// Enrollments: 1 bob→1, 2 bob→2, 3 carol→1, 4 dan→1, 5 ärger→2, 6 user 8→2 (after the merge,
/// ärger's again), 7 user 8→1 (moves to ärger), 8 bob→999 (no such course), 9 user 77→1
/// (no such user), 10 ada→5 (faculty), 11 bob→6 (course left out), 12 bob→1 (again), 13
/// frank→3 (no enrollment date).
public struct FirstVersionDatabase: Sendable {
    public let configuration: PostgresConfiguration

    public static let adaPassword = "ada's old password"
    public static let adaDuplicatePassword = "the other ada's password"
    public static let bobPassword = "bob's old password"
    public static let danPassword = "dan's old password"
    public static let erinPassword = "erin's old password"
    public static let aergerPassword = "ärger's old password"

    /// The largest ids of the first version's tables (user 20 is left out, yet new users
    /// must come after it).
    public static let maxUserID = 20
    public static let maxCourseID = 8
    public static let maxEnrollmentID = 13

    /// A `postgresql://` URL of this database, as `import-v1 --from` takes it.
    public var url: String { Self.url(of: configuration) }

    /// Creates the first version's tables and rows. `hash` turns a password into the hash
    /// bcryptjs would have stored (`$2a$10$…`). Without `enrollmentDates`, `"Enrollments"`
    /// has no `"enrollmentDate"` column (as in the first version's earliest schema).
    public static func make(
        enrollmentDates: Bool = true, hash: @Sendable (String) throws -> String
    ) async throws -> FirstVersionDatabase {
        let configuration = try await TestDatabase.makeDatabase(migrated: false)
        var logger = Logger(label: "examprep.test.first-version")
        logger.logLevel = .warning
        let pool = PostgresPool(configuration: configuration, maxConnections: 1, logger: logger)
        try await pool.whileRunning { pool in
            try await pool.withConnection { connection in
                try await connection.executeScript(
                    """
                    CREATE TABLE "Roles" (
                        id SERIAL PRIMARY KEY, name VARCHAR(255),
                        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now());
                    CREATE TABLE "Users" (
                        id SERIAL PRIMARY KEY, email VARCHAR(255), password VARCHAR(255), "roleId" INTEGER,
                        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL);
                    CREATE TABLE "Courses" (
                        id SERIAL PRIMARY KEY, name VARCHAR(255), description TEXT, "userId" INTEGER, "courseCode" VARCHAR(255),
                        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL);
                    CREATE TABLE "Enrollments" (
                        id SERIAL PRIMARY KEY, "studentId" INTEGER, "courseId" INTEGER,
                        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL);
                    INSERT INTO "Roles" (id, name) VALUES (1, 'Faculty'), (2, 'student'), (3, 'admin');
                    """, logger: logger)
                if enrollmentDates {
                    try await connection.executeScript(
                        #"ALTER TABLE "Enrollments" ADD COLUMN "enrollmentDate" TIMESTAMP WITH TIME ZONE"#, logger: logger)
                }

                let users: [(Int, String, String?, Int?, String)] = [
                    (1, "ada@example.org", adaPassword, 1, "2023-01-01"),
                    (2, "bob@example.org", bobPassword, 2, "2023-01-02"),
                    (3, "Ada@Example.ORG", adaDuplicatePassword, 1, "2023-02-01"),
                    (4, "carol", "carol's password", 2, "2023-01-03"),
                    (5, "dan@example.org", danPassword, nil, "2023-01-04"),
                    (6, "erin@example.org", erinPassword, nil, "2023-01-05"),
                    (7, "ärger@example.de", aergerPassword, 2, "2023-01-06"),
                    (8, "A\u{308}RGER@example.de", "the other ärger's password", 2, "2023-03-01"),
                    (9, " frank@example.org ", "frank's password", 2, "2023-01-07"),
                    (10, "gina@example.org", "gina's password", 3, "2023-01-08"),
                    (11, "hal@example.org", nil, 2, "2023-01-10"),
                    (20, "not an email", "whoever's password", 1, "2023-01-09"),
                ]
                for (id, email, password, role, created) in users {
                    let hashed = try password.map(hash)
                    try await connection.execute(
                        """
                        INSERT INTO "Users" (id, email, password, "roleId", "createdAt", "updatedAt")
                        VALUES (\(id), \(email), \(hashed), \(role), \(created)::timestamptz, \(created)::timestamptz)
                        """, logger: logger)
                }

                let courses: [(Int, String, String?, Int, String)] = [
                    (1, "Algebra", "Groups and rings", 1, "ALGB"),
                    (2, "Analysis", "Limits", 1, "ab1"),
                    (3, "algebra", "Algebra once more", 1, "ALGC"),
                    (4, "Topology", "Open sets", 3, "TOPO"),
                    (5, "Databases", nil, 6, "dbse"),
                    (6, "Junk", "Left out with its owner", 20, "JUNK"),
                    (7, "Orphan", "Nobody's", 99, "ORPH"),
                    (8, "Copycat", "Same code as Algebra", 1, "ALGB"),
                ]
                for (id, name, description, owner, code) in courses {
                    try await connection.execute(
                        """
                        INSERT INTO "Courses" (id, name, description, "userId", "courseCode", "createdAt", "updatedAt")
                        VALUES (\(id), \(name), \(description), \(owner), \(code), now(), now())
                        """, logger: logger)
                }

                let enrollments: [(Int, Int, Int, Bool)] = [
                    (1, 2, 1, true), (2, 2, 2, true), (3, 4, 1, true), (4, 5, 1, true), (5, 7, 2, true), (6, 8, 2, true),
                    (7, 8, 1, true), (8, 2, 999, true), (9, 77, 1, true), (10, 1, 5, true), (11, 2, 6, true), (12, 2, 1, true),
                    (13, 9, 3, false),
                ]
                for (id, student, course, dated) in enrollments {
                    if enrollmentDates {
                        let date: String? = dated ? "2023-09-0\(id % 9 + 1)" : nil
                        try await connection.execute(
                            """
                            INSERT INTO "Enrollments" (id, "studentId", "courseId", "enrollmentDate", "createdAt", "updatedAt")
                            VALUES (\(id), \(student), \(course), \(date)::timestamptz, '2023-08-01', '2023-08-01')
                            """, logger: logger)
                    } else {
                        try await connection.execute(
                            """
                            INSERT INTO "Enrollments" (id, "studentId", "courseId", "createdAt", "updatedAt")
                            VALUES (\(id), \(student), \(course), '2023-08-01', '2023-08-01')
                            """, logger: logger)
                    }
                }
            }
        }
        return FirstVersionDatabase(configuration: configuration)
    }

    /// A `postgresql://` URL for a test database reached over the cluster's socket.
    public static func url(of configuration: PostgresConfiguration) -> String {
        func value(_ key: String) -> String {
            let raw = configuration.parameters.last { $0.key == key }?.value ?? ""
            return raw.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? raw
        }
        return "postgresql:///\(value("dbname"))?host=\(value("host"))&port=\(value("port"))&user=\(value("user"))"
    }
}
