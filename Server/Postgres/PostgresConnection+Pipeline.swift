import CLibPQ
import Logging
import Synchronization

/// Several statements in one round trip: libpq's pipeline mode (libpq 14 or newer). The
/// statements are sent together with one sync, and their answers read as they come.
extension PostgresConnection {
    /// Runs `queries` in order in one round trip and returns each one's rows (empty for
    /// statements without rows). PostgreSQL runs them one after another, as if each were sent
    /// alone, except that once one fails the rest up to the sync are skipped: the first
    /// failure is thrown, and nothing after it ran. Inside a transaction the failure leaves it
    /// failed, as any failed statement does; outside one, each statement is its own.
    ///
    /// Statements are prepared as `query` prepares them (the preparation travels in the same
    /// trip). Cancellation and the statement deadline work as for `query`.
    public func pipeline(_ queries: [PostgresQuery], logger: Logger) async throws -> [PostgresRows] {
        guard !queries.isEmpty else { return [] }
        for query in queries {
            try Self.checkBinds(of: query)
            log(logger, "postgres query (pipelined)", sql: query.sql, binds: query.binds.count)
        }
        return try await statement(cancellable: true) {
            let answered: Result<[PostgresRows], any Error>
            do {
                answered = try await pipelineTrip(queries)
            } catch {
                // A trip that broke off before its sync leaves answers unread, perhaps the
                // connection in pipeline mode: it is not lent again.
                locked.withLock { $0.state.discard() }
                throw error
            }
            return try answered.get()
        }
    }

    /// What one answer in the pipeline belongs to: a preparation, or query `index`.
    private enum Slot {
        case prepare(sql: String, name: String)
        case query(Int)
    }

    private enum PipelineStep {
        case wait
        case endOfSlot
        case result(QueryOutcome)
        case failure(any Error)
        case skipped
        case synced
    }

    /// The rows of each query, or the first failure among them, once the sync's answer is in.
    private func pipelineTrip(_ queries: [PostgresQuery]) async throws -> Result<[PostgresRows], any Error> {
        let deadline = statementTimeout.map { ContinuousClock.now + $0 }
        let (socket, slots) = try locked.withLock { locked in try sendPipeline(queries, locked: &locked) }
        try await flush(socket, deadline: deadline)
        var rows = [PostgresRows](repeating: .empty, count: queries.count)
        var slot = 0
        var firstFailure: (any Error)?
        while true {
            let step = try locked.withLock { locked in try Self.nextStep(&locked, slotsLeft: slot < slots.count) }
            switch step {
            case .wait:
                try await watcher.wait(for: socket, .readable, deadline: deadline)
                try locked.withLock { try $0.consumeInput() }
            case .endOfSlot:
                slot += 1
            case .result(let outcome):
                guard slots.indices.contains(slot) else { continue }
                switch slots[slot] {
                case .query(let index): rows[index] = outcome.rows
                case .prepare(let sql, let name): locked.withLock { $0.state.prepared[sql] = name }
                }
            case .failure(let error):
                if firstFailure == nil { firstFailure = error }
            case .skipped:
                if firstFailure == nil {
                    firstFailure = PostgresError(kind: .server, message: "a statement of the pipeline was skipped", sqlState: "25P02")
                }
            case .synced:
                return firstFailure.map { .failure($0) } ?? .success(rows)
            }
        }
    }

    /// Enters pipeline mode and queues every statement (each prepared first when this
    /// connection prepares statements and has not prepared it yet), then the sync.
    private func sendPipeline(_ queries: [PostgresQuery], locked: inout Locked) throws -> (socket: Int32, slots: [Slot]) {
        let pointer = try locked.livePointer()
        guard PQenterPipelineMode(pointer) == 1 else {
            throw LibPQResult.connectionError(pointer, fallback: "could not enter pipeline mode")
        }
        var slots: [Slot] = []
        var naming: [String: String] = [:]
        for (index, query) in queries.enumerated() {
            let count = Int32(query.binds.count)
            var name = locked.state.prepared[query.sql] ?? naming[query.sql]
            if name == nil, preparesStatements, locked.state.prepared.count + naming.count < Self.maxPreparedStatements {
                locked.state.statementsPrepared += 1
                let fresh = "examprep_\(locked.state.statementsPrepared)"
                let types = query.binds.map { Oid($0.typeOID) }
                guard PQsendPrepare(pointer, fresh, query.sql, count, types) == 1 else {
                    throw LibPQResult.connectionError(pointer, fallback: "the statement could not be sent")
                }
                slots.append(.prepare(sql: query.sql, name: fresh))
                naming[query.sql] = fresh
                name = fresh
            }
            let sent = Self.withParameters(query.binds) { types, values, lengths, formats in
                if let name {
                    PQsendQueryPrepared(pointer, name, count, values, lengths, formats, 0)
                } else {
                    PQsendQueryParams(pointer, query.sql, count, types, values, lengths, formats, 0)
                }
            }
            guard sent == 1 else { throw LibPQResult.connectionError(pointer, fallback: "the statement could not be sent") }
            slots.append(.query(index))
        }
        guard PQpipelineSync(pointer) == 1 else {
            throw LibPQResult.connectionError(pointer, fallback: "the pipeline could not be sent")
        }
        locked.state.wire(true)
        return (PQsocket(pointer), slots)
    }

    /// Reads the next answer of the pipeline, if it has arrived.
    private static func nextStep(_ locked: inout Locked, slotsLeft: Bool) throws -> PipelineStep {
        let pointer = try locked.livePointer()
        guard PQisBusy(pointer) == 0 else { return .wait }
        guard let result = PQgetResult(pointer) else {
            guard slotsLeft else {
                // Every statement's answer is in and the sync's is not: it is on its way, unless
                // the connection broke.
                guard PQstatus(pointer) == CONNECTION_OK else {
                    throw LibPQResult.connectionError(pointer, fallback: "the connection was lost")
                }
                return .wait
            }
            return .endOfSlot
        }
        switch PQresultStatus(result) {
        case PGRES_PIPELINE_SYNC:
            PQclear(result)
            guard PQexitPipelineMode(pointer) == 1 else {
                throw LibPQResult.connectionError(pointer, fallback: "could not leave pipeline mode")
            }
            locked.state.wire(false)
            return .synced
        case PGRES_PIPELINE_ABORTED:
            PQclear(result)
            return .skipped
        default:
            do {
                return .result(try LibPQResult.outcome(of: result, connection: pointer))
            } catch {
                return .failure(error)
            }
        }
    }
}
