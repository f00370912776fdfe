import Logging
import ServiceLifecycle

/// Runs until graceful shutdown, then releases what the application holds: the hashing
/// threads, the database pool and (if the server started it) the embedded PostgreSQL.
/// Hummingbird shuts services down in reverse order, so this runs after the HTTP server
/// has finished the requests in flight.
struct ResourceShutdown: Service {
    let database: DatabaseSetup
    let hasher: PasswordHasher
    let logger: Logger

    func run() async throws {
        try? await gracefulShutdown()
        await hasher.shutdown()
        await database.shutdown(logger: logger)
        logger.info("resources released")
    }
}
