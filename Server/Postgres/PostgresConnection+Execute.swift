import CLibPQ
import Synchronization

extension PostgresConnection {
    /// Runs `query` as a statement prepared once on this connection and then executed by name
    /// (no parsing and planning each time), or, when statements are not prepared (a
    /// PgBouncer in transaction mode before 1.21) or this connection holds as many as it
    /// keeps, with `PQsendQueryParams`.
    func execute(_ query: PostgresQuery, prepare: Bool) async throws -> QueryOutcome {
        let count = Int32(query.binds.count)
        guard prepare, let name = try await preparedName(for: query) else {
            return try await roundTrip { pointer in
                Self.withParameters(query.binds) { types, values, lengths, formats in
                    PQsendQueryParams(pointer, query.sql, count, types, values, lengths, formats, 0)
                }
            }
        }
        do {
            return try await roundTrip { pointer in
                Self.withParameters(query.binds) { _, values, lengths, formats in
                    PQsendQueryPrepared(pointer, name, count, values, lengths, formats, 0)
                }
            }
        } catch let error as PostgresError where error.sqlState == "0A000" {
            // "cached plan must not change result type": a migration changed a table under
            // the statement (another replica's, during an upgrade). Forget it, run it afresh.
            _ = try? await roundTrip { PQsendQuery($0, "DEALLOCATE \(name)") }
            locked.withLock { $0.state.prepared[query.sql] = nil }
            return try await execute(query, prepare: false)
        }
    }

    /// The name `query` is prepared under on this connection, preparing it first if needed;
    /// nil when the connection keeps as many prepared statements as it may.
    private func preparedName(for query: PostgresQuery) async throws -> String? {
        let (known, room) = locked.withLock { ($0.state.prepared[query.sql], $0.state.prepared.count < Self.maxPreparedStatements) }
        if let known { return known }
        guard room else { return nil }
        let name = locked.withLock { locked in
            locked.state.statementsPrepared += 1
            return "examprep_\(locked.state.statementsPrepared)"
        }
        let types = query.binds.map { Oid($0.typeOID) }
        _ = try await roundTrip { PQsendPrepare($0, name, query.sql, Int32(query.binds.count), types) }
        locked.withLock { $0.state.prepared[query.sql] = name }
        return name
    }

    /// Lays the binds out as the four parallel C arrays PQexecParams takes.
    static func withParameters<R>(
        _ binds: [PostgresBind],
        _ body: ([Oid], [UnsafePointer<CChar>?], [Int32], [Int32]) -> R
    ) -> R {
        var buffers: [UnsafeMutablePointer<CChar>] = []
        defer { buffers.forEach { $0.deallocate() } }
        var values: [UnsafePointer<CChar>?] = []
        for bind in binds {
            guard let bytes = bind.bytes else {
                values.append(nil)
                continue
            }
            // NUL-terminated for text format; binary values are read by length.
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            bytes.withUnsafeBytes { raw in
                UnsafeMutableRawBufferPointer(start: buffer, count: bytes.count).copyMemory(from: raw)
            }
            buffer[bytes.count] = 0
            buffers.append(buffer)
            values.append(UnsafePointer(buffer))
        }
        return body(
            binds.map { Oid($0.typeOID) },
            values,
            binds.map { Int32($0.bytes?.count ?? 0) },
            binds.map { $0.isBinary ? 1 : 0 }
        )
    }
}
