import Foundation

/// One setting of the server. Its environment variable (`DATABASE_POOL_SIZE`) also names its
/// configuration key (`database.pool.size`, as swift-configuration's environment provider
/// maps it) and its flag (`--database-pool-size`).
struct ServerSetting: Sendable, Hashable {
    let environmentName: String
    let help: String
    /// Secrets have no flag (a flag shows in `ps`), and are never printed.
    let isSecret: Bool

    init(_ environmentName: String, _ help: String, secret: Bool = false) {
        self.environmentName = environmentName
        self.help = help
        self.isSecret = secret
    }

    var key: String { environmentName.lowercased().replacingOccurrences(of: "_", with: ".") }
    var flag: String? { isSecret ? nil : "--" + environmentName.lowercased().replacingOccurrences(of: "_", with: "-") }
}

/// Every setting, in one place: read by `AppConfiguration(reader:)`, offered as flags by
/// `examprep-server`, listed by `--help` and in the README.
enum ServerSettings {
    static let host = ServerSetting("HOST", "Address to listen on (default 127.0.0.1).")
    static let port = ServerSetting("PORT", "Port to listen on; 0 picks a free one (default 8080).")
    static let mode = ServerSetting("ENV", "development or production (default development).")
    static let logLevel = ServerSetting("LOG_LEVEL", "trace, debug, info, notice, warning, error or critical (default info).")
    static let databaseURL = ServerSetting(
        "DATABASE_URL",
        "postgres:// URL of an external database; unset: the embedded PostgreSQL. Prefer DATABASE_URL_FILE when it holds a password.")
    static let databaseURLFile = ServerSetting(
        "DATABASE_URL_FILE", "File holding DATABASE_URL (keeps its password out of the environment and ps).")
    static let dataDirectory = ServerSetting(
        "EXAMPREP_DATA_DIR", "Folder of the embedded PostgreSQL and the development JWT secret (default .data).")
    static let databaseStartupWait = ServerSetting(
        "DATABASE_STARTUP_WAIT", "Seconds to wait at start for PostgreSQL to answer before giving up (default 60).")
    static let transactionPooling = ServerSetting(
        "DATABASE_TRANSACTION_POOLING",
        "true when DATABASE_URL goes through a pooler in transaction mode (PgBouncer): no prepared statements, no LISTEN, no start-up options (default false)."
    )
    static let poolSize = ServerSetting(
        "DATABASE_POOL_SIZE", "Database connections (default 10; with the embedded PostgreSQL twice the cores, 4 to 10).")
    static let poolTimeout = ServerSetting("DATABASE_POOL_TIMEOUT", "Seconds a request waits for a free connection before 503 (default 5).")
    static let poolMaxWaiting = ServerSetting(
        "DATABASE_POOL_MAX_WAITING",
        "Requests that may wait for a connection; beyond it 503 at once (default 16 per connection, at least 256).")
    static let statementTimeout = ServerSetting(
        "DATABASE_STATEMENT_TIMEOUT",
        "Seconds a statement may wait for PostgreSQL; then it is cancelled and the request answered 503 (default 30).")
    static let jwtSecret = ServerSetting("JWT_SECRET", "HS256 secret for access tokens, at least 32 bytes.", secret: true)
    static let jwtSecretFile = ServerSetting("JWT_SECRET_FILE", "File holding the HS256 secret.")
    static let jwtPreviousSecrets = ServerSetting(
        "JWT_PREVIOUS_SECRETS", "Comma-separated older secrets still accepted during a key rotation.", secret: true)
    static let accessTokenTTL = ServerSetting("ACCESS_TOKEN_TTL", "Access token lifetime in seconds (default 900).")
    static let accessTokenLeeway = ServerSetting(
        "ACCESS_TOKEN_LEEWAY", "Seconds an access token is accepted after it expired (default 30).")
    static let refreshTokenTTL = ServerSetting("REFRESH_TOKEN_TTL", "Refresh token and session lifetime in seconds (default 2592000).")
    static let sessionCacheSeconds = ServerSetting(
        "SESSION_CACHE_SECONDS",
        "Seconds an open session is remembered between checks in PostgreSQL; ended sessions are forgotten at once (default 60; 0 checks every request)."
    )
    static let hashScheme = ServerSetting("PASSWORD_HASH_SCHEME", "yescrypt or bcrypt (default yescrypt).")
    static let hashCost = ServerSetting("PASSWORD_HASH_COST", "Hashing cost: yescrypt 1-11 (default 5), bcrypt 4-31 (default 12).")
    static let hashThreads = ServerSetting("PASSWORD_HASH_THREADS", "Threads that hash passwords (default: one per core).")
    static let hashMaxWait = ServerSetting(
        "PASSWORD_HASH_MAX_WAIT", "Seconds a login may expect to wait for hashing before it is refused with 503 (default 30).")
    static let loginMaxFailures = ServerSetting(
        "LOGIN_MAX_FAILURES", "Failed logins per account from one client address in the window before 429 (default 10).")
    static let loginMaxFailuresPerAccount = ServerSetting(
        "LOGIN_MAX_FAILURES_PER_ACCOUNT", "Failed logins per account from all addresses in the window (default 100).")
    static let loginMaxFailuresPerAddress = ServerSetting(
        "LOGIN_MAX_FAILURES_PER_ADDRESS", "Failed logins per client address over all accounts in the window (default 100).")
    static let loginFailureWindow = ServerSetting("LOGIN_FAILURE_WINDOW", "Window of the login limits in seconds (default 900).")
    static let enrollMaxUnknownCodes = ServerSetting(
        "ENROLL_MAX_UNKNOWN_CODES", "Unknown course codes per student in the window before 429 (default 10).")
    static let enrollMaxUnknownCodesPerAddress = ServerSetting(
        "ENROLL_MAX_UNKNOWN_CODES_PER_ADDRESS", "Unknown course codes per client address in the window (default 10).")
    static let enrollWindow = ServerSetting("ENROLL_UNKNOWN_CODE_WINDOW", "Window of the course-code limits in seconds (default 900).")
    static let registrationMax = ServerSetting(
        "REGISTRATION_MAX_PER_ADDRESS", "Registrations per client address in the window before 429 (default 100).")
    static let registrationWindow = ServerSetting("REGISTRATION_WINDOW", "Window of the registration limit in seconds (default 600).")
    static let registrationMaxPerDay = ServerSetting(
        "REGISTRATION_MAX_PER_ADDRESS_PER_DAY", "Registrations per client address in a day before 429 (default 1000).")
    static let maxConnections = ServerSetting(
        "MAX_CONNECTIONS", "Open client connections at most; further ones are closed at once (default 1024).")
    static let idleTimeout = ServerSetting("HTTP_IDLE_TIMEOUT", "Seconds a connection may wait idle for its next request (default 60).")
    static let headerTimeout = ServerSetting(
        "HTTP_HEADER_TIMEOUT", "Seconds a request's headers may take to arrive, from its first byte (default 10; then 408).")
    static let bodyTimeout = ServerSetting("HTTP_BODY_TIMEOUT", "Seconds a request's body may take to arrive (default 30).")
    static let shutdownDrain = ServerSetting(
        "SHUTDOWN_DRAIN",
        "Seconds to keep serving after SIGTERM while /ready answers 503, so a load balancer takes the replica out (default 0).")
    static let trustedProxies = ServerSetting(
        "TRUSTED_PROXIES", "Addresses or CIDR blocks of proxies whose X-Forwarded-For is believed, comma-separated (default: none).")
    static let coursesPerFaculty = ServerSetting("COURSE_MAX_PER_FACULTY", "Courses one faculty member may have (default 100).")
    static let courseCreationMax = ServerSetting(
        "COURSE_CREATION_MAX", "Courses one faculty member may create in the window before 429 (default 30).")
    static let courseCreationWindow = ServerSetting(
        "COURSE_CREATION_WINDOW", "Window of the course-creation limit in seconds (default 3600).")
    static let codeRotationMax = ServerSetting(
        "CODE_ROTATION_MAX", "New course codes one faculty member may ask for in the window before 429 (default 10).")
    static let codeRotationWindow = ServerSetting(
        "CODE_ROTATION_WINDOW", "Window of the code-rotation limit in seconds (default 3600).")
    static let examCreationMax = ServerSetting(
        "EXAM_CREATION_MAX", "Exams one faculty member may create in the window before 429 (default 60).")
    static let examCreationWindow = ServerSetting("EXAM_CREATION_WINDOW", "Window of the exam-creation limit in seconds (default 3600).")
    static let examsPerCourse = ServerSetting("EXAM_MAX_PER_COURSE", "Exams one course may have (default 100).")
    static let questionsPerCourse = ServerSetting(
        "EXAM_MAX_QUESTIONS_PER_COURSE", "Questions all exams of one course may hold together (default 5000).")

    static let all: [ServerSetting] = [
        host, port, mode, logLevel, databaseURL, databaseURLFile, databaseStartupWait, transactionPooling, dataDirectory, poolSize,
        poolTimeout, poolMaxWaiting, statementTimeout,
        jwtSecret, jwtSecretFile, jwtPreviousSecrets, accessTokenTTL, accessTokenLeeway, refreshTokenTTL, sessionCacheSeconds,
        hashScheme, hashCost, hashThreads, hashMaxWait,
        loginMaxFailures, loginMaxFailuresPerAccount, loginMaxFailuresPerAddress, loginFailureWindow,
        enrollMaxUnknownCodes, enrollMaxUnknownCodesPerAddress, enrollWindow, registrationMax, registrationWindow,
        registrationMaxPerDay, coursesPerFaculty, courseCreationMax, courseCreationWindow, codeRotationMax, codeRotationWindow,
        examCreationMax, examCreationWindow, examsPerCourse, questionsPerCourse, trustedProxies,
        maxConnections, idleTimeout, headerTimeout, bodyTimeout, shutdownDrain,
    ]

    /// The settings by flag (`--port`), for parsing the command line.
    static let byFlag: [String: ServerSetting] = Dictionary(
        uniqueKeysWithValues: all.compactMap { setting in setting.flag.map { ($0, setting) } })

    /// The `--help` text: every setting with its variable and flag.
    static var helpText: String {
        all.map { setting in
            let names = [setting.environmentName, setting.flag].compactMap { $0 }.joined(separator: ", ")
            return "  \(names)\n      \(setting.help)"
        }.joined(separator: "\n")
    }
}
