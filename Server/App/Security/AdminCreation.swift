import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// `examprep-server create-admin`: an admin account made from the command line, on the
/// database `serve` uses (its schema brought up to date first). Admins never register; the
/// first one is made so, the next ones are invited or made so too.
public enum AdminCreation {
    public enum Outcome: Sendable, Equatable {
        case created(userID: Int)
        case emailTaken
    }

    /// The address or password breaks the rules registration applies.
    public struct Refused: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Checks `email` and `password` by registration's rules before anything is touched, then
    /// hashes the password on a hashing thread of its own and stores the account.
    public static func create(email: String, password: String, configuration: AppConfiguration, logger: Logger? = nil)
        async throws -> Outcome
    {
        let address: EmailAddress
        do {
            address = try EmailAddress(validating: email)
            try PasswordRule.check(password, maxBytes: configuration.hashScheme.maxPasswordBytes)
        } catch let invalid as InvalidInput {
            throw Refused(description: Catalogue.of(.en).string(invalid.message))
        }
        let logger =
            logger
            ?? {
                var logger = Logger(label: "examprep.create-admin")
                logger.logLevel = configuration.logLevel
                return logger
            }()
        let hasher = PasswordHasher(
            scheme: configuration.hashScheme, threads: 1, maxWait: configuration.hashMaxWait, times: configuration.hashingTimes)
        hasher.queue.start()
        let hashed: Result<String, any Error>
        do {
            hashed = .success(try await hasher.hash(password))
        } catch {
            hashed = .failure(error)
        }
        await hasher.queue.stop()
        let hash = try hashed.get()
        return try await Database.withPrepared(configuration, logger: logger) { database in
            switch try await UserRepository(pool: database.pool).create(email: address, passwordHash: hash, role: .admin, logger: logger) {
            case .created(let userID):
                logger.info("created admin", metadata: ["user_id": "\(userID)"])
                return .created(userID: userID)
            case .emailTaken:
                return .emailTaken
            }
        }
    }
}
