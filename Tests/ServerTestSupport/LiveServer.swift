import ExamPrepServer
import ExamPrepTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging

/// Boots the real server in-process on port 0 over a test database, for the server and
/// end-to-end tests.
public enum LiveServer {
    /// The HS256 secret of every test server.
    public static let jwtSecret = Array("server-tests-secret-0123456789-abcdefghij".utf8)

    /// A test configuration: a fresh migrated database of its own, port 0, the test secret,
    /// the cheapest yescrypt cost (hashing speed is the benchmark's business).
    public static func configuration() async throws -> AppConfiguration {
        var configuration = AppConfiguration()
        configuration.port = 0
        configuration.database = .external(try await TestDatabase.makeDatabase(migrated: true))
        configuration.jwtSecret = jwtSecret
        // Quiet unless asked (`TEST_LOG_LEVEL=warning scripts/test`): the fault tests make the
        // server log hundreds of expected errors, which would bury a failing test's report.
        configuration.logLevel = ProcessInfo.processInfo.environment["TEST_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .critical
        try configuration.setHashScheme("yescrypt", cost: 1)
        // Tests sign many users up from one address; the suites about limits set their own.
        configuration.allowManyRegistrations()
        // Most suites sign faculty up through /api/register as the first version did; the
        // suites about school accounts set the default (`invite`) back.
        configuration.facultyRegistration = .open
        // On two cores shared with the whole suite, a test server's pool waited more than the
        // default 5 s for a connection and answered 503 (`examprep questions import` in CI, cb8a573).
        // The wait is not what those tests check; the suites about it (OutageTests,
        // SupervisionTests) set their own.
        configuration.databasePoolTimeout = .seconds(120)
        // The hashing queue decides by a job's expected duration and its own clock: fixed here
        // (a job takes 50 ms by the queue's reckoning, and a waiting one is never overdue), so
        // that which sign-in is let in, shed or answered as overdue never depends on how busy
        // the machine is. The suites about those decisions set their own (PasswordHashingTests).
        configuration.hashingTimes = TestClock().hashingTimes()
        return configuration
    }

    /// How long a test's client waits for an answer from a server of `configuration`: longer
    /// than the server may take by its own bounds (a connection from its pool, two statements,
    /// a hashing thread, with a minute to spare), so that on a busy machine a slow answer is an
    /// answer, never the client giving up while the server still works on it.
    public static func patience(for configuration: AppConfiguration) -> Duration {
        configuration.databasePoolTimeout + (configuration.databaseStatementTimeout ?? .seconds(30)) * 2 + configuration.hashMaxWait
            + .seconds(60)
    }

    /// `patience(for:)` of a test configuration as `configuration()` makes it.
    public static let defaultPatience = Duration.seconds(120 + 2 * 30 + 30 + 60)

    /// Runs the server over real HTTP for the duration of `body`, then shuts it down.
    public static func run<Value: Sendable>(
        _ configuration: AppConfiguration,
        logger: Logger? = nil,
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        let app = try await buildApplication(configuration, logger: logger)
        return try await app.test(.live, body)
    }
}
