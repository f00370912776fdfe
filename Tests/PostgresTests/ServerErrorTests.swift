import ExamPrepPostgres
import ExamPrepTestSupport
import Testing

@Suite("Server errors keep their SQLSTATE", .hangGuard)
struct ServerErrorTests {
    @Test("a duplicate key is a unique violation that names its constraint")
    func uniqueViolation() async throws {
        try await TestPools.withPool { pool in
            try await pool.execute(
                """
                CREATE TABLE users (id serial PRIMARY KEY, email text NOT NULL,
                                    CONSTRAINT users_email_key UNIQUE (email))
                """)
            try await pool.execute("INSERT INTO users (email) VALUES (\("a@example.com"))")
            await #expect {
                try await pool.execute("INSERT INTO users (email) VALUES (\("a@example.com"))")
            } throws: { error in
                guard let error = error as? PostgresError else { return false }
                return error.kind == .server && error.isUniqueViolation && error.sqlState == "23505"
                    && error.constraint == "users_email_key" && error.detail?.contains("already exists") == true
                    && !error.isForeignKeyViolation && !error.isUnavailable
            }
            // The failed statement did not break the pool.
            let rows = try await pool.query("SELECT count(*) FROM users")
            #expect(try Array(rows)[0].decode(0, as: Int.self) == 1)
        }
    }

    @Test("a missing parent row is a foreign key violation")
    func foreignKeyViolation() async throws {
        try await TestPools.withPool { pool in
            try await pool.execute("CREATE TABLE parent (id int PRIMARY KEY)")
            try await pool.execute("CREATE TABLE child (parent_id int CONSTRAINT child_parent_fk REFERENCES parent(id))")
            await #expect {
                try await pool.execute("INSERT INTO child VALUES (\(Int32(99)))")
            } throws: { error in
                let error = error as? PostgresError
                return error?.isForeignKeyViolation == true && error?.constraint == "child_parent_fk"
            }
        }
    }

    @Test("a syntax error carries its SQLSTATE and message")
    func syntaxError() async throws {
        try await TestPools.withPool { pool in
            await #expect {
                try await pool.query("SELEC 1")
            } throws: { error in
                let error = error as? PostgresError
                return error?.kind == .server && error?.sqlState == "42601" && error?.message.contains("syntax") == true
            }
        }
    }

    @Test("executeScript runs several statements and reports a failing one")
    func scripts() async throws {
        try await TestPools.withPool { pool in
            try await pool.withConnection { connection in
                try await connection.executeScript(
                    """
                    CREATE TABLE a (n int);
                    INSERT INTO a VALUES (1), (2);
                    CREATE INDEX a_n ON a (n);
                    """)
                let rows = try await connection.query("SELECT count(*) FROM a")
                #expect(try Array(rows)[0].decode(0, as: Int.self) == 2)
                await #expect {
                    try await connection.executeScript("INSERT INTO a VALUES (3); SELECT * FROM missing_table;")
                } throws: { error in
                    (error as? PostgresError)?.sqlState == "42P01"
                }
            }
            // The script ran as one implicit transaction: its first statement was undone too.
            let rows = try await pool.query("SELECT count(*) FROM a")
            #expect(try Array(rows)[0].decode(0, as: Int.self) == 2)
        }
    }
}
