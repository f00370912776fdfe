import ExamPrepPostgres
import Foundation
import Logging

extension AppConfiguration {
    /// Reads the configuration from environment variables; an invalid value throws a
    /// `ConfigurationError` naming the variable.
    public init(environment: [String: String]) throws {
        self.init()
        let reader = EnvironmentReader(environment)
        host = reader.string("HOST") ?? host
        port = try reader.integer("PORT", in: 0...65535) ?? port
        if let mode = reader.string("ENV") {
            guard let parsed = Mode(rawValue: mode.lowercased()) else {
                throw ConfigurationError("ENV must be development or production, got \(mode)")
            }
            self.mode = parsed
        }
        if let level = reader.string("LOG_LEVEL") {
            guard let parsed = Logger.Level(rawValue: level.lowercased()) else {
                throw ConfigurationError("LOG_LEVEL must be one of trace, debug, info, notice, warning, error, critical")
            }
            logLevel = parsed
        }
        if let url = reader.string("DATABASE_URL") {
            do {
                database = .external(try PostgresConfiguration(url: url))
            } catch {
                throw ConfigurationError("DATABASE_URL is not a postgres:// URL: \(error)")
            }
        }
        if let folder = reader.string("EXAMPREP_DATA_DIR") {
            dataDirectory = URL(fileURLWithPath: folder, isDirectory: true)
        }
        databasePoolSize = try reader.integer("DATABASE_POOL_SIZE", in: 1...500) ?? databasePoolSize
        if let seconds = try reader.integer("DATABASE_POOL_TIMEOUT", in: 1...600) {
            databasePoolTimeout = .seconds(seconds)
        }
        jwtSecret = try reader.secret(value: "JWT_SECRET", file: "JWT_SECRET_FILE")
        jwtPreviousSecrets = (reader.string("JWT_PREVIOUS_SECRETS") ?? "")
            .split(whereSeparator: { $0 == "," || $0.isWhitespace })
            .map { Array($0.utf8) }
        accessTokenLifetime = try reader.integer("ACCESS_TOKEN_TTL", in: 1...86_400).map(TimeInterval.init) ?? accessTokenLifetime
        accessTokenLeeway = try reader.integer("ACCESS_TOKEN_LEEWAY", in: 0...300).map(TimeInterval.init) ?? accessTokenLeeway
        refreshTokenLifetime =
            try reader.integer("REFRESH_TOKEN_TTL", in: 60...31_536_000).map(TimeInterval.init) ?? refreshTokenLifetime
        if let scheme = reader.string("PASSWORD_HASH_SCHEME") {
            try setHashScheme(scheme, cost: try reader.integer("PASSWORD_HASH_COST", in: 1...31))
        } else if let cost = try reader.integer("PASSWORD_HASH_COST", in: 1...31) {
            try setHashScheme("yescrypt", cost: cost)
        }
        hashThreads = try reader.integer("PASSWORD_HASH_THREADS", in: 1...256) ?? hashThreads
        hashQueueLimit = try reader.integer("PASSWORD_HASH_QUEUE", in: 1...100_000) ?? hashQueueLimit
        loginFailureWindow = try reader.integer("LOGIN_FAILURE_WINDOW", in: 1...86_400).map(TimeInterval.init) ?? loginFailureWindow
        maxLoginFailuresPerAccount = try reader.integer("LOGIN_MAX_FAILURES", in: 1...1_000_000) ?? maxLoginFailuresPerAccount
        maxLoginFailuresPerAddress =
            try reader.integer("LOGIN_MAX_FAILURES_PER_ADDRESS", in: 1...1_000_000) ?? maxLoginFailuresPerAddress
    }
}

/// Typed access to environment variables; empty values count as unset.
private struct EnvironmentReader {
    let values: [String: String]

    init(_ values: [String: String]) { self.values = values }

    func string(_ name: String) -> String? {
        guard let value = values[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw ConfigurationError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(text)")
        }
        return value
    }

    /// A secret given directly or as a file path (the file's content, without a final newline).
    func secret(value name: String, file fileName: String) throws -> [UInt8]? {
        if let secret = values[name], !secret.isEmpty { return Array(secret.utf8) }
        guard let path = string(fileName) else { return nil }
        guard var data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError("\(fileName) names \(path), which cannot be read")
        }
        while let last = data.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { data.removeLast() }
        return Array(data)
    }
}
