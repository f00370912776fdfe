import Fluent
import FluentPostgresDriver
import JWT
import Vapor

/// The peer's setup: PostgreSQL through Fluent (the tables ExamPrep made: no migrations of its
/// own), ExamPrep's HS256 secret for the access tokens, and the two routes.
///
/// Environment: `JWT_SECRET` (the secret ExamPrep signs with); `DATABASE_SOCKET` (the path of
/// PostgreSQL's Unix socket file, `…/.s.PGSQL.5432`) or `DATABASE_HOST` and `DATABASE_PORT`;
/// `DATABASE_USERNAME`, `DATABASE_PASSWORD`, `DATABASE_NAME`; `DATABASE_CONNECTIONS_PER_EVENT_LOOP`
/// (Fluent's default, 1, unless given).
func configure(_ app: Application) async throws {
    let connections = Environment.get("DATABASE_CONNECTIONS_PER_EVENT_LOOP").flatMap(Int.init) ?? 1
    app.databases.use(
        .postgres(configuration: databaseConfiguration(), maxConnectionsPerEventLoop: connections), as: .psql)

    guard let secret = Environment.get("JWT_SECRET") else {
        throw Abort(.internalServerError, reason: "JWT_SECRET is not set")
    }
    await app.jwt.keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)

    try routes(app)
}

/// Where PostgreSQL is: its Unix socket when `DATABASE_SOCKET` names one, TCP otherwise.
private func databaseConfiguration() -> SQLPostgresConfiguration {
    let username = Environment.get("DATABASE_USERNAME") ?? "examprep_app"
    let password = Environment.get("DATABASE_PASSWORD")
    let database = Environment.get("DATABASE_NAME") ?? "examprep"
    if let socket = Environment.get("DATABASE_SOCKET") {
        return SQLPostgresConfiguration(
            unixDomainSocketPath: socket, username: username, password: password, database: database)
    }
    return SQLPostgresConfiguration(
        hostname: Environment.get("DATABASE_HOST") ?? "127.0.0.1",
        port: Environment.get("DATABASE_PORT").flatMap(Int.init) ?? SQLPostgresConfiguration.ianaPortNumber,
        username: username, password: password, database: database, tls: .disable)
}
