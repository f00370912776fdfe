import ExamPrepPostgres
import Foundation
import Logging

/// Everything the server holds about one person as one JSON document (docs/DATA.md), written
/// piece by piece: the account first, then each `PersonalDataSection` a page at a time. Each
/// page is one statement on a pooled connection that is given back before the page is
/// written, so a slow reader holds no connection and the memory is one page's, whatever the
/// person's history.
struct PersonalDataExport: Sendable {
    /// The document's `format` and `version`.
    static let format = "examprep-personal-data"
    static let version = 1
    /// Rows per statement (and per piece written).
    static let pageSize = 100

    let pool: PostgresPool

    /// The person's account as a JSON object, or nil when there is none (any more).
    func account(userID: Int, logger: Logger) async throws -> String? {
        try await pool.query(PersonalDataSection.account(userID: userID), logger: logger).first?.decode("doc", as: String.self)
    }

    /// Writes the document after `account` (from `account(userID:logger:)`) through `write`,
    /// one piece per page.
    func write(
        userID: Int, account: String, exportedAt: Date, logger: Logger, to write: (String) async throws -> Void
    ) async throws {
        let stamp = exportedAt.formatted(.iso8601)
        try await write(#"{"format":"\#(Self.format)","version":\#(Self.version),"exportedAt":"\#(stamp)","account":\#(account)"#)
        for section in PersonalDataSection.all {
            try await write(#","\#(section.name)":["#)
            var after: PersonalDataSection.Key = (0, 0)
            var first = true
            while true {
                let rows = try await pool.query(section.page(userID, after, Self.pageSize), logger: logger)
                var piece = ""
                for row in rows {
                    piece += first ? "" : ","
                    piece += try row.decode("doc", as: String.self)
                    after = (try row.decode("k1", as: Int.self), try row.decode("k2", as: Int.self))
                    first = false
                }
                if !piece.isEmpty { try await write(piece) }
                if rows.count < Self.pageSize { break }
            }
            try await write("]")
        }
        try await write("}")
    }
}
