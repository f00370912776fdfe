import ExamPrepShared
import Foundation

/// The entry point: one HTTP client and one session for the whole app, and the services
/// a front end binds to.
///
/// ```swift
/// let client = ExamPrepClient(baseURL: URL(string: "https://exams.example.org")!)
/// try await client.account.login(email: "ada@example.org", password: password)
/// try await client.faculty.load()
/// ```
@MainActor
public final class ExamPrepClient {
    public nonisolated let session: SessionManager
    public let account: Account
    public let faculty: Faculty
    public let student: Student

    /// - Parameters:
    ///   - store: where the session lives between launches; by default the Keychain on
    ///     Apple platforms and `FileSessionStore.defaultDirectory()` elsewhere.
    ///   - transport: how requests travel; `URLSession` unless a test injects its own.
    ///   - now: the clock that says when the access token is about to expire (tests move it).
    public init(
        baseURL: URL, store: any SessionStore = ExamPrepClient.defaultStore(),
        transport: any HTTPTransport = URLSessionTransport(), refreshLeeway: TimeInterval = 30,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        let api = APIClient(baseURL: baseURL, transport: transport)
        session = SessionManager(api: api, store: store, refreshLeeway: refreshLeeway, now: now)
        account = Account(session: session)
        faculty = Faculty(session: session)
        student = Student(session: session)
    }

    /// The HTTP client, for calls the services do not wrap (e.g. `.roles`).
    public nonisolated var api: APIClient { session.api }

    /// The platform's natural session store.
    public nonisolated static func defaultStore() -> any SessionStore {
        #if canImport(Security)
            KeychainSessionStore()
        #else
            FileSessionStore(directory: FileSessionStore.defaultDirectory())
        #endif
    }
}
