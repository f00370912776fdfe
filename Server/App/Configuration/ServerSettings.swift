import ExamPrepPostgres
import Foundation
import Logging
import NIOCore

/// Every setting, in one place: read by `AppConfiguration(reader:)`, offered as flags by
/// `examprep-server`, listed by `--help`, printed by `examprep-server settings` and written
/// into docs/CONFIGURATION.md (a test fails when that page is stale).
enum ServerSettings {
    typealias S = ServerSetting

    static let all: [ServerSetting] =
        server + database + tokens + passwords + limits + accountLimits + media + network + web + accounts + schoolSignIn

    static let server: [ServerSetting] = [
        .text("HOST", \.host, help: "Address to listen on."),
        .integer("PORT", \.port, in: 0...65535, help: "Port to listen on; 0 picks a free one."),
        .choice("ENV", \.mode, of: AppConfiguration.Mode.allCases, help: "`production` refuses to start without a JWT secret."),
        .choice("LOG_LEVEL", \.logLevel, of: Logger.Level.allCases, help: "How much the server logs."),
        .custom(
            "EXAMPREP_DATA_DIR", help: "Folder of the embedded PostgreSQL and the development JWT secret.", default: ".data",
            allowed: "a folder", current: { $0.dataDirectory.path },
            rule: { settings, configuration in
                if let folder = settings.string("EXAMPREP_DATA_DIR") {
                    configuration.dataDirectory = URL(fileURLWithPath: folder, isDirectory: true)
                }
            }),
        .seconds(
            "SHUTDOWN_DRAIN", \.shutdownDrain, in: 0...600,
            help: "Seconds to keep serving after SIGTERM while /ready answers 503, so a load balancer takes the replica out."),
        .seconds(
            "ATTEMPT_SWEEP_INTERVAL", \.attemptSweepInterval, in: 1...300,
            help: "Seconds between two looks for attempts past their deadline and grace, which the server then submits."),
    ]

    static let database: [ServerSetting] = [
        .custom(
            "DATABASE_URL",
            help: "postgres:// URL of an external database; unset: the embedded PostgreSQL. With a standby, name both hosts "
                + "and target_session_attrs=read-write (postgres://h1:5432,h2:5432/db?target_session_attrs=read-write): the server "
                + "follows the primary after a failover. Prefer DATABASE_URL_FILE when it holds a password (a flag with one draws a "
                + "warning).",
            default: "(embedded)", allowed: "postgres://user:password@host:5432/db",
            current: { configuration in
                guard case .external(let database) = configuration.database else { return "(embedded)" }
                return database.description
            },
            rule: { settings, configuration in
                guard let database = try settings.databaseURL("DATABASE_URL") else { return }
                guard database.opensOnPrimary else {
                    throw ConfigurationError(
                        "DATABASE_URL names \(database.hostCount) hosts without target_session_attrs=read-write: libpq would take "
                            + "the first that answers, a standby perhaps, on which every write fails. Add "
                            + "target_session_attrs=read-write, so that the server always writes to the primary.")
                }
                configuration.database = .external(database)
            }),
        .custom(
            "DATABASE_URL_FILE", help: "File holding DATABASE_URL (keeps its password out of the environment and ps).",
            default: "—", allowed: "a file"),
        .custom(
            "DATABASE_READ_URL",
            help: "postgres:// URL where statistics and grade books read, so that a teacher's report does not weigh on the "
                + "primary: a standby, or standby first with target_session_attrs=prefer-standby. It may lag the primary by the "
                + "standby's replay delay. Needs DATABASE_URL; prefer DATABASE_READ_URL_FILE when it holds a password.",
            default: "(DATABASE_URL)", allowed: "postgres://user:password@standby:5432/db",
            current: { $0.readDatabase?.description ?? "(DATABASE_URL)" },
            rule: { settings, configuration in
                guard var database = try settings.databaseURL("DATABASE_READ_URL") else { return }
                guard case .external = configuration.database else {
                    throw ConfigurationError("DATABASE_READ_URL needs DATABASE_URL: the embedded PostgreSQL has no standby")
                }
                database.applicationName = AppConfiguration.readPoolApplicationName
                configuration.readDatabase = database
            }),
        .custom(
            "DATABASE_READ_URL_FILE", help: "File holding DATABASE_READ_URL.", default: "—", allowed: "a file"),
        .seconds(
            "DATABASE_STARTUP_WAIT", \.databaseStartupWait, in: 0...3600,
            help: "Seconds a start waits for PostgreSQL to answer before it gives up."),
        .flag(
            "DATABASE_TRANSACTION_POOLING", \.databaseTransactionPooling,
            help: "true when DATABASE_URL goes through a pooler in transaction mode (PgBouncer): no prepared statements, "
                + "no LISTEN (so no session cache), no start-up options."),
        .integer(
            "DATABASE_POOL_SIZE", \.databasePoolSize, in: 1...500, default: "10; embedded: four per core, 8 to 10",
            current: { $0.poolSize },
            help: "Connections to PostgreSQL. A request holds its connection between round trips while its work waits for a core, "
                + "so on a busy machine too few connections make requests wait for one; flat out on cheap statements, many more "
                + "than the cores can run make each statement dearer."),
        .seconds(
            "DATABASE_POOL_TIMEOUT", \.databasePoolTimeout, in: 1...600,
            help: "Seconds a request waits for a free connection before 503; one that would wait longer (by the pace the line "
                + "moves at) gets 503 at once. Either way Retry-After spreads those turned away at that pace."),
        .integer(
            "DATABASE_POOL_MAX_WAITING", \.databasePoolMaxWaiting, in: 0...100_000,
            default: "MAX_CONNECTIONS, at least 16 per connection", current: { $0.poolMaxWaiting },
            help: "Requests that may wait for a connection, in each of the two lines (exam answers and submissions; everything "
                + "else); beyond it 503 at once."),
        .custom(
            "DATABASE_STATEMENT_TIMEOUT",
            help: "Seconds a statement may wait for PostgreSQL; then it is cancelled, its connection dropped and the request "
                + "answered 503.",
            default: "30", allowed: "1–3600 s",
            current: { $0.databaseStatementTimeout.map { String($0.components.seconds) } ?? "none" },
            rule: { settings, configuration in
                if let seconds = try settings.integer("DATABASE_STATEMENT_TIMEOUT", in: 1...3600) {
                    configuration.databaseStatementTimeout = .seconds(seconds)
                }
            }),
    ]

    static let tokens: [ServerSetting] = [
        .custom(
            "JWT_SECRET",
            help: "HS256 secret of the access tokens, at least 32 bytes. In development without one, a random secret is kept "
                + "in <data dir>/jwt-secret (mode 0600) so restarts keep sessions.",
            secret: true, default: "—", allowed: "32 bytes or more",
            rule: { settings, configuration in
                configuration.jwtSecret = try settings.valueOrFile("JWT_SECRET", file: "JWT_SECRET_FILE") ?? configuration.jwtSecret
            }),
        .custom("JWT_SECRET_FILE", help: "File holding the HS256 secret.", default: "—", allowed: "a file"),
        .custom(
            "JWT_PREVIOUS_SECRETS", help: "Comma-separated older secrets still accepted during a key rotation.", secret: true,
            default: "—", allowed: "secrets",
            rule: { settings, configuration in
                let previous = settings.list("JWT_PREVIOUS_SECRETS", secret: true)
                if !previous.isEmpty { configuration.jwtPreviousSecrets = previous.map { Array($0.utf8) } }
            }),
        .seconds("ACCESS_TOKEN_TTL", \.accessTokenLifetime, in: 1...86_400, help: "Access token lifetime."),
        .seconds(
            "ACCESS_TOKEN_LEEWAY", \.accessTokenLeeway, in: 0...300, help: "Seconds an access token is still accepted after it expired."),
        .seconds("REFRESH_TOKEN_TTL", \.refreshTokenLifetime, in: 60...31_536_000, help: "Refresh token and session lifetime."),
        .seconds(
            "SESSION_CACHE_SECONDS", \.sessionCacheSeconds, in: 0...3600,
            help: "Seconds an open session is remembered between checks in PostgreSQL; every replica forgets an ended session "
                + "at once (0 checks on every request)."),
    ]

    static let passwords: [ServerSetting] = [
        .custom(
            "PASSWORD_HASH_SCHEME", help: "How new passwords are hashed.", default: "yescrypt", allowed: "yescrypt, bcrypt",
            current: { configuration in
                switch configuration.hashScheme {
                case .yescrypt: "yescrypt"
                case .bcrypt: "bcrypt"
                }
            },
            rule: { settings, configuration in
                let cost = try settings.integer("PASSWORD_HASH_COST", in: 1...31)
                if let scheme = try settings.choice("PASSWORD_HASH_SCHEME", of: ["yescrypt", "bcrypt"]) {
                    try configuration.setHashScheme(scheme, cost: cost)
                } else if let cost {
                    try configuration.setHashScheme("yescrypt", cost: cost)
                }
            }),
        .custom(
            "PASSWORD_HASH_COST", help: "Hashing cost.", default: "yescrypt 5, bcrypt 12", allowed: "yescrypt 1–11, bcrypt 4–31",
            current: { String($0.hashScheme.cost) }),
        .integer("PASSWORD_HASH_THREADS", \.hashThreads, in: 1...256, default: "one per core", help: "Threads that hash passwords."),
        .seconds(
            "PASSWORD_HASH_MAX_WAIT", \.hashMaxWait, in: 1...600,
            help:
                "Seconds a login may expect to wait for a hashing thread; beyond it 503 with Retry-After (the clients wait and send it again). "
                + "Each waiting login holds 30-40 kB: raising it raises a surge's memory."),
    ]

    static let limits: [ServerSetting] = [
        .integer(
            "LOGIN_MAX_FAILURES", \.limits.loginPerAccountAndAddress.maxAttempts, in: 1...1_000_000,
            help: "Logins of one account from one client address in the window (counted as they begin), then 429."),
        .integer(
            "LOGIN_MAX_FAILURES_PER_ACCOUNT", \.limits.loginPerAccount.maxAttempts, in: 1...1_000_000,
            help: "Logins of one account from all addresses in the window."),
        .integer(
            "LOGIN_MAX_FAILURES_PER_ADDRESS", \.limits.loginFailuresPerAddress.maxAttempts, in: 1...1_000_000,
            help: "Failed logins from one client address over all accounts in the window (only failures count: a school's "
                + "students log in together)."),
        .window(
            "LOGIN_FAILURE_WINDOW",
            [
                \.limits.loginPerAccountAndAddress.windowSeconds, \.limits.loginPerAccount.windowSeconds,
                \.limits.loginFailuresPerAddress.windowSeconds,
            ], help: "Window of the login limits."),
        .integer(
            "ENROLL_MAX_UNKNOWN_CODES", \.limits.unknownCodesPerStudent.maxAttempts, in: 1...1_000_000,
            help: "Unknown course codes one student may try in the window (a code that exists is never counted)."),
        .integer(
            "ENROLL_MAX_UNKNOWN_CODES_PER_ADDRESS", \.limits.unknownCodesPerAddress.maxAttempts, in: 1...1_000_000,
            help: "Unknown course codes from one client address in the window."),
        .window(
            "ENROLL_UNKNOWN_CODE_WINDOW",
            [\.limits.unknownCodesPerStudent.windowSeconds, \.limits.unknownCodesPerAddress.windowSeconds],
            help: "Window of the course-code limits."),
        .integer(
            "REGISTRATION_MAX_PER_ADDRESS", \.limits.registrationsPerAddress.maxAttempts, in: 1...1_000_000,
            help: "Registrations from one client address in the window."),
        .window("REGISTRATION_WINDOW", [\.limits.registrationsPerAddress.windowSeconds], help: "Window of the registration limit."),
        .integer(
            "REGISTRATION_MAX_PER_ADDRESS_PER_DAY", \.limits.registrationsPerAddressPerDay.maxAttempts, in: 1...1_000_000,
            help: "Registrations from one client address in a day."),
        .integer(
            "COURSE_CREATION_MAX", \.limits.courseCreationsPerFaculty.maxAttempts, in: 1...1_000_000,
            help: "Courses one faculty member may create in the window."),
        .window(
            "COURSE_CREATION_WINDOW", [\.limits.courseCreationsPerFaculty.windowSeconds], help: "Window of the course-creation limit."),
        .integer("COURSE_MAX_PER_FACULTY", \.maxCoursesPerFaculty, in: 1...100_000, help: "Courses one faculty member may have."),
        .integer(
            "CLASS_LIST_ACCOUNTS_PER_DAY", \.classListAccountsPerDay, in: 1...100_000,
            help: "New student accounts one teacher's class lists may make in 24 hours (an admin's lists have no cap); a list "
                + "past it is refused whole (409)."),
        .integer(
            "CODE_ROTATION_MAX", \.limits.codeRotationsPerFaculty.maxAttempts, in: 1...1_000_000,
            help: "New course codes one faculty member may ask for in the window."),
        .window("CODE_ROTATION_WINDOW", [\.limits.codeRotationsPerFaculty.windowSeconds], help: "Window of the code-rotation limit."),
        .integer(
            "EXAM_CREATION_MAX", \.limits.examCreationsPerFaculty.maxAttempts, in: 1...1_000_000,
            help: "Exams one faculty member may create in the window."),
        .window("EXAM_CREATION_WINDOW", [\.limits.examCreationsPerFaculty.windowSeconds], help: "Window of the exam-creation limit."),
        .integer("EXAM_MAX_PER_COURSE", \.examCaps.examsPerCourse, in: 1...100_000, help: "Exams one course may have."),
        .integer(
            "EXAM_MAX_QUESTIONS_PER_COURSE", \.examCaps.questionsPerCourse, in: 1...10_000_000,
            help: "Questions one course may hold: its exams' and its bank's together (current versions); with earlier versions "
                + "and retired questions, four times as many."),
    ]

    static let network: [ServerSetting] = [
        .custom(
            "TRUSTED_PROXIES",
            help: "Addresses or CIDR blocks of your proxies and load balancers, comma-separated; only requests from them have "
                + "X-Forwarded-For believed. Name the balancers themselves, never a whole private range.",
            default: "none", allowed: "addresses, CIDR blocks",
            current: { $0.trustedProxies.isEmpty ? "none" : $0.trustedProxies.map(\.description).joined(separator: ",") },
            rule: { settings, configuration in
                let blocks = try settings.list("TRUSTED_PROXIES").map { text in
                    guard let block = AddressBlock(text) else {
                        throw ConfigurationError("TRUSTED_PROXIES (--trusted-proxies) must list addresses or CIDR blocks, got \(text)")
                    }
                    return block
                }
                if !blocks.isEmpty { configuration.trustedProxies = blocks }
            }),
        .integer(
            "MAX_CONNECTIONS", \.connectionLimits.maxConnections, in: 1...1_000_000,
            help: "Open client connections at most; further ones are closed at once."),
        .seconds(
            "HTTP_IDLE_TIMEOUT", \.connectionLimits.idle, in: 1...3600, help: "Seconds a connection may wait idle for its next request."),
        .seconds(
            "HTTP_HEADER_TIMEOUT", \.connectionLimits.header, in: 1...600,
            help: "Seconds a request's headers may take to arrive, from their first byte (then 408)."),
        .seconds("HTTP_BODY_TIMEOUT", \.connectionLimits.body, in: 1...3600, help: "Seconds a request's body may take to arrive."),
    ]

    /// The settings by flag (`--port`), for parsing the command line.
    static let byFlag: [String: ServerSetting] = Dictionary(
        uniqueKeysWithValues: all.compactMap { setting in setting.flag.map { ($0, setting) } })

    static let secretNames: Set<String> = Set(all.filter(\.isSecret).map(\.environmentName))
}

// MARK: - Kinds only these settings need

extension ServerSetting {
    /// The window (seconds) of one or more limits that share it.
    static func window(_ name: String, _ paths: [Path<Int>], help: String) -> ServerSetting {
        let range = 1...86_400
        return ServerSetting(
            name, help: help, default: String(paths.first.map { AppConfiguration()[keyPath: $0] } ?? 0),
            allowed: "\(range.lowerBound)–\(range.upperBound) s",
            current: { configuration in paths.first.map { String(configuration[keyPath: $0]) } },
            apply: { settings, configuration in
                guard let seconds = try settings.integer(name, in: range) else { return }
                for path in paths { configuration[keyPath: path] = seconds }
            })
    }

    static func seconds(_ name: String, _ path: Path<TimeAmount>, in range: ClosedRange<Int>, help: String) -> ServerSetting {
        ServerSetting(
            name, help: help, default: String(AppConfiguration()[keyPath: path].nanoseconds / 1_000_000_000),
            allowed: "\(range.lowerBound)–\(range.upperBound) s", current: { String($0[keyPath: path].nanoseconds / 1_000_000_000) },
            apply: { settings, configuration in
                if let seconds = try settings.integer(name, in: range) { configuration[keyPath: path] = .seconds(Int64(seconds)) }
            })
    }
}
