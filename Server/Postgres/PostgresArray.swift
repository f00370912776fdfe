/// A one-dimensional array parameter (`text[]`, `bigint[]`), e.g. for `= ANY(\(...))` or
/// `unnest(\(...))`. (`[UInt8]` itself is `bytea`, so arrays are wrapped.)
///
/// Sent in text format as an array literal in which every element is double-quoted, with
/// `"` and `\` escaped, so no element can change the array's shape. Escaping works on
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
