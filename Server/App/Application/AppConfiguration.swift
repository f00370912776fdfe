import Configuration
import ExamPrepPostgres
import Foundation
import Logging
import NIOCore
import NIOPosix

/// Everything the server can be told, with the defaults of a development start.
/// `AppConfiguration(reader:)` reads it from swift-configuration (the environment, and the
/// command line's flags on top; see `ServerSettings` and the README).
public struct AppConfiguration: Sendable {
    public enum Mode: String, Sendable {
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
    /// Whether `DATABASE_URL` goes through a pooler in transaction mode (PgBouncer): then no
    /// statement is prepared, no session is remembered (that needs LISTEN), and connections
    /// send no start-up options.
    public var databaseTransactionPooling = false
    /// How long a start waits for PostgreSQL to answer.
    public var databaseStartupWait: Duration = .seconds(60)
    /// Connections to PostgreSQL (nil: `defaultPoolSize`).
    public var databasePoolSize: Int?
    public var databasePoolTimeout: Duration = .seconds(5)
    /// Requests that may wait for a connection (nil: the pool's default).
    public var databasePoolMaxWaiting: Int?
    /// How long a statement may wait for PostgreSQL before it is cancelled and its request
    /// answered 503 (nil: for ever, as the import of the first version runs).
    public var databaseStatementTimeout: Duration? = .seconds(30)

    /// 10 for a database elsewhere. The embedded cluster runs on this machine's cores, and
    /// more connections than it can run at once only make each statement dearer (measured
    /// in benchmarks/run: a pool of 10 on 2 cores cost PostgreSQL a fifth more CPU per
    /// statement than one of 4), so there it is twice the cores, from 4 up to 10.
    var defaultPoolSize: Int {
        guard case .embedded = database else { return 10 }
        return min(10, max(4, 2 * System.coreCount))
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
    /// How long a login may expect to wait for a hashing thread before 503.
    public var hashMaxWait: Duration = .seconds(30)

    var limits = AttemptLimiter.Limits()
    public var maxCoursesPerFaculty = 100
    /// How much one course may hold in exams.
    var examCaps = ExamCaps()

    /// Connection cap and the idle, header and body timeouts.
    var connectionLimits = ConnectionLimits()

    /// After SIGTERM, how long to keep serving with `/ready` at 503 before stopping.
    public var shutdownDrain: Duration = .zero

    /// Proxies whose `X-Forwarded-For` names the client (`TRUSTED_PROXIES`).
    var trustedProxies: [AddressBlock] = []

    /// The clock of token expiry and attempt windows (tests move it by hand).
    public var clock = ServerClock.system

    public init() {}

    /// Reads every setting from `reader`; an invalid value throws a `ConfigurationError`
    /// naming the variable and its flag.
    public init(reader: ConfigReader) throws {
        self.init()
        let settings = SettingsReader(reader: reader)
        typealias S = ServerSettings
        host = settings.string(S.host) ?? host
        port = try settings.integer(S.port, in: 0...65535) ?? port
        if let mode = try settings.choice(S.mode, of: ["development", "production"]) {
            self.mode = Mode(rawValue: mode)!
        }
        if let level = try settings.choice(S.logLevel, of: Logger.Level.allCases.map(\.rawValue)) {
            logLevel = Logger.Level(rawValue: level)!
        }
        if let url = try settings.valueOrFile(S.databaseURL, file: S.databaseURLFile) {
            do {
                database = .external(try PostgresConfiguration(url: String(decoding: url, as: UTF8.self)))
            } catch {
                throw ConfigurationError("DATABASE_URL is not a postgres:// URL: \(error)")
            }
        }
        if let folder = settings.string(S.dataDirectory) {
            dataDirectory = URL(fileURLWithPath: folder, isDirectory: true)
        }
        databaseStartupWait = try settings.seconds(S.databaseStartupWait, in: 0...3600) ?? databaseStartupWait
        if let pooling = try settings.choice(S.transactionPooling, of: ["true", "false"]) {
            databaseTransactionPooling = pooling == "true"
        }
        databasePoolSize = try settings.integer(S.poolSize, in: 1...500) ?? databasePoolSize
        databasePoolTimeout = try settings.seconds(S.poolTimeout, in: 1...600) ?? databasePoolTimeout
        databasePoolMaxWaiting = try settings.integer(S.poolMaxWaiting, in: 0...100_000) ?? databasePoolMaxWaiting
        databaseStatementTimeout = try settings.seconds(S.statementTimeout, in: 1...3600) ?? databaseStatementTimeout

        jwtSecret = try settings.valueOrFile(S.jwtSecret, file: S.jwtSecretFile)
        jwtPreviousSecrets = settings.list(S.jwtPreviousSecrets).map { Array($0.utf8) }
        accessTokenLifetime = try settings.integer(S.accessTokenTTL, in: 1...86_400).map(TimeInterval.init) ?? accessTokenLifetime
        accessTokenLeeway = try settings.integer(S.accessTokenLeeway, in: 0...300).map(TimeInterval.init) ?? accessTokenLeeway
        refreshTokenLifetime =
            try settings.integer(S.refreshTokenTTL, in: 60...31_536_000).map(TimeInterval.init) ?? refreshTokenLifetime

        sessionCacheSeconds = try settings.integer(S.sessionCacheSeconds, in: 0...3600).map(TimeInterval.init) ?? sessionCacheSeconds
        let cost = try settings.integer(S.hashCost, in: 1...31)
        if let scheme = try settings.choice(S.hashScheme, of: ["yescrypt", "bcrypt"]) {
            try setHashScheme(scheme, cost: cost)
        } else if let cost {
            try setHashScheme("yescrypt", cost: cost)
        }
        hashThreads = try settings.integer(S.hashThreads, in: 1...256) ?? hashThreads
        hashMaxWait = try settings.seconds(S.hashMaxWait, in: 1...600) ?? hashMaxWait

        func limit(_ count: ServerSetting, _ window: ServerSetting, _ current: RateLimit) throws -> RateLimit {
            RateLimit(
                maxAttempts: try settings.integer(count, in: 1...1_000_000) ?? current.maxAttempts,
                windowSeconds: try settings.integer(window, in: 1...86_400) ?? current.windowSeconds)
        }
        limits.loginPerAccountAndAddress = try limit(S.loginMaxFailures, S.loginFailureWindow, limits.loginPerAccountAndAddress)
        limits.loginPerAccount = try limit(S.loginMaxFailuresPerAccount, S.loginFailureWindow, limits.loginPerAccount)
        limits.loginFailuresPerAddress = try limit(S.loginMaxFailuresPerAddress, S.loginFailureWindow, limits.loginFailuresPerAddress)
        limits.unknownCodesPerStudent = try limit(S.enrollMaxUnknownCodes, S.enrollWindow, limits.unknownCodesPerStudent)
        limits.unknownCodesPerAddress = try limit(S.enrollMaxUnknownCodesPerAddress, S.enrollWindow, limits.unknownCodesPerAddress)
        limits.registrationsPerAddress = try limit(S.registrationMax, S.registrationWindow, limits.registrationsPerAddress)
        limits.registrationsPerAddressPerDay.maxAttempts =
            try settings.integer(S.registrationMaxPerDay, in: 1...1_000_000) ?? limits.registrationsPerAddressPerDay.maxAttempts
        limits.courseCreationsPerFaculty = try limit(S.courseCreationMax, S.courseCreationWindow, limits.courseCreationsPerFaculty)
        limits.codeRotationsPerFaculty = try limit(S.codeRotationMax, S.codeRotationWindow, limits.codeRotationsPerFaculty)
        limits.examCreationsPerFaculty = try limit(S.examCreationMax, S.examCreationWindow, limits.examCreationsPerFaculty)
        maxCoursesPerFaculty = try settings.integer(S.coursesPerFaculty, in: 1...100_000) ?? maxCoursesPerFaculty
        examCaps.examsPerCourse = try settings.integer(S.examsPerCourse, in: 1...100_000) ?? examCaps.examsPerCourse
        examCaps.questionsPerCourse = try settings.integer(S.questionsPerCourse, in: 1...10_000_000) ?? examCaps.questionsPerCourse
        connectionLimits.maxConnections = try settings.integer(S.maxConnections, in: 1...1_000_000) ?? connectionLimits.maxConnections
        if let seconds = try settings.integer(S.idleTimeout, in: 1...3600) { connectionLimits.idle = .seconds(Int64(seconds)) }
        if let seconds = try settings.integer(S.headerTimeout, in: 1...600) { connectionLimits.header = .seconds(Int64(seconds)) }
        if let seconds = try settings.integer(S.bodyTimeout, in: 1...3600) { connectionLimits.body = .seconds(Int64(seconds)) }
        shutdownDrain = try settings.seconds(S.shutdownDrain, in: 0...600) ?? shutdownDrain
        trustedProxies = try settings.list(S.trustedProxies).map { text in
            guard let block = AddressBlock(text) else {
                throw ConfigurationError("TRUSTED_PROXIES (--trusted-proxies) must list addresses or CIDR blocks, got \(text)")
            }
            return block
        }
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
