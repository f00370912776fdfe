#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One value of a result row, in PostgreSQL's text format, with what is needed to explain
/// a decoding failure.
public struct PostgresCell: Sendable {
    /// The value as the server printed it; nil is SQL NULL.
    public var text: String?
    /// The column's type OID (PQftype).
    public var typeOID: UInt32
    public var columnName: String
    public var rowIndex: Int

    /// The error for a value that cannot become `type`: names column, Swift type, PostgreSQL type and row.
    public func mismatch(_ type: Any.Type, reason: String? = nil) -> PostgresError {
        var message = "column '\(columnName)': cannot decode PostgreSQL type \(PostgresTypeOID.describe(typeOID)) as \(type)"
        if let reason { message += " (\(reason))" }
        message += ", row \(rowIndex)"
        return PostgresError(kind: .decoding, message: message, column: columnName)
    }

    /// The text of a non-NULL value, or an error naming the column if it is NULL.
    public func requireText(for type: Any.Type) throws -> String {
        guard let text else {
            throw PostgresError(
                kind: .decoding,
                message: "column '\(columnName)': NULL cannot be decoded as \(type) (decode as \(type)? instead), row \(rowIndex)",
                column: columnName
            )
        }
        return text
    }
}

/// A Swift value that can be read from a result column.
public protocol PostgresDecodable: Sendable {
    /// Decodes the cell or throws a `PostgresError` of kind `.decoding`; never a silent default.
    static func decodePostgres(from cell: PostgresCell) throws -> Self
}

private func decodeInteger<T: FixedWidthInteger>(_ cell: PostgresCell, as type: T.Type) throws -> T {
    let text = try cell.requireText(for: type)
    guard [PostgresTypeOID.int2, PostgresTypeOID.int4, PostgresTypeOID.int8].contains(cell.typeOID) else {
        throw cell.mismatch(type)
    }
    guard let value = T(text) else { throw cell.mismatch(type, reason: "value \(text) out of range") }
    return value
}

extension Int: PostgresDecodable {
    public static func decodePostgres(from cell: PostgresCell) throws -> Int { try decodeInteger(cell, as: Int.self) }
}

extension Int64: PostgresDecodable {
    public static func decodePostgres(from cell: PostgresCell) throws -> Int64 { try decodeInteger(cell, as: Int64.self) }
}

extension Int32: PostgresDecodable {
    public static func decodePostgres(from cell: PostgresCell) throws -> Int32 { try decodeInteger(cell, as: Int32.self) }
}

/// Strings decode from the character types (text, varchar, char(n), name, "char", unknown),
/// json/jsonb/xml, and from any type created after initdb (OID ≥ 16384): extension types such
/// as citext and enums have OIDs that differ per database, so they cannot be listed.
/// Numbers, booleans, dates… are not silently turned into strings: decode those as their type.
extension String: PostgresDecodable {
    static let acceptedTypes: Set<UInt32> = [
        PostgresTypeOID.text, PostgresTypeOID.varchar, PostgresTypeOID.bpchar, PostgresTypeOID.name,
        PostgresTypeOID.char, PostgresTypeOID.unknown, PostgresTypeOID.json, PostgresTypeOID.jsonb,
        PostgresTypeOID.xml,
    ]

    public static func decodePostgres(from cell: PostgresCell) throws -> String {
        let text = try cell.requireText(for: String.self)
        guard acceptedTypes.contains(cell.typeOID) || cell.typeOID >= PostgresTypeOID.firstNormalObjectID else {
            throw cell.mismatch(String.self)
        }
        return text
    }
}

extension Bool: PostgresDecodable {
    public static func decodePostgres(from cell: PostgresCell) throws -> Bool {
        let text = try cell.requireText(for: Bool.self)
        guard cell.typeOID == PostgresTypeOID.bool else { throw cell.mismatch(Bool.self) }
        switch text {
        case "t": return true
        case "f": return false
        default: throw cell.mismatch(Bool.self, reason: "unexpected text \(text)")
        }
    }
}

extension Double: PostgresDecodable {
    public static func decodePostgres(from cell: PostgresCell) throws -> Double {
        let text = try cell.requireText(for: Double.self)
        let accepted = [PostgresTypeOID.float4, PostgresTypeOID.float8, PostgresTypeOID.numeric]
        guard accepted.contains(cell.typeOID) else { throw cell.mismatch(Double.self) }
        switch text {
        case "NaN": return .nan
        case "Infinity": return .infinity
        case "-Infinity": return -.infinity
        default:
            guard let value = Double(text) else { throw cell.mismatch(Double.self, reason: "unexpected text \(text)") }
            return value
        }
    }
}

extension Date: PostgresDecodable {
    public static func decodePostgres(from cell: PostgresCell) throws -> Date {
        let text = try cell.requireText(for: Date.self)
        let accepted = [PostgresTypeOID.timestamptz, PostgresTypeOID.timestamp, PostgresTypeOID.date]
        guard accepted.contains(cell.typeOID) else { throw cell.mismatch(Date.self) }
        guard let date = PostgresTimestamp.parse(text) else {
            throw cell.mismatch(Date.self, reason: "unexpected text \(text)")
        }
        return date
    }
}

extension UUID: PostgresDecodable {
    public static func decodePostgres(from cell: PostgresCell) throws -> UUID {
        let text = try cell.requireText(for: UUID.self)
        guard cell.typeOID == PostgresTypeOID.uuid else { throw cell.mismatch(UUID.self) }
        guard let uuid = UUID(uuidString: text) else { throw cell.mismatch(UUID.self, reason: "unexpected text \(text)") }
        return uuid
    }
}

/// Bytes decode from bytea in hex output (`\x0aff…`); connections set bytea_output=hex.
extension Array: PostgresDecodable where Element == UInt8 {
    public static func decodePostgres(from cell: PostgresCell) throws -> [UInt8] {
        let text = try cell.requireText(for: [UInt8].self)
        guard cell.typeOID == PostgresTypeOID.bytea else { throw cell.mismatch([UInt8].self) }
        let utf8 = Array(text.utf8)
        guard utf8.count >= 2, utf8[0] == UInt8(ascii: "\\"), utf8[1] == UInt8(ascii: "x"), utf8.count % 2 == 0 else {
            throw cell.mismatch([UInt8].self, reason: "bytea is not in hex format")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((utf8.count - 2) / 2)
        var index = 2
        while index < utf8.count {
            guard let high = hexValue(utf8[index]), let low = hexValue(utf8[index + 1]) else {
                throw cell.mismatch([UInt8].self, reason: "invalid hex digit")
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}

private func hexValue(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
    default: return nil
    }
}

/// NULL decodes as nil; anything else as the wrapped type.
extension Optional: PostgresDecodable where Wrapped: PostgresDecodable {
    public static func decodePostgres(from cell: PostgresCell) throws -> Wrapped? {
        guard cell.text != nil else { return nil }
        return try Wrapped.decodePostgres(from: cell)
    }
}
