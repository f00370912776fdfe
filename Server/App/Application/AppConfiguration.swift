import ExamPrepPostgres
import Foundation
import Logging
import NIOCore
import NIOPosix

/// Everything the server can be told, with the defaults of a development start.
/// `AppConfiguration(environment:)` reads it from environment variables (see README).
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
    public var databasePoolSize = 10
    public var databasePoolTimeout: Duration = .seconds(5)

    /// The HS256 secret that signs access tokens; `nil` in development means a generated one
    /// kept under `dataDirectory`.
    public var jwtSecret: [UInt8]?
    /// Earlier secrets still accepted for verification during a rotation.
    public var jwtPreviousSecrets: [[UInt8]] = []
    public var accessTokenLifetime: TimeInterval = 15 * 60
    /// Seconds an access token is still accepted after `exp`, for clock skew.
    public var accessTokenLeeway: TimeInterval = 30
    public var refreshTokenLifetime: TimeInterval = 30 * 24 * 60 * 60

    var hashScheme = HashScheme.default
    public var hashThreads = System.coreCount
    public var hashQueueLimit = 64

    public var loginFailureWindow: TimeInterval = 15 * 60
    public var maxLoginFailuresPerAccount = 10
    public var maxLoginFailuresPerAddress = 100

    public init() {}

    /// Names and sets the password hashing scheme (`yescrypt` or `bcrypt`, optional cost).
    public mutating func setHashScheme(_ name: String, cost: Int? = nil) throws {
        guard let scheme = HashScheme(name: name, cost: cost) else {
            throw ConfigurationError(
                "PASSWORD_HASH_SCHEME must be yescrypt (cost 1-11) or bcrypt (cost 4-31), got \(name) cost \(cost.map(String.init) ?? "default")")
        }
        hashScheme = scheme
    }
}

/// The database the server uses.
public enum DatabaseLocation: Sendable {
    /// A cluster of its own under the data folder, started and stopped with the server.
    case embedded
    /// A PostgreSQL server run by someone else (`DATABASE_URL`).
    case external(PostgresConfiguration)
}
