import ArgumentParser
import ExamPrepServer
import Foundation
import Hummingbird

/// `examprep-server`: every setting comes from the environment (see README), and each can
/// be overridden by the flag of the same name. Secrets are read only from the environment
/// or files, never from flags (they would show in `ps`).
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "examprep-server",
        abstract: "The ExamPrep API server.",
        discussion: "Without DATABASE_URL (or --database-url) it runs its own PostgreSQL under the data folder.")

    @Option(help: "Address to listen on (HOST, default 127.0.0.1).") var host: String?
    @Option(help: "Port to listen on; 0 picks a free one (PORT, default 8080).") var port: String?
    @Option(name: .customLong("env"), help: "development or production (ENV).") var mode: String?
    @Option(help: "trace, debug, info, notice, warning, error or critical (LOG_LEVEL).") var logLevel: String?
    @Option(help: "postgres:// URL of an external database (DATABASE_URL).") var databaseURL: String?
    @Option(help: "Folder for the embedded PostgreSQL and the development JWT secret (EXAMPREP_DATA_DIR).") var dataDir: String?
    @Option(help: "Database connections (DATABASE_POOL_SIZE, default 10).") var poolSize: String?
    @Option(help: "Seconds to wait for a free connection before 503 (DATABASE_POOL_TIMEOUT).") var poolTimeout: String?
    @Option(help: "File holding the HS256 secret, at least 32 bytes (JWT_SECRET_FILE).") var jwtSecretFile: String?
    @Option(help: "Access token lifetime in seconds (ACCESS_TOKEN_TTL, default 900).") var accessTokenTTL: String?
    @Option(help: "Seconds an access token is accepted after it expired (ACCESS_TOKEN_LEEWAY, default 30).")
    var accessTokenLeeway: String?
    @Option(help: "Refresh token lifetime in seconds (REFRESH_TOKEN_TTL, default 2592000).") var refreshTokenTTL: String?
    @Option(help: "yescrypt or bcrypt (PASSWORD_HASH_SCHEME).") var hashScheme: String?
    @Option(help: "Hashing cost: yescrypt 1-11, bcrypt 4-31 (PASSWORD_HASH_COST).") var hashCost: String?
    @Option(help: "Threads that hash passwords (PASSWORD_HASH_THREADS, default: cores).") var hashThreads: String?
    @Option(help: "Hashing jobs that may wait before 503 (PASSWORD_HASH_QUEUE, default 64).") var hashQueue: String?
    @Option(help: "Failed logins per account in the window before 429 (LOGIN_MAX_FAILURES, default 10).") var loginMaxFailures: String?
    @Option(help: "Failed logins per client address in the window (LOGIN_MAX_FAILURES_PER_ADDRESS, default 100).")
    var loginMaxFailuresPerAddress: String?
    @Option(help: "Window of the login limits in seconds (LOGIN_FAILURE_WINDOW, default 900).") var loginFailureWindow: String?

    /// The flags as the environment variables they override.
    private var overrides: [String: String?] {
        [
            "HOST": host, "PORT": port, "ENV": mode, "LOG_LEVEL": logLevel, "DATABASE_URL": databaseURL,
            "EXAMPREP_DATA_DIR": dataDir, "DATABASE_POOL_SIZE": poolSize, "DATABASE_POOL_TIMEOUT": poolTimeout,
            "JWT_SECRET_FILE": jwtSecretFile, "ACCESS_TOKEN_TTL": accessTokenTTL, "ACCESS_TOKEN_LEEWAY": accessTokenLeeway, "REFRESH_TOKEN_TTL": refreshTokenTTL,
            "PASSWORD_HASH_SCHEME": hashScheme, "PASSWORD_HASH_COST": hashCost, "PASSWORD_HASH_THREADS": hashThreads,
            "PASSWORD_HASH_QUEUE": hashQueue, "LOGIN_MAX_FAILURES": loginMaxFailures,
            "LOGIN_MAX_FAILURES_PER_ADDRESS": loginMaxFailuresPerAddress, "LOGIN_FAILURE_WINDOW": loginFailureWindow,
        ]
    }

    func run() async throws {
        var environment = ProcessInfo.processInfo.environment
        for case let (name, value?) in overrides {
            environment[name] = value
        }
        if jwtSecretFile != nil { environment["JWT_SECRET"] = nil }
        do {
            let configuration = try AppConfiguration(environment: environment)
            let app = try await buildApplication(configuration)
            try await app.runService()
        } catch let error as ConfigurationError {
            FileHandle.standardError.write(Data("examprep-server: \(error.description)\n".utf8))
            throw ExitCode(78)
        } catch {
            FileHandle.standardError.write(Data("examprep-server: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}
