/// The rows of one result, copied out of libpq's PGresult (which is freed at once), so they
/// are plain values that can cross tasks.
public struct PostgresRows: Sendable, RandomAccessCollection {
    let storage: PostgresResultStorage

    public var columns: [String] { storage.columns }
    /// The type OID of each column (PQftype).
    public var columnTypes: [UInt32] { storage.columnTypes }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.rowCount }

    public subscript(position: Int) -> PostgresRow {
        precondition(position >= 0 && position < storage.rowCount, "row index \(position) out of range")
        return PostgresRow(storage: storage, index: position)
    }

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
