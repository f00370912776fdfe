/// A one-dimensional array parameter (`text[]`, `bigint[]`), e.g. for `= ANY(\(...))` or
/// `unnest(\(...))`. (`[UInt8]` itself is `bytea`, so arrays are wrapped.)
///
/// Sent in text format as an array literal in which every element is double-quoted, with
/// `"` and `\` escaped, so no element can change the array's shape.
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
            for character in element.postgresArrayText {
                if character == "\"" || character == "\\" { literal += "\\" }
                literal.append(character)
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
