import Configuration
import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging
import NIOCore
import NIOPosix

/// Everything the server can be told, with the defaults of a development start.
/// `AppConfiguration(reader:)` reads it from swift-configuration (the environment, and the
/// command line's flags on top; see `ServerSettings` and the README).
public struct AppConfiguration: Sendable {
    public enum Mode: String, Sendable, CaseIterable {
        case development
        case production
    }

    public var host = "127.0.0.1"
    public var port = 8080
    public var mode = Mode.development
    public var logLevel = Logger.Level.info

    /// Where PostgreSQL is: an embedded cluster under `dataDirectory` unless told otherwise.
    public var database = DatabaseLocation.embedded
    public var dataDirectory = URL(fileURLWithPath: ".data", isDirectory: true)
    /// Where statistics and grade books read (`DATABASE_READ_URL`), a standby; nil: `database`.
    public var readDatabase: PostgresConfiguration?
    /// The `application_name` of the connections that read there (seen in `pg_stat_activity`).
    public static let readPoolApplicationName = "examprep-read"
    /// Whether `DATABASE_URL` goes through a pooler in transaction mode (PgBouncer): then no
    /// statement is prepared, no session is remembered (that needs LISTEN), and connections
    /// send no start-up options.
    public var databaseTransactionPooling = false
    /// How long a start waits for PostgreSQL to answer.
    public var databaseStartupWait: Duration = .seconds(60)
    /// Connections to PostgreSQL (nil: `defaultPoolSize`).
    public var databasePoolSize: Int?
    public var databasePoolTimeout: Duration = .seconds(5)
    /// Requests that may wait for a connection (nil: `poolMaxWaiting`).
    public var databasePoolMaxWaiting: Int?

    /// Every open client connection may have a request waiting for a database connection: a
    /// school's students arrive together (500 logins within two seconds are a few thousand
    /// statements in line), and refusing them at once would fail a class that a few seconds
    /// of waiting serves. At least 16 per database connection.
    var poolMaxWaiting: Int {
        databasePoolMaxWaiting ?? max(connectionLimits.maxConnections, 16 * poolSize)
    }
    /// How long a statement may wait for PostgreSQL before it is cancelled and its request
    /// answered 503 (nil: for ever, as the import of the first version runs).
    public var databaseStatementTimeout: Duration? = .seconds(30)

    /// 10 for a database elsewhere. The embedded cluster runs on this machine's cores: four
    /// connections per core, from 8 up to 10. A connection is held while its request's task
    /// waits for a thread between round trips, so on a busy machine a pool of two per core
    /// (4 on 2 cores) had every request waiting for a connection: in the exam hour in browsers
    /// (2,000 students, pages and saves at 340 a second) 8 connections instead of 4 took the
    /// pages' p99 after the sign-ins from 238 to 37 ms and PostgreSQL's CPU per request down a
    /// fifth (benchmarks/README.md). Flat out on one cheap statement, 10 cost PostgreSQL a
    /// fifth more CPU per statement than 4 (benchmarks/run): more is not better there.
    var defaultPoolSize: Int {
        guard case .embedded = database else { return 10 }
        return min(10, max(8, 4 * System.coreCount))
    }

    var poolSize: Int { databasePoolSize ?? defaultPoolSize }

    /// The HS256 secret that signs access tokens; `nil` in development means a generated one
    /// kept under `dataDirectory`.
    public var jwtSecret: [UInt8]?
    /// Earlier secrets still accepted for verification during a rotation.
    public var jwtPreviousSecrets: [[UInt8]] = []
    public var accessTokenLifetime: TimeInterval = 15 * 60
    /// Seconds an access token is still accepted after `exp`, for clock skew.
    public var accessTokenLeeway: TimeInterval = 30
    public var refreshTokenLifetime: TimeInterval = 30 * 24 * 60 * 60
    /// How long an open session is remembered between checks (0: check every request).
    public var sessionCacheSeconds: TimeInterval = 60

    var hashScheme = HashScheme.default
    public var hashThreads = System.coreCount
    /// How long a login may expect to wait for a hashing thread before 503. Each login waiting
    /// holds 30-40 kB, so the bound also bounds a surge's memory: with 45 s a 5,000-student
    /// surge on two cores peaked at 245-266 MiB, with 30 s at 230-240 MiB.
    public var hashMaxWait: Duration = .seconds(30)

    var limits = RateLimiter.Limits()
    public var maxCoursesPerFaculty = 100
    /// New student accounts one teacher's class lists may make in a day (`CLASS_LIST_ACCOUNTS_PER_DAY`).
    public var classListAccountsPerDay = 500
    /// MiB of pictures one course may hold (`MEDIA_QUOTA_PER_COURSE_MB`).
    public var mediaQuotaPerCourseMB = 100
    /// How much one course may hold in exams.
    var examCaps = ExamCaps()

    /// Connection cap and the idle, header and body timeouts.
    var connectionLimits = ConnectionLimits()

    /// Open client connections at most (`MAX_CONNECTIONS`).
    public var maxConnections: Int { connectionLimits.maxConnections }

    /// How often the server looks for attempts past their end to submit.
    public var attemptSweepInterval: Duration = .seconds(2)
    /// How often the server asks the primary about its standby, to log a change (`StandbyWatch`).
    public var standbyCheckInterval: Duration = .seconds(10)

    /// After SIGTERM, how long to keep serving with `/ready` at 503 before stopping.
    public var shutdownDrain: Duration = .zero

    /// Proxies whose `X-Forwarded-For` names the client (`TRUSTED_PROXIES`).
    var trustedProxies: [AddressBlock] = []

    /// Where people reach the server (`https://exams.school.example`), when it is behind a proxy
    /// or TLS terminator: over https the session cookie is `Secure` with the `__Host-` prefix,
    /// and page forms must come from this origin.
    public var publicURL: URL?
    /// How long a browser session lasts unused (it never ends while an attempt of its person runs).
    public var webSessionLifetime: TimeInterval = 12 * 60 * 60

    /// The language of people who chose none and whose browser asks for none of ours (`DEFAULT_LANGUAGE`).
    public var defaultLanguage = Language.en
    /// The school's time zone (`DEFAULT_TIME_ZONE`, an IANA name): a new course's when its
    /// teacher names none, and the zone of times shown outside a course (the account page,
    /// /admin, mails).
    public var defaultTimeZone = "UTC"

    /// Who may register as faculty (`FACULTY_REGISTRATION`): by invitation only, by default.
    public var facultyRegistration = FacultyRegistration.invite
    /// The SMTP server of the server's mail (`SMTP_URL`); nil: no mail is sent.
    public var smtpURL: URL?
    /// The sender of the server's mail (`MAIL_FROM`).
    public var mailFrom: String?

    /// Sign-in with the school's accounts (`OIDC_…`); off while its issuer is unset.
    public var schoolSignIn = SchoolSignInSettings()

    /// The origin of `publicURL` (scheme, host, port), as a browser's `Origin` header spells it.
    var publicOrigin: String? {
        guard let publicURL, let scheme = publicURL.scheme?.lowercased(), let host = publicURL.host?.lowercased() else { return nil }
        return "\(scheme)://\(host)" + (publicURL.port.map { ":\($0)" } ?? "")
    }

    /// Whether browsers reach the server over HTTPS.
    var servesHTTPS: Bool { publicURL?.scheme?.lowercased() == "https" }

    /// The clock of token expiry and attempt windows (tests move it by hand).
    public var clock = ServerClock.system
    /// Lets a test hold the password hashing threads (never set by the running server).
    public var hashingHold: HashingHold?
    /// How often a start (an attempt's or a practice session's) draws again when edits of the
    /// bank replaced what it drew, before it answers 503 (code only: tests lose every race).
    public var bankDrawRetries = BankDrawStatements.retries
    /// A hashing job's expected duration and the clock of the hashing queue's deadlines: tests
    /// fix them (never set by the running server).
    public var hashingTimes = HashingTimes.server

    public init() {}

    /// Reads every setting from `reader` (`ServerSettings.all`, in their order); an invalid
    /// value throws a `ConfigurationError` naming the variable and its flag.
    public init(reader: ConfigReader) throws {
        self.init()
        let settings = SettingsReader(reader: reader)
        for setting in ServerSettings.all { try setting.apply(settings, &self) }
    }

    /// Trusts `X-Forwarded-For` from these addresses or blocks (tests, tools).
    public mutating func setTrustedProxies(_ blocks: [String]) {
        trustedProxies = blocks.compactMap(AddressBlock.init)
    }

    /// Names and sets the password hashing scheme (`yescrypt` or `bcrypt`, optional cost).
    public mutating func setHashScheme(_ name: String, cost: Int? = nil) throws {
        guard let scheme = HashScheme(name: name, cost: cost) else {
            throw ConfigurationError(
                "PASSWORD_HASH_SCHEME must be yescrypt (cost 1-11) or bcrypt (cost 4-31), got \(name) cost \(cost.map(String.init) ?? "default")"
            )
        }
        hashScheme = scheme
    }

    /// Lets one address register ten thousand accounts (test suites that sign many users up
    /// from loopback).
    public mutating func allowManyRegistrations() {
        limits.registrationsPerAddress = RateLimit(maxAttempts: 10_000, windowSeconds: 600)
        limits.registrationsPerAddressPerDay = RateLimit(maxAttempts: 10_000, windowSeconds: 86_400)
    }
}

/// The database the server uses.
public enum DatabaseLocation: Sendable {
    /// A cluster of its own under the data folder, started and stopped with the server.
    case embedded
    /// A PostgreSQL server run by someone else (`DATABASE_URL`).
    case external(PostgresConfiguration)
}
