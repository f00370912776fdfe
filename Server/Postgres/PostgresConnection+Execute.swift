import CLibPQ

extension PostgresConnection {
    /// Runs `query` on the connection's thread, holding its lock: as a statement prepared
    /// once on this connection and then executed by name (no parsing and planning each
    /// time), or, when statements are not prepared (a PgBouncer in transaction mode before
    /// 1.21) or this connection holds as many as it keeps, with `PQexecParams`.
    static func execute(_ query: PostgresQuery, on handle: inout Handle, prepare: Bool) throws -> QueryOutcome {
        guard let pointer = handle.pointer else {
            throw PostgresError(kind: .connectionLost, message: "the connection is closed")
        }
        let count = Int32(query.binds.count)
        guard prepare else {
            return try LibPQResult.outcome(
                of: withParameters(query.binds) { types, values, lengths, formats in
                    PQexecParams(pointer, query.sql, count, types, values, lengths, formats, 0)
                }, connection: pointer)
        }
        let name: String
        if let known = handle.prepared[query.sql] {
            name = known
        } else if handle.prepared.count < maxPreparedStatements {
            name = "examprep_\(handle.prepared.count + 1)"
            let types = query.binds.map { Oid($0.typeOID) }
            _ = try LibPQResult.outcome(of: PQprepare(pointer, name, query.sql, count, types), connection: pointer)
            handle.prepared[query.sql] = name
        } else {
            return try execute(query, on: &handle, prepare: false)
        }
        do {
            return try LibPQResult.outcome(
                of: withParameters(query.binds) { _, values, lengths, formats in
                    PQexecPrepared(pointer, name, count, values, lengths, formats, 0)
                }, connection: pointer)
        } catch let error as PostgresError where error.sqlState == "0A000" {
            // "cached plan must not change result type": a migration changed a table under
            // the statement (another replica's, during an upgrade). Forget it, run it afresh.
            _ = try? LibPQResult.outcome(of: PQexec(pointer, "DEALLOCATE \(name)"), connection: pointer)
            handle.prepared[query.sql] = nil
            return try execute(query, on: &handle, prepare: false)
        }
    }
}
