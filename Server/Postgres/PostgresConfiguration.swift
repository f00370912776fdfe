import CLibPQ

/// Where and how to connect. Everything is handed to libpq as keyword/value pairs
/// (PQconnectdbParams); nothing is ever assembled into a conninfo string.
public struct PostgresConfiguration: Sendable {
    /// Keyword/value pairs for PQconnectdbParams, in order (later pairs override earlier ones).
    /// For a URL configuration the first pair is `dbname` = the URL, which libpq expands.
    public var parameters: [(key: String, value: String)]
    /// Reported to the server as application_name (visible in pg_stat_activity).
    public var applicationName: String = "examprep"
    /// Seconds libpq waits for a connection to open before giving up.
    public var connectTimeoutSeconds: Int = 10
    /// Whether statements are prepared once per connection and executed by name. Off behind a
    /// pooler in transaction mode (PgBouncer before 1.21 does not track prepared statements).
    public var preparesStatements = true
    /// Whether every connection asks for the session settings this layer prefers (UTC, ISO
    /// dates, hex bytea) in its start-up packet. Off behind a pooler that refuses start-up
    /// options (PgBouncer); the decoders read PostgreSQL's defaults (ISO dates in any time
    /// zone) as well.
    public var sendsSessionOptions = true
    /// How long one round trip of a statement may take before it is cancelled and fails with
    /// `.statementTimeout` (the connection is then discarded); nil: no deadline. Scripts
    /// (migrations) have none: building an index on a large table may take minutes.
    public var statementTimeout: Duration?
    /// TCP keepalives and `tcp_user_timeout` (seconds), so that a connection whose peer
    /// vanished (a half-open connection, a black-holed network) is noticed within about a
    /// minute instead of hanging until the kernel gives up. Ignored on unix sockets.
    public var keepaliveIdleSeconds = 30

    /// How many servers it names: a URL may list several (`postgres://h1:5432,h2:5432/db`),
    /// which libpq tries in order.
    public let hostCount: Int
    /// The URL's `target_session_attrs` (nil: not given, which libpq takes as `any`).
    public let targetSessionAttributes: String?

    /// True when the first `dbname` holds a URL that libpq must expand (expand_dbname=1).
    let expandsDatabaseName: Bool
    /// `options` the URL itself carries; kept when the session settings are added.
    let urlOptions: String?

    /// A `postgres://` or `postgresql://` URL, parsed by libpq itself.
    public init(url: String) throws {
        let lowered = url.lowercased()
        guard lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") else {
            throw PostgresError(
                kind: .invalidConfiguration,
                message: "not a PostgreSQL URL: expected postgres://user:password@host:port/database"
            )
        }
        var errorMessage: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(url, &errorMessage) else {
            var message = "invalid PostgreSQL URL"
            if let errorMessage {
                message += ": " + String(cString: errorMessage).trimmingTrailingNewlines()
                PQfreemem(errorMessage)
            }
            throw PostgresError(kind: .invalidConfiguration, message: message)
        }
        defer { PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        self.parameters = [(key: "dbname", value: url)]
        self.expandsDatabaseName = true
        self.urlOptions = values["options"]
        self.hostCount =
            ["host", "hostaddr"].map { values[$0]?.split(separator: ",", omittingEmptySubsequences: false).count ?? 1 }.max() ?? 1
        self.targetSessionAttributes = values["target_session_attrs"]
    }

    /// A server reached over its unix socket in `socketDirectory`.
    public init(socketDirectory: String, port: Int = 5432, user: String, database: String) {
        self.parameters = [
            (key: "host", value: socketDirectory), (key: "port", value: String(port)),
            (key: "user", value: user), (key: "dbname", value: database),
        ]
        self.expandsDatabaseName = false
        self.urlOptions = nil
        self.hostCount = 1
        self.targetSessionAttributes = nil
    }

    /// Whether every connection is opened on a server that takes writes: true for one host,
    /// and for several with `target_session_attrs=read-write` (or `primary`), which makes
    /// libpq skip standbys and so follow the primary after a failover.
    public var opensOnPrimary: Bool {
        hostCount == 1 || ["read-write", "primary"].contains(targetSessionAttributes ?? "")
    }

    /// The same server and credentials, another database.
    public func withDatabase(_ name: String) -> PostgresConfiguration {
        var copy = self
        if expandsDatabaseName {
            // The first dbname is the URL; a later dbname is taken as a plain database name.
            let url = copy.parameters.removeFirst()
            copy.parameters.removeAll { $0.key == "dbname" }
            copy.parameters.insert(url, at: 0)
            copy.parameters.append((key: "dbname", value: name))
        } else {
            copy.parameters.removeAll { $0.key == "dbname" }
            copy.parameters.append((key: "dbname", value: name))
        }
        return copy
    }

    /// Session settings every connection gets: results in UTC, ISO dates, hex bytea, exact floats.
    static let sessionOptions = "-c TimeZone=UTC -c DateStyle=ISO -c bytea_output=hex -c extra_float_digits=3"

    /// All pairs handed to PQconnectdbParams. Defaults come first (a URL may override them);
    /// the settings this layer depends on come last, so nothing overrides them.
    var connectionKeywords: [(key: String, value: String)] {
        var keywords: [(key: String, value: String)] = [
            (key: "connect_timeout", value: String(connectTimeoutSeconds)),
            (key: "application_name", value: applicationName),
            (key: "keepalives", value: "1"),
            (key: "keepalives_idle", value: String(keepaliveIdleSeconds)),
            (key: "keepalives_interval", value: "10"),
            (key: "keepalives_count", value: "3"),
            (key: "tcp_user_timeout", value: String((keepaliveIdleSeconds + 30) * 1000)),
        ]
        keywords += parameters
        keywords.append((key: "client_encoding", value: "UTF8"))
        let options = [urlOptions, sendsSessionOptions ? Self.sessionOptions : nil].compactMap { $0 }.filter { !$0.isEmpty }
        if !options.isEmpty { keywords.append((key: "options", value: options.joined(separator: " "))) }
        return keywords
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.last?.isNewline == true { text.removeLast() }
        return text
    }
}

/// Printing a configuration never shows a password (neither the `password` parameter nor the
/// password part of a URL).
extension PostgresConfiguration: CustomStringConvertible {
    public var description: String {
        let shown = parameters.map { pair -> String in
            if pair.key == "password" { return "password=********" }
            if pair.key == "dbname", expandsDatabaseName, pair.value.contains("://") {
                return "dbname=\(Self.redactingPassword(pair.value))"
            }
            return "\(pair.key)=\(pair.value)"
        }
        return "PostgresConfiguration(\(shown.joined(separator: " ")), application_name=\(applicationName))"
    }

    /// postgres://user:secret@host/db → postgres://user:********@host/db (also hides ?password=…).
    static func redactingPassword(_ url: String) -> String {
        guard let schemeEnd = url.firstRange(of: "://") else { return url }
        var text = url
        let authorityEnd = text[schemeEnd.upperBound...].firstIndex(where: { $0 == "/" || $0 == "?" }) ?? text.endIndex
        if let at = text[schemeEnd.upperBound..<authorityEnd].lastIndex(of: "@"),
            let colon = text[schemeEnd.upperBound..<at].firstIndex(of: ":")
        {
            text.replaceSubrange(text.index(after: colon)..<at, with: "********")
        }
        if let query = text.firstRange(of: "password=") {
            let valueEnd = text[query.upperBound...].firstIndex(of: "&") ?? text.endIndex
            text.replaceSubrange(query.upperBound..<valueEnd, with: "********")
        }
        return text
    }
}
