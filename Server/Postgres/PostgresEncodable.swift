#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A Swift value that can be sent as a query parameter.
public protocol PostgresEncodable: Sendable {
    /// The parameter type announced to the server (0 lets the server infer it).
    static var postgresTypeOID: UInt32 { get }
    /// The value as sent to the server.
    func postgresBind() -> PostgresBind
}

extension Int: PostgresEncodable {
    public static var postgresTypeOID: UInt32 { PostgresTypeOID.int8 }
    public func postgresBind() -> PostgresBind { .text(String(self), typeOID: Self.postgresTypeOID) }
}

extension Int64: PostgresEncodable {
    public static var postgresTypeOID: UInt32 { PostgresTypeOID.int8 }
    public func postgresBind() -> PostgresBind { .text(String(self), typeOID: Self.postgresTypeOID) }
}

extension Int32: PostgresEncodable {
    public static var postgresTypeOID: UInt32 { PostgresTypeOID.int4 }
    public func postgresBind() -> PostgresBind { .text(String(self), typeOID: Self.postgresTypeOID) }
}

/// Strings are sent with an unspecified type so the server infers it from the statement:
/// compared with a `citext` column the parameter is `citext` (case-insensitive), with an enum
/// column the enum, with `text` plain text. Announcing `text` would make `citext_column = $1`
/// resolve to the case-sensitive `text = text`. Cast in SQL (`\(value)::text`) where the
/// statement gives no context, e.g. `\(value) IS NULL`.
extension String: PostgresEncodable {
    public static var postgresTypeOID: UInt32 { PostgresTypeOID.unspecified }
    public func postgresBind() -> PostgresBind { .text(self, typeOID: Self.postgresTypeOID) }
}

extension Bool: PostgresEncodable {
    public static var postgresTypeOID: UInt32 { PostgresTypeOID.bool }
    public func postgresBind() -> PostgresBind { .text(self ? "t" : "f", typeOID: Self.postgresTypeOID) }
}

extension Double: PostgresEncodable {
    public static var postgresTypeOID: UInt32 { PostgresTypeOID.float8 }
    public func postgresBind() -> PostgresBind {
        let text: String
        if isNaN {
            text = "NaN"
        } else if isInfinite {
            text = self < 0 ? "-Infinity" : "Infinity"
        } else {
            text = String(self)  // shortest representation that round-trips
        }
        return .text(text, typeOID: Self.postgresTypeOID)
    }
}

extension Date: PostgresEncodable {
    public static var postgresTypeOID: UInt32 { PostgresTypeOID.timestamptz }
    /// A date beyond what a timestamp holds cannot be sent: the query fails with
    /// `invalidParameter` before anything reaches the server.
    public func postgresBind() -> PostgresBind {
        do {
            return .text(try PostgresTimestamp.format(self), typeOID: Self.postgresTypeOID)
        } catch {
            return PostgresBind(typeOID: Self.postgresTypeOID, bytes: nil, problem: error.description)
        }
    }
}

extension UUID: PostgresEncodable {
    public static var postgresTypeOID: UInt32 { PostgresTypeOID.uuid }
    public func postgresBind() -> PostgresBind { .text(uuidString.lowercased(), typeOID: Self.postgresTypeOID) }
}

/// Bytes go in binary format, so every byte value (0 included) arrives unchanged.
extension Array: PostgresEncodable where Element == UInt8 {
    public static var postgresTypeOID: UInt32 { PostgresTypeOID.bytea }
    public func postgresBind() -> PostgresBind {
        PostgresBind(typeOID: Self.postgresTypeOID, isBinary: true, bytes: self)
    }
}

/// nil binds SQL NULL of the wrapped type.
extension Optional: PostgresEncodable where Wrapped: PostgresEncodable {
    public static var postgresTypeOID: UInt32 { Wrapped.postgresTypeOID }
    public func postgresBind() -> PostgresBind {
        switch self {
        case .some(let value): return value.postgresBind()
        case .none: return .null(typeOID: Wrapped.postgresTypeOID)
        }
    }
}
