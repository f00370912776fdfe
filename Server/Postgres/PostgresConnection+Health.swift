import CLibPQ
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the pool asks of a connection before lending it again: whether it is fit, and whether
/// the server closed it meanwhile.
extension PostgresConnection {
    /// True when the connection can be lent again without surprises: open, not broken, and
    /// idle outside any transaction (a lease that left a transaction open, or a COPY running,
    /// is not reused).
    var isReusable: Bool {
        locked.withLock { locked in
            guard let pointer = locked.pointer, locked.state.isReusable else { return false }
            return PQstatus(pointer) == CONNECTION_OK && PQtransactionStatus(pointer) == PQTRANS_IDLE
        }
    }

    /// True once a statement showed the server unfit for the pool (gone, shutting down, read-only).
    var foundServerUnfit: Bool {
        locked.withLock { $0.state.foundServerUnfit }
    }

    /// True inside a transaction (whether or not a statement in it failed).
    public var isInTransaction: Bool {
        locked.withLock { locked in
            guard let pointer = locked.pointer else { return false }
            let status = PQtransactionStatus(pointer)
            return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
        }
    }

    /// True inside a transaction in which a statement failed (only ROLLBACK is accepted then).
    public var isInFailedTransaction: Bool {
        locked.withLock { locked in
            guard let pointer = locked.pointer else { return false }
            return PQtransactionStatus(pointer) == PQTRANS_INERROR
        }
    }

    /// The pool parks the connection: its next lease's first statement checks it first.
    func markParked() {
        locked.withLock { $0.state.park() }
    }

    /// Checks, without a round trip, that the server has not closed the connection meanwhile:
    /// polls the socket with zero timeout and, if something arrived (a FATAL notice, EOF),
    /// lets libpq read it. A server restart shows up here as CONNECTION_BAD.
    static func checkAlive(_ pointer: OpaquePointer) -> Bool {
        guard PQstatus(pointer) == CONNECTION_OK else { return false }
        let socket = PQsocket(pointer)
        guard socket >= 0 else { return false }
        // A shutting-down server sends a FATAL message, then closes: reading the message and
        // then the end of the stream takes two reads, so read as long as data is waiting.
        for _ in 0..<8 {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 0)
            if ready < 0 { return false }
            if ready == 0 { break }
            if PQconsumeInput(pointer) == 0 { return false }
            _ = PQisBusy(pointer)  // parses what arrived: notices, parameter changes, errors
            while let notification = PQnotifies(pointer) { PQfreemem(notification) }
            if PQstatus(pointer) != CONNECTION_OK { return false }
        }
        return PQstatus(pointer) == CONNECTION_OK
    }
}
