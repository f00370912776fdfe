import CLibPQ
import Foundation

/// libpq's cancel object for one connection (`PQgetCancel`), at the C boundary.
///
/// `@unchecked Sendable` because libpq documents a PGcancel as an independent copy of the
/// connection's cancel data that may be used from any thread, and this class is its only
/// owner: the object is freed when the last reference goes, so a request still being sent on
/// its thread keeps it alive past the connection's close. Which statement a request may
/// target is decided by `ConnectionState`, not here.
final class CancelHandle: @unchecked Sendable {
    private let pointer: OpaquePointer

    init?(_ connection: OpaquePointer) {
        guard let pointer = PQgetCancel(connection) else { return nil }
        self.pointer = pointer
    }

    deinit {
        PQfreeCancel(pointer)
    }

    /// Asks the server to cancel what the connection runs, on a thread of its own (`PQcancel`
    /// opens a short connection of its own and blocks until it is delivered, which may take
    /// as long as connecting does), then calls `done` there.
    func send(then done: @escaping @Sendable () -> Void) {
        Thread.detachNewThread { [self] in
            var message = [CChar](repeating: 0, count: 256)
            _ = PQcancel(pointer, &message, Int32(message.count))
            done()
        }
    }
}
