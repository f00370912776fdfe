import CLibPQ
import Foundation

/// What one statement produced.
struct QueryOutcome: Sendable {
    var rows: PostgresRows
    var affectedRows: Int
}

/// Turning libpq results into Swift values. Called on a pool thread while the connection's lock is held.
enum LibPQResult {
    /// PG_DIAG_* field codes of postgres_ext.h (character macros, which Swift does not import).
    enum DiagnosticField: Character {
        case sqlstate = "C"
        case primary = "M"
        case detail = "D"
        case hint = "H"
        case constraint = "n"
        case column = "c"
    }

    /// Reads and frees `result` (nil means libpq could not even produce a result).
    static func outcome(of result: OpaquePointer?, connection: OpaquePointer) throws -> QueryOutcome {
        guard let result else {
            throw connectionError(connection, fallback: "the query could not be sent")
        }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        switch status {
        case PGRES_TUPLES_OK, PGRES_SINGLE_TUPLE:
            let rows = copyRows(result)
            return QueryOutcome(rows: rows, affectedRows: affectedRows(result) ?? rows.count)
        case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            return QueryOutcome(rows: .empty, affectedRows: affectedRows(result) ?? 0)
        case PGRES_FATAL_ERROR, PGRES_NONFATAL_ERROR, PGRES_BAD_RESPONSE:
            throw serverError(result, connection: connection)
        default:
            let name = String(cString: PQresStatus(status))
            throw PostgresError(kind: .server, message: "unsupported result status \(name) (COPY is not supported here)")
        }
    }

    static func connectionError(_ connection: OpaquePointer, fallback: String) -> PostgresError {
        let message = errorMessage(connection) ?? fallback
        let kind: PostgresError.Kind = PQstatus(connection) == CONNECTION_BAD ? .connectionLost : .server
        return PostgresError(kind: kind, message: message)
    }

    /// libpq's message, on one line (it puts hints on lines of their own, indented by a tab).
    static func errorMessage(_ connection: OpaquePointer) -> String? {
        guard let text = PQerrorMessage(connection) else { return nil }
        let message = String(cString: text).trimmingTrailingNewlines()
            .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return message.isEmpty ? nil : message
    }

    private static func serverError(_ result: OpaquePointer, connection: OpaquePointer) -> PostgresError {
        func field(_ code: DiagnosticField) -> String? {
            guard let value = PQresultErrorField(result, Int32(code.rawValue.asciiValue!)) else { return nil }
            return String(cString: value)
        }
        let sqlState = field(DiagnosticField.sqlstate)
        var message = field(DiagnosticField.primary)
        if message == nil, let text = PQresultErrorMessage(result) {
            message = String(cString: text).trimmingTrailingNewlines()
        }
        let lost = sqlState == nil && PQstatus(connection) == CONNECTION_BAD
        return PostgresError(
            kind: lost ? .connectionLost : .server,
            message: message ?? errorMessage(connection) ?? "unknown server error",
            sqlState: sqlState,
            detail: field(DiagnosticField.detail),
            hint: field(DiagnosticField.hint),
            constraint: field(DiagnosticField.constraint),
            column: field(DiagnosticField.column)
        )
    }

    private static func affectedRows(_ result: OpaquePointer) -> Int? {
        guard let text = PQcmdTuples(result) else { return nil }
        return Int(String(cString: text))
    }

    private static func copyRows(_ result: OpaquePointer) -> PostgresRows {
        let rowCount = Int(PQntuples(result))
        let columnCount = Int(PQnfields(result))
        var columns: [String] = []
        var types: [UInt32] = []
        for column in 0..<columnCount {
            columns.append(PQfname(result, Int32(column)).map { String(cString: $0) } ?? "?column?")
            types.append(UInt32(PQftype(result, Int32(column))))
        }
        var values: [String?] = []
        values.reserveCapacity(rowCount * columnCount)
        for row in 0..<rowCount {
            for column in 0..<columnCount {
                let (r, c) = (Int32(row), Int32(column))
                if PQgetisnull(result, r, c) != 0 {
                    values.append(nil)
                } else {
                    let length = Int(PQgetlength(result, r, c))
                    let bytes = UnsafeRawPointer(PQgetvalue(result, r, c)!).assumingMemoryBound(to: UInt8.self)
                    values.append(String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self))
                }
            }
        }
        let storage = PostgresResultStorage(columns: columns, columnTypes: types, rowCount: rowCount, values: values)
        return PostgresRows(storage: storage)
    }
}
