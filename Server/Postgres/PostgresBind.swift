/// One parameter value as it is sent with PQexecParams.
///
/// Values are sent in text format, except `[UInt8]`, which goes binary. A value that
/// cannot be sent (a String containing NUL) carries `problem`; the query then fails with
/// `PostgresError.Kind.invalidParameter` before anything reaches the server.
public struct PostgresBind: Sendable, Equatable {
    /// The parameter's type OID, or 0 to let the server infer it from the statement.
    public var typeOID: UInt32
    /// True for binary format, false for text format.
    public var isBinary: Bool
    /// The encoded value; nil is SQL NULL.
    public var bytes: [UInt8]?
    /// Why this value cannot be sent, if it cannot.
    public var problem: String?

    public init(typeOID: UInt32, isBinary: Bool = false, bytes: [UInt8]?, problem: String? = nil) {
        self.typeOID = typeOID
        self.isBinary = isBinary
        self.bytes = bytes
        self.problem = problem
    }

    /// A NULL of the given type.
    public static func null(typeOID: UInt32) -> PostgresBind {
        PostgresBind(typeOID: typeOID, bytes: nil)
    }

    /// A text-format value. Text parameters are C strings for libpq, so NUL cannot be sent.
    public static func text(_ string: String, typeOID: UInt32) -> PostgresBind {
        if string.utf8.contains(0) {
            return PostgresBind(
                typeOID: typeOID,
                bytes: nil,
                problem: "a String parameter contains a NUL character, which PostgreSQL text cannot store"
            )
        }
        return PostgresBind(typeOID: typeOID, bytes: Array(string.utf8))
    }
}
