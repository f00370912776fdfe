/// SQL text with its parameters, built by string interpolation:
///
///     let query: PostgresQuery = "SELECT id FROM users WHERE email = \(email)"
///     // sql: "SELECT id FROM users WHERE email = $1", binds: [email]
///
/// Every interpolated value becomes a `$n` parameter and is never part of the SQL text.
/// `\(unescaped: sql)` is the only way to splice raw SQL; never pass user input to it.
public struct PostgresQuery: Sendable, ExpressibleByStringInterpolation {
    public var sql: String
    public var binds: [PostgresBind]

    /// SQL that is not a literal, with binds numbered by the caller. The name is loud on purpose:
    /// the text must not contain values from users.
    public init(unsafeSQL sql: String, binds: [PostgresBind] = []) {
        self.sql = sql
        self.binds = binds
    }

    public init(stringLiteral value: String) {
        self.sql = value
        self.binds = []
    }

    public init(stringInterpolation: StringInterpolation) {
        self.sql = stringInterpolation.sql
        self.binds = stringInterpolation.binds
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        public typealias StringLiteralType = String

        var sql: String
        var binds: [PostgresBind]

        public init(literalCapacity: Int, interpolationCount: Int) {
            sql = ""
            sql.reserveCapacity(literalCapacity + interpolationCount * 3)
            binds = []
            binds.reserveCapacity(interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            sql += literal
        }

        /// Appends `$n` and binds `value`.
        public mutating func appendInterpolation<Value: PostgresEncodable>(_ value: Value) {
            binds.append(value.postgresBind())
            sql += "$\(binds.count)"
        }

        /// Appends `$n` and binds `value`, or NULL when it is nil. (Spelled out so interpolating an
        /// optional does not draw the compiler's "debug description for an optional" warning.)
        public mutating func appendInterpolation<Value: PostgresEncodable>(_ value: Value?) {
            binds.append(value.postgresBind())
            sql += "$\(binds.count)"
        }

        /// Splices raw SQL text (identifiers built by the program, fixed fragments).
        /// Never pass values from users here.
        public mutating func appendInterpolation(unescaped sqlText: String) {
            sql += sqlText
        }
    }
}

extension PostgresQuery {
    /// Opens a transaction, for a pipeline that sends it with its first statements.
    public static let begin: PostgresQuery = "BEGIN"
    /// Ends one, for a pipeline that sends it with its last statements.
    public static let commit: PostgresQuery = "COMMIT"
}
