/// The rows of one result, copied out of libpq's PGresult (which is freed at once), so they
/// are plain values that can cross tasks.
///
/// A sequence, not a collection: there is no subscript, so no row can be read by a position
/// that a request's data (a row deleted meanwhile) could leave empty. Read rows by iterating,
/// with `first`, or with `single()` where the statement always answers one row.
public struct PostgresRows: Sendable, Sequence {
    let storage: PostgresResultStorage

    public var columns: [String] { storage.columns }
    /// The type OID of each column (PQftype).
    public var columnTypes: [UInt32] { storage.columnTypes }

    public var count: Int { storage.rowCount }
    public var isEmpty: Bool { storage.rowCount == 0 }
    public var underestimatedCount: Int { storage.rowCount }

    /// The first row, if there is one.
    public var first: PostgresRow? {
        isEmpty ? nil : PostgresRow(storage: storage, index: 0)
    }

    /// The one row of a statement that always answers exactly one (an aggregate, a function
    /// call, an `INSERT … RETURNING` of one row). Any other count throws, which the server
    /// answers as an internal error, never a crash.
    public func single() throws -> PostgresRow {
        guard storage.rowCount == 1 else {
            throw PostgresError(kind: .decoding, message: "expected exactly one row, got \(storage.rowCount)")
        }
        return PostgresRow(storage: storage, index: 0)
    }

    public struct Iterator: IteratorProtocol {
        let storage: PostgresResultStorage
        var position = 0

        public mutating func next() -> PostgresRow? {
            guard position < storage.rowCount else { return nil }
            defer { position += 1 }
            return PostgresRow(storage: storage, index: position)
        }
    }

    public func makeIterator() -> Iterator { Iterator(storage: storage) }

    static let empty = PostgresRows(
        storage: PostgresResultStorage(columns: [], columnTypes: [], rowCount: 0, values: [])
    )
}

public struct PostgresRow: Sendable {
    let storage: PostgresResultStorage
    /// The row's position in its result.
    public let index: Int

    public var columns: [String] { storage.columns }

    /// Decodes the value of the first column with this name.
    public func decode<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        guard let columnIndex = storage.columnIndex[column] else {
            throw PostgresError(
                kind: .decoding,
                message: "no column named '\(column)' (columns: \(storage.columns.joined(separator: ", "))), row \(index)",
                column: column
            )
        }
        return try T.decodePostgres(from: cell(columnIndex))
    }

    /// Decodes the value of the column at this position (0-based).
    public func decode<T: PostgresDecodable>(_ column: Int, as type: T.Type = T.self) throws -> T {
        guard column >= 0 && column < storage.columns.count else {
            throw PostgresError(
                kind: .decoding,
                message: "no column at position \(column) (the result has \(storage.columns.count)), row \(index)"
            )
        }
        return try T.decodePostgres(from: cell(column))
    }

    private func cell(_ column: Int) -> PostgresCell {
        PostgresCell(
            text: storage.values[index * storage.columns.count + column],
            typeOID: storage.columnTypes[column],
            columnName: storage.columns[column],
            rowIndex: index
        )
    }
}

/// Immutable result data shared by the rows of one result.
final class PostgresResultStorage: Sendable {
    let columns: [String]
    let columnTypes: [UInt32]
    let columnIndex: [String: Int]
    let rowCount: Int
    /// Row-major text values; nil is NULL.
    let values: [String?]

    init(columns: [String], columnTypes: [UInt32], rowCount: Int, values: [String?]) {
        self.columns = columns
        self.columnTypes = columnTypes
        self.rowCount = rowCount
        self.values = values
        var columnIndex: [String: Int] = [:]
        for (position, name) in columns.enumerated() where columnIndex[name] == nil {
            columnIndex[name] = position
        }
        self.columnIndex = columnIndex
    }
}
