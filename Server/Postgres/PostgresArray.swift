#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A one-dimensional array parameter (`text[]`, `bigint[]`), e.g. for `= ANY(\(...))` or
/// `unnest(\(...))`. (`[UInt8]` itself is `bytea`, so arrays are wrapped.)
///
/// Sent in text format as an array literal in which every element is double-quoted, with
/// `"` and `\` escaped, so no element can change the array's shape (a nil element of an
/// array of optionals is the bare `NULL`, the one word no quoted element can be). Escaping works on
/// Unicode scalars, not `Character`s: a quote followed by a combining mark is one
/// `Character` (`"\u{301}`) that compares unequal to `"`, yet PostgreSQL reads its quote.
public struct PostgresArray<Element: PostgresArrayElement>: PostgresEncodable {
    public var elements: [Element]

    public init(_ elements: [Element]) {
        self.elements = elements
    }

    public static var postgresTypeOID: UInt32 { Element.postgresArrayTypeOID }

    public func postgresBind() -> PostgresBind {
        var literal = "{"
        for (index, element) in elements.enumerated() {
            if index > 0 { literal += "," }
            if element.isPostgresNull {
                literal += "NULL"
                continue
            }
            literal += "\""
            for scalar in element.postgresArrayText.unicodeScalars {
                if scalar == "\"" || scalar == "\\" { literal.unicodeScalars.append("\\") }
                literal.unicodeScalars.append(scalar)
            }
            literal += "\""
        }
        literal += "}"
        return .text(literal, typeOID: Self.postgresTypeOID)
    }
}

/// A value that can be an element of a `PostgresArray`.
public protocol PostgresArrayElement: Sendable {
    static var postgresArrayTypeOID: UInt32 { get }
    var postgresArrayText: String { get }
    /// Whether the element is SQL NULL (only an optional's nil is).
    var isPostgresNull: Bool { get }
}

extension PostgresArrayElement {
    public var isPostgresNull: Bool { false }
}

/// nil is a NULL element of the wrapped type's array.
extension Optional: PostgresArrayElement where Wrapped: PostgresArrayElement {
    public static var postgresArrayTypeOID: UInt32 { Wrapped.postgresArrayTypeOID }
    public var postgresArrayText: String { self?.postgresArrayText ?? "" }
    public var isPostgresNull: Bool { self == nil }
}

/// A date beyond what a timestamp holds gives an element PostgreSQL refuses, so the statement
/// fails as a single such `Date` parameter's does.
extension Date: PostgresArrayElement {
    public static var postgresArrayTypeOID: UInt32 { PostgresTypeOID.timestamptzArray }
    public var postgresArrayText: String {
        do {
            return try PostgresTimestamp.format(self)
        } catch {
            return error.description
        }
    }
}

extension UUID: PostgresArrayElement {
    public static var postgresArrayTypeOID: UInt32 { PostgresTypeOID.uuidArray }
    public var postgresArrayText: String { uuidString.lowercased() }
}

extension String: PostgresArrayElement {
    public static var postgresArrayTypeOID: UInt32 { PostgresTypeOID.textArray }
    public var postgresArrayText: String { self }
}

extension Int: PostgresArrayElement {
    public static var postgresArrayTypeOID: UInt32 { PostgresTypeOID.int8Array }
    public var postgresArrayText: String { String(self) }
}

extension Bool: PostgresArrayElement {
    public static var postgresArrayTypeOID: UInt32 { PostgresTypeOID.boolArray }
    public var postgresArrayText: String { self ? "t" : "f" }
}
