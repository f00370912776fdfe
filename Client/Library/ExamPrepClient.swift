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
    public let admin: Admin

    /// - Parameters:
    ///   - store: where the session lives between launches; by default the Keychain on
    ///     Apple platforms and `FileSessionStore.defaultDirectory()` elsewhere.
    ///   - transport: how requests travel; `URLSession` unless a test injects its own.
    ///   - now: the clock that says when the access token is about to expire (tests move it).
    ///   - answerDirectory: where a student's unsent answers wait between launches; by
    ///     default the folder of a `FileSessionStore`, `defaultAnswerDirectory()` with the
    ///     Keychain, and nowhere (memory only) with any other store.
    ///   - waitingInLine: how a sign-in the server shed in a surge waits and is sent again.
    ///   - language: the language the server's messages should come in (`Accept-Language`).
    public init(
        baseURL: URL, store: any SessionStore = ExamPrepClient.defaultStore(),
        transport: any HTTPTransport = URLSessionTransport(), refreshLeeway: TimeInterval = 30,
        now: @escaping @Sendable () -> Date = { Date() }, answerDirectory: URL? = nil, waitingInLine: WaitingInLine = .standard,
        language: Language? = nil
    ) {
        let api = APIClient(baseURL: baseURL, transport: transport, waitingInLine: waitingInLine, language: language)
        session = SessionManager(api: api, store: store, refreshLeeway: refreshLeeway, now: now)
        account = Account(session: session)
        faculty = Faculty(session: session)
        student = Student(session: session, answerDirectory: answerDirectory ?? Self.answerDirectory(besides: store))
        admin = Admin(session: session)
    }

    /// The HTTP client, for calls the services do not wrap (e.g. `.roles`).
    public nonisolated var api: APIClient { session.api }

    /// Where unsent answers wait when the session lives elsewhere than in a file: Application
    /// Support on Apple platforms, `FileSessionStore.defaultDirectory()` elsewhere.
    public nonisolated static func defaultAnswerDirectory() -> URL {
        #if canImport(Security)
            URL.applicationSupportDirectory.appending(path: "ExamPrep", directoryHint: .isDirectory)
        #else
            FileSessionStore.defaultDirectory()
        #endif
    }

    private nonisolated static func answerDirectory(besides store: any SessionStore) -> URL? {
        if let file = store as? FileSessionStore { return file.fileURL.deletingLastPathComponent() }
        #if canImport(Security)
            if store is KeychainSessionStore { return defaultAnswerDirectory() }
        #endif
        return nil
    }

    /// The platform's natural session store.
    public nonisolated static func defaultStore() -> any SessionStore {
        #if canImport(Security)
            KeychainSessionStore()
        #else
            FileSessionStore(directory: FileSessionStore.defaultDirectory())
        #endif
    }
}
