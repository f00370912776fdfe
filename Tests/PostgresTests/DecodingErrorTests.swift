import ExamPrepPostgres
import ExamPrepTestSupport
import Testing

@Suite("Decoding errors say what went wrong", .hangGuard)
struct DecodingErrorTests {
    @Test("a text column decoded as Int names the column, the Swift type, the PostgreSQL type and the row")
    func textAsInt() async throws {
        try await TestPools.withPool { pool in
            let rows = try await pool.query("SELECT 1 AS id, 'a@example.com'::text AS email")
            #expect {
                _ = try Array(rows)[0].decode("email", as: Int.self)
            } throws: { error in
                guard let error = error as? PostgresError else { return false }
                return error.kind == .decoding
                    && error.column == "email"
                    && error.message.contains("column 'email'")
                    && error.message.contains("as Int")
                    && error.message.contains("text (oid 25)")
                    && error.message.contains("row 0")
            }
        }
    }

    @Test("NULL into a non-optional throws instead of defaulting")
    func nullIntoNonOptional() async throws {
        try await TestPools.withPool { pool in
            let rows = try await pool.query("SELECT NULL::int8 AS count, NULL::text AS name")
            #expect {
                _ = try Array(rows)[0].decode("count", as: Int.self)
            } throws: { error in
                (error as? PostgresError)?.kind == .decoding && "\(error)".contains("count")
            }
            #expect(throws: PostgresError.self) { _ = try Array(rows)[0].decode("name", as: String.self) }
            #expect(try Array(rows)[0].decode("name", as: String?.self) == nil)
        }
    }

    @Test("numbers are not read as strings, nor strings as booleans")
    func noSilentConversions() async throws {
        try await TestPools.withPool { pool in
            let rows = try await pool.query("SELECT 42 AS n, 'true'::text AS flag, 1.5::float8 AS x")
            #expect(throws: PostgresError.self) { _ = try Array(rows)[0].decode("n", as: String.self) }
            #expect(throws: PostgresError.self) { _ = try Array(rows)[0].decode("flag", as: Bool.self) }
            #expect(throws: PostgresError.self) { _ = try Array(rows)[0].decode("x", as: Int.self) }
        }
    }

    @Test("an int8 value too big for Int32 is an error, not a wrapped number")
    func overflow() async throws {
        try await TestPools.withPool { pool in
            let rows = try await pool.query("SELECT 3000000000::int8 AS big")
            #expect {
                _ = try Array(rows)[0].decode("big", as: Int32.self)
            } throws: { error in
                "\(error)".contains("big") && "\(error)".contains("Int32")
            }
        }
    }

    @Test("an unknown column name is reported with the columns that exist")
    func unknownColumn() async throws {
        try await TestPools.withPool { pool in
            let rows = try await pool.query("SELECT 1 AS id")
            #expect {
                _ = try Array(rows)[0].decode("ID", as: Int.self)
            } throws: { error in
                "\(error)".contains("'ID'") && "\(error)".contains("id")
            }
            #expect(throws: PostgresError.self) { _ = try Array(rows)[0].decode(3, as: Int.self) }
        }
    }

    @Test("extension and enum types decode as String")
    func enumAsString() async throws {
        try await TestPools.withPool { pool in
            try await pool.execute("CREATE TYPE mood AS ENUM ('happy', 'sad')")
            let rows = try await pool.query("SELECT 'sad'::mood AS m")
            #expect(try Array(rows)[0].decode("m", as: String.self) == "sad")
        }
    }
}
