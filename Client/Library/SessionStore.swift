import ExamPrepShared
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the session lives between launches. Three methods, no more: the
/// ``SessionManager`` reads the store at every protected request, so whatever is stored
/// is what the next request uses.
///
/// `load()` never throws: a missing, unreadable or corrupt session means signed out.
public protocol SessionStore: Sendable {
    func load() -> AuthSession?
    func store(_ session: AuthSession) throws
    func remove() throws
}

/// A store that other processes share (a file several command-line runs use) can lock it
/// for the time of a refresh, so that two processes never spend the same refresh token
/// (which the server would take for theft and answer by ending the session).
public protocol SharedSessionStore: SessionStore {
    /// Waits for the store's lock across processes; it is held until `release()`.
    func lockAcrossProcesses() async throws -> any SessionStoreLock
}

/// A held lock of a `SharedSessionStore`.
public protocol SessionStoreLock: Sendable {
    func release()
}

/// Why a store could not write or delete.
public enum SessionStoreError: Error, LocalizedError, Hashable {
    /// A file operation failed with `errno`.
    case file(operation: String, path: String, errno: Int32)
    /// A Keychain call failed with this `OSStatus`.
    case keychain(operation: String, status: Int32)

    public var errorDescription: String? {
        switch self {
        case .file(let operation, let path, let code):
            "Could not \(operation) \(path): \(String(cString: strerror(code)))"
        case .keychain(let operation, let status):
            "Keychain \(operation) failed (OSStatus \(status))"
        }
    }
}

/// The JSON form of a stored session, shared by the stores that hold bytes.
enum SessionCoding {
    static func encode(_ session: AuthSession) throws -> Data {
        try ExamPrepJSON.makeEncoder().encode(session)
    }

    static func decode(_ data: Data) -> AuthSession? {
        try? ExamPrepJSON.makeDecoder().decode(AuthSession.self, from: data)
    }
}
