import ExamPrepPostgres
import ExamPrepTestSupport
import Foundation
import Testing

@Suite("Parameters and types round-trip", .hangGuard)
struct BindRoundTripTests {
    static let awkwardStrings = [
        "",
        "plain",
        "Zażółć gęślą jaźń — 試験 🎓👩🏽‍🏫",
        "O'Brien said \"hi\" and left '' behind",
        #"C:\path\to\file \\ \n \x00 not a NUL"#,
        "'; DROP TABLE x; --",
        "$1 $2 ? %s {0}",
        "line one\nline two\r\n\ttabbed",
        String((1...255).map { Character(Unicode.Scalar(UInt8($0))) }),
    ]

    @Test("strings with unicode, quotes, backslashes and injection attempts come back byte-identical")
    func awkwardStringsRoundTrip() async throws {
        try await TestPools.withPool { pool in
            try await pool.execute("CREATE TABLE x (id serial PRIMARY KEY, value text NOT NULL)")
            for string in Self.awkwardStrings {
                let rows = try await pool.query("INSERT INTO x (value) VALUES (\(string)) RETURNING value")
                let back = try Array(rows)[0].decode("value", as: String.self)
                #expect(Array(back.utf8) == Array(string.utf8))
                // And as a comparison value: exactly one row matches.
                let matches = try await pool.query("SELECT count(*) AS n FROM x WHERE value = \(string)")
                #expect(try matches.single().decode("n", as: Int.self) == 1)
            }
            // The injection string did nothing: the table is still there with every row.
            let count = try await pool.query("SELECT count(*) FROM x")
            #expect(try count.single().decode(0, as: Int.self) == Self.awkwardStrings.count)
        }
    }

    @Test("every byte value 0...255 round-trips through bytea")
    func bytesRoundTrip() async throws {
        try await TestPools.withPool { pool in
            try await pool.execute("CREATE TABLE blobs (data bytea)")
            let bytes = (0...255).map { UInt8($0) } + [0, 0, 92, 120]
            try await pool.execute("INSERT INTO blobs (data) VALUES (\(bytes)), (\([UInt8]()))")
            let rows = try await pool.query("SELECT data, length(data) AS n FROM blobs ORDER BY n DESC")
            #expect(try Array(rows)[0].decode("data", as: [UInt8].self) == bytes)
            #expect(try Array(rows)[0].decode("n", as: Int.self) == bytes.count)
            #expect(try Array(rows)[1].decode("data", as: [UInt8].self) == [])
        }
    }

    @Test("a String containing NUL is refused before it reaches the server")
    func nulStringIsRefused() async throws {
        try await TestPools.withPool { pool in
            try await pool.execute("CREATE TABLE x (value text)")
            await #expect {
                try await pool.execute("INSERT INTO x VALUES (\("before\u{0}after"))")
            } throws: { error in
                guard let error = error as? PostgresError else { return false }
                return error.kind == .invalidParameter && error.message.contains("$1") && error.message.contains("NUL")
            }
            let count = try await pool.query("SELECT count(*) FROM x")
            #expect(try count.single().decode(0, as: Int.self) == 0)
        }
    }

    @Test("every supported type round-trips, NULL included")
    func allTypesRoundTrip() async throws {
        try await TestPools.withPool { pool in
            try await pool.execute(
                """
                CREATE TABLE everything (
                    n int8, i32 int4, i64 int8, s text, b bool, d float8, t timestamptz,
                    u uuid, bytes bytea
                )
                """)
            let date = Date(timeIntervalSince1970: 1_795_342_500.123456)  // 2026-11-22 10:15:00.123456 UTC
            let uuid = UUID()
            let values: [(Int, Int32, Int64, String, Bool, Double, Date, UUID, [UInt8])] = [
                (Int.max, Int32.min, Int64.min, "ü", true, 0.1, date, uuid, [0, 255]),
                (Int.min, Int32.max, 0, "", false, -1.5e-300, Date(timeIntervalSince1970: -1_234_567.5), uuid, []),
                (0, 0, Int64.max, "x", true, .infinity, Date(timeIntervalSince1970: 0), uuid, [1]),
            ]
            for (n, i32, i64, s, b, d, t, u, bytes) in values {
                try await pool.execute(
                    """
                    INSERT INTO everything VALUES (\(n), \(i32), \(i64), \(s), \(b), \(d), \(t), \(u), \(bytes))
                    """)
            }
            let noInt: Int? = nil
            let noI32: Int32? = nil
            let noI64: Int64? = nil
            let noString: String? = nil
            let noBool: Bool? = nil
            let noDouble: Double? = nil
            let noDate: Date? = nil
            let noUUID: UUID? = nil
            let noBytes: [UInt8]? = nil
            try await pool.execute(
                """
                INSERT INTO everything VALUES (\(noInt), \(noI32), \(noI64), \(noString), \(noBool), \(noDouble), \
                \(noDate), \(noUUID), \(noBytes))
                """)

            let rows = try await pool.query("SELECT * FROM everything")
            #expect(rows.count == 4)
            #expect(rows.columns == ["n", "i32", "i64", "s", "b", "d", "t", "u", "bytes"])
            for (index, expected) in values.enumerated() {
                let row = Array(rows)[index]
                #expect(try row.decode("n", as: Int.self) == expected.0)
                #expect(try row.decode("i32", as: Int32.self) == expected.1)
                #expect(try row.decode("i64", as: Int64.self) == expected.2)
                #expect(try row.decode("s", as: String.self) == expected.3)
                #expect(try row.decode("b", as: Bool.self) == expected.4)
                #expect(try row.decode("d", as: Double.self) == expected.5)
                let decodedDate = try row.decode("t", as: Date.self)
                #expect(abs(decodedDate.timeIntervalSince1970 - expected.6.timeIntervalSince1970) < 0.000_001)
                #expect(try row.decode("u", as: UUID.self) == expected.7)
                #expect(try row.decode("bytes", as: [UInt8].self) == expected.8)
                #expect(try row.decode("n", as: Int?.self) == expected.0)
            }
            let nulls = Array(rows)[3]
            #expect(try nulls.decode("n", as: Int?.self) == nil)
            #expect(try nulls.decode("i32", as: Int32?.self) == nil)
            #expect(try nulls.decode("i64", as: Int64?.self) == nil)
            #expect(try nulls.decode("s", as: String?.self) == nil)
            #expect(try nulls.decode("b", as: Bool?.self) == nil)
            #expect(try nulls.decode("d", as: Double?.self) == nil)
            #expect(try nulls.decode("t", as: Date?.self) == nil)
            #expect(try nulls.decode("u", as: UUID?.self) == nil)
            #expect(try nulls.decode("bytes", as: [UInt8]?.self) == nil)
        }
    }

    @Test("dates are stored as the instant they are, and the server sees them in UTC")
    func dateIsTheSameInstant() async throws {
        try await TestPools.withPool { pool in
            let date = Date(timeIntervalSince1970: 1_795_342_500.123456)
            let rows = try await pool.query("SELECT \(date)::text AS printed, \(date) AS back")
            #expect(try Array(rows)[0].decode("printed", as: String.self) == "2026-11-22 10:15:00.123456+00")
            #expect(abs(try Array(rows)[0].decode("back", as: Date.self).timeIntervalSince(date)) < 0.000_001)
        }
    }

    @Test("arrays of optionals, dates and ids: a nil is NULL, the awkward strings and the word NULL itself are text")
    func arraysRoundTrip() async throws {
        try await TestPools.withPool { pool in
            let strings: [String?] = Self.awkwardStrings.filter { !$0.contains("\u{0}") } + ["NULL", "null", "\"\u{301}", nil, "{}", ","]
            let dates: [Date?] = [Date(timeIntervalSince1970: 1_795_342_500.123456), nil, Date(timeIntervalSince1970: -62_135_596_800)]
            let ids: [UUID?] = [UUID(), nil, UUID()]
            let rows = try await pool.query(
                """
                SELECT s.value, s.position FROM unnest(\(PostgresArray(strings))) WITH ORDINALITY AS s(value, position) ORDER BY s.position
                """)
            #expect(try rows.map { try $0.decode("value", as: String?.self) } == strings)
            let times = try await pool.query(
                "SELECT t.value, t.value::text AS printed FROM unnest(\(PostgresArray(dates))) WITH ORDINALITY AS t(value, n) ORDER BY t.n")
            #expect(
                try times.map { try $0.decode("printed", as: String?.self) } == [
                    "2026-11-22 10:15:00.123456+00", nil, "0001-01-01 00:00:00+00",
                ])
            let back = try await pool.query("SELECT u.value FROM unnest(\(PostgresArray(ids))) WITH ORDINALITY AS u(value, n) ORDER BY u.n")
            #expect(try back.map { try $0.decode("value", as: UUID?.self) } == ids)
        }
    }

    @Test("a date no timestamp holds fails the statement, in an array as alone")
    func outOfRangeDateInAnArrayFails() async throws {
        try await TestPools.withPool { pool in
            await #expect(throws: PostgresError.self) {
                _ = try await pool.query("SELECT unnest(\(PostgresArray([Date(timeIntervalSince1970: 1e300)])))")
            }
        }
    }

    @Test("special doubles and numeric round-trip")
    func doubles() async throws {
        try await TestPools.withPool { pool in
            let rows = try await pool.query(
                """
                SELECT \(Double.nan) AS nan, \(-Double.infinity) AS neg, \(1e-5) AS small, 12.50::numeric AS money
                """)
            #expect(try Array(rows)[0].decode("nan", as: Double.self).isNaN)
            #expect(try Array(rows)[0].decode("neg", as: Double.self) == -.infinity)
            #expect(try Array(rows)[0].decode("small", as: Double.self) == 1e-5)
            #expect(try Array(rows)[0].decode("money", as: Double.self) == 12.5)
        }
    }

    @Test("unescaped: splices raw SQL while values never become SQL")
    func unescapedVersusValues() async throws {
        try await TestPools.withPool { pool in
            let table = "scores"
            try await pool.execute("CREATE TABLE \(unescaped: table) (name text)")
            try await pool.execute("INSERT INTO \(unescaped: table) (name) VALUES (\("alice"))")
            // A value that looks like SQL matches nothing and changes nothing.
            let hostile = "alice' OR '1'='1"
            let rows = try await pool.query("SELECT name FROM \(unescaped: table) WHERE name = \(hostile)")
            #expect(rows.isEmpty)
            // The same text spliced raw is SQL (that is why unescaped: is only for program-made text).
            let raw = try await pool.query("SELECT name FROM \(unescaped: table) WHERE name = '\(unescaped: "alice")'")
            #expect(try raw.map { try $0.decode("name", as: String.self) } == ["alice"])
            // A table name passed as a value is a string, not an identifier.
            await #expect(throws: PostgresError.self) {
                try await pool.query("SELECT * FROM \(table)")
            }
        }
    }

    @Test("a String parameter takes the type of what it is compared with (citext stays case-insensitive)")
    func stringParameterTypeIsInferred() async throws {
        try await TestPools.withPool { pool in
            try await pool.execute("CREATE EXTENSION IF NOT EXISTS citext")
            try await pool.execute("CREATE TABLE users (email citext UNIQUE)")
            try await pool.execute("INSERT INTO users VALUES (\("Ada@Example.com"))")
            let rows = try await pool.query("SELECT email FROM users WHERE email = \("ada@example.COM")")
            #expect(try rows.map { try $0.decode("email", as: String.self) } == ["Ada@Example.com"])
            await #expect {
                try await pool.execute("INSERT INTO users VALUES (\("ADA@example.com"))")
            } throws: { ($0 as? PostgresError)?.isUniqueViolation == true }
        }
    }

    @Test("execute reports affected rows")
    func affectedRows() async throws {
        try await TestPools.withPool { pool in
            try await pool.execute("CREATE TABLE t (n int)")
            #expect(try await pool.execute("INSERT INTO t SELECT generate_series(1, 5)") == 5)
            #expect(try await pool.execute("UPDATE t SET n = n + 1 WHERE n > \(3)") == 2)
            #expect(try await pool.execute("DELETE FROM t") == 5)
        }
    }
}
