import CSocketEvents
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Resumes the tasks whose database sockets became ready, from one thread of its own.
///
/// A statement in flight holds no thread: the task that sent it registers its connection's
/// socket here and suspends. This thread waits on every registered socket at once (epoll on
/// Linux, kqueue elsewhere) and resumes the task whose socket became ready. A registration
/// lasts for one wakeup (one-shot), and a socket has at most one waiting task, because a
/// connection runs one statement at a time. A wakeup can be early (nothing complete arrived
/// yet): callers check with libpq and wait again.
final class SocketWatcher: Sendable {
    enum Readiness {
        /// Data (or the end of the stream, or an error) can be read.
        case readable
        /// As `.readable`, or the socket takes more output (libpq has more to send).
        case readableOrWritable
    }

    private struct Waiter {
        var continuation: CheckedContinuation<Void, any Error>
        /// When the wait fails with `.statementTimeout`; nil: never.
        var deadline: ContinuousClock.Instant?
    }

    private struct State {
        /// Made by `start()`.
        var events: SocketEvents?
        var waiters: [Int32: Waiter] = [:]
        var stopped = false
    }

    /// How often the thread looks for waits past their deadline (deadlines are met to
    /// within this).
    private static let deadlineTick: Int32 = 1000

    private let state = Mutex(State())
    /// Resumed by the thread as it ends.
    private let ended = Mutex<CheckedContinuation<Void, Never>?>(nil)

    init() {}

    deinit {
        // The thread holds the watcher while it runs, so it has ended by now.
        state.withLock { $0.events?.close() }
    }

    /// Starts the thread (once).
    func start() throws {
        let events: SocketEvents? = try state.withLock { state in
            guard state.events == nil, !state.stopped else { return nil }
            state.events = try SocketEvents()
            return state.events
        }
        guard let events else { return }
        let thread = Thread { [self] in watch(events) }
        thread.name = "examprep-db-sockets"
        thread.start()
    }

    /// Stops the thread; tasks still waiting fail with `.poolClosed`.
    func stop() async {
        let (running, waiters) = state.withLock { state in
            let running = state.stopped ? nil : state.events
            let waiters = Array(state.waiters.values)
            state.waiters.removeAll()
            state.stopped = true
            return (running, waiters)
        }
        for waiter in waiters { waiter.continuation.resume(throwing: Self.stoppedError) }
        guard let running else { return }
        await withCheckedContinuation { continuation in
            ended.withLock { $0 = continuation }
            running.wakeUp()
        }
    }

    /// Suspends until `socket` is ready as asked (or the connection broke, which reads as
    /// ready); past `deadline` it throws `.statementTimeout` instead.
    func wait(for socket: Int32, _ readiness: Readiness, deadline: ContinuousClock.Instant? = nil) async throws {
        try await register(socket, readiness, deadline: deadline)
    }

    /// As `wait`, and a cancellation of the calling task ends the wait with
    /// `CancellationError` (for a connection that waits for notifications, not for an answer).
    /// A cancellation that lands between the check and the registration is noticed at the
    /// deadline, so give one.
    func waitCancellably(for socket: Int32, _ readiness: Readiness, deadline: ContinuousClock.Instant) async throws {
        try Task.checkCancellation()
        try await withTaskCancellationHandler {
            try await register(socket, readiness, deadline: deadline)
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: socket) }?.continuation.resume(throwing: CancellationError())
        }
    }

    private func register(_ socket: Int32, _ readiness: Readiness, deadline: ContinuousClock.Instant?) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let registration: Result<SocketEvents, PostgresError> = state.withLock { state in
                guard let events = state.events, !state.stopped else { return .failure(Self.stoppedError) }
                guard state.waiters[socket] == nil else {
                    return .failure(PostgresError.twoStatementsAtOnce)
                }
                state.waiters[socket] = Waiter(continuation: continuation, deadline: deadline)
                return .success(events)
            }
            let events: SocketEvents
            switch registration {
            case .success(let registered): events = registered
            case .failure(let refusal): return continuation.resume(throwing: refusal)
            }
            // Registered after the continuation is stored, so a wakeup always finds it.
            if let errorNumber = events.watch(socket, for: readiness),
                let waiter = state.withLock({ $0.waiters.removeValue(forKey: socket) })
            {
                waiter.continuation.resume(
                    throwing: PostgresError(
                        kind: .connectionLost, message: "cannot watch the database socket: \(String(cString: strerror(errorNumber)))"))
            }
        }
    }

    private static let stoppedError = PostgresError(kind: .poolClosed, message: "the database pool is shut down")
    private static let timeoutError = PostgresError(
        kind: .statementTimeout, message: "the database did not answer within the statement deadline; the statement was cancelled")

    /// The thread: waits for events and resumes their tasks until `stop()` wakes it.
    private func watch(_ events: SocketEvents) {
        var buffer = SocketEvents.buffer()
        var ready: [Int32] = []
        var nextSweep = ContinuousClock.now
        while true {
            events.next(into: &ready, buffer: &buffer, timeoutMilliseconds: Self.deadlineTick)
            for socket in ready where socket != SocketEvents.wakeToken {
                state.withLock { $0.waiters.removeValue(forKey: socket) }?.continuation.resume()
            }
            let now = ContinuousClock.now
            if now >= nextSweep {
                nextSweep = now + .milliseconds(Int(Self.deadlineTick))
                let expired = state.withLock { state in
                    let sockets = state.waiters.filter { $0.value.deadline.map { $0 <= now } ?? false }.map(\.key)
                    return sockets.compactMap { state.waiters.removeValue(forKey: $0) }
                }
                for waiter in expired { waiter.continuation.resume(throwing: Self.timeoutError) }
            }
            if ready.contains(SocketEvents.wakeToken), state.withLock({ $0.stopped }) { break }
        }
        ended.withLock { continuation in
            continuation?.resume()
            continuation = nil
        }
    }
}

/// The kernel's readiness interface: a one-shot registration per wait, and a way to wake the
/// waiting thread. Sockets are reported by their descriptor; the wakeup as `wakeToken`.
private struct SocketEvents: Sendable {
    static let wakeToken: Int32 = -1
    private static let capacity = 64

    #if os(Linux)
        private let epoll: Int32
        private let wakeEvent: Int32

        init() throws {
            epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
            guard epoll >= 0 else { throw Self.failure("epoll_create1") }
            wakeEvent = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
            guard wakeEvent >= 0 else {
                Glibc.close(epoll)
                throw Self.failure("eventfd")
            }
            var event = epoll_event()
            event.events = EPOLLIN.rawValue
            event.data.fd = Self.wakeToken
            guard epoll_ctl(epoll, EPOLL_CTL_ADD, wakeEvent, &event) == 0 else {
                let error = Self.failure("epoll_ctl")
                Glibc.close(wakeEvent)
                Glibc.close(epoll)
                throw error
            }
        }

        /// Arms `socket` for one event; returns errno on failure.
        func watch(_ socket: Int32, for readiness: SocketWatcher.Readiness) -> Int32? {
            var event = epoll_event()
            event.events = EPOLLIN.rawValue | EPOLLONESHOT.rawValue
            if readiness == .readableOrWritable { event.events |= EPOLLOUT.rawValue }
            event.data.fd = socket
            // Registered once per socket and re-armed afterwards. A closed socket leaves the
            // set by itself, so a new connection that gets the same number is added afresh.
            if epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &event) == 0 { return nil }
            guard errno == ENOENT else { return errno }
            return epoll_ctl(epoll, EPOLL_CTL_ADD, socket, &event) == 0 ? nil : errno
        }

        static func buffer() -> [epoll_event] {
            [epoll_event](repeating: epoll_event(), count: capacity)
        }

        /// Waits for events, at most `timeoutMilliseconds`; `ready` receives the sockets (and
        /// `wakeToken`).
        func next(into ready: inout [Int32], buffer: inout [epoll_event], timeoutMilliseconds: Int32) {
            ready.removeAll(keepingCapacity: true)
            let count = epoll_wait(epoll, &buffer, Int32(Self.capacity), timeoutMilliseconds)
            guard count > 0 else { return }  // EINTR
            for index in 0..<Int(count) { ready.append(buffer[index].data.fd) }
        }

        func wakeUp() {
            var one: UInt64 = 1
            _ = Glibc.write(wakeEvent, &one, MemoryLayout<UInt64>.size)
        }

        func close() {
            Glibc.close(wakeEvent)
            Glibc.close(epoll)
        }
    #else
        private let queue: Int32

        init() throws {
            queue = kqueue()
            guard queue >= 0 else { throw Self.failure("kqueue") }
            var wake = kevent(
                ident: 0, filter: Int16(EVFILT_USER), flags: UInt16(EV_ADD | EV_CLEAR), fflags: 0, data: 0, udata: nil)
            guard kevent(queue, &wake, 1, nil, 0, nil) == 0 else {
                let error = Self.failure("kevent")
                Darwin.close(queue)
                throw error
            }
        }

        func watch(_ socket: Int32, for readiness: SocketWatcher.Readiness) -> Int32? {
            var changes = [
                kevent(
                    ident: UInt(socket), filter: Int16(EVFILT_READ), flags: UInt16(EV_ADD | EV_ONESHOT), fflags: 0, data: 0,
                    udata: nil)
            ]
            if readiness == .readableOrWritable {
                changes.append(
                    kevent(
                        ident: UInt(socket), filter: Int16(EVFILT_WRITE), flags: UInt16(EV_ADD | EV_ONESHOT), fflags: 0,
                        data: 0, udata: nil))
            }
            return kevent(queue, changes, Int32(changes.count), nil, 0, nil) == 0 ? nil : errno
        }

        static func buffer() -> [kevent] {
            [kevent](repeating: kevent(ident: 0, filter: 0, flags: 0, fflags: 0, data: 0, udata: nil), count: capacity)
        }

        func next(into ready: inout [Int32], buffer: inout [kevent], timeoutMilliseconds: Int32) {
            ready.removeAll(keepingCapacity: true)
            var timeout = timespec(tv_sec: Int(timeoutMilliseconds / 1000), tv_nsec: Int(timeoutMilliseconds % 1000) * 1_000_000)
            let count = kevent(queue, nil, 0, &buffer, Int32(Self.capacity), &timeout)
            guard count > 0 else { return }
            for index in 0..<Int(count) {
                ready.append(buffer[index].filter == Int16(EVFILT_USER) ? Self.wakeToken : Int32(buffer[index].ident))
            }
        }

        func wakeUp() {
            var trigger = kevent(
                ident: 0, filter: Int16(EVFILT_USER), flags: 0, fflags: UInt32(NOTE_TRIGGER), data: 0, udata: nil)
            _ = kevent(queue, &trigger, 1, nil, 0, nil)
        }

        func close() {
            Darwin.close(queue)
        }
    #endif

    private static func failure(_ call: String) -> PostgresError {
        PostgresError(kind: .connectionFailed, message: "\(call) failed: \(String(cString: strerror(errno)))")
    }
}
