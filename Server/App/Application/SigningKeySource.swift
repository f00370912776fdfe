import Foundation
import Logging

/// Where the JWT signing secret comes from: the configuration (environment or key file);
/// in development without one, a generated secret kept in `<data>/jwt-secret` (mode 0600)
/// so restarts keep sessions; in production without one, no start at all.
enum SigningKeySource {
    static func keys(for configuration: AppConfiguration, logger: Logger) throws -> SigningKeys {
        if let secret = configuration.jwtSecret {
            return try SigningKeys(signingSecret: secret, previousSecrets: configuration.jwtPreviousSecrets)
        }
        guard configuration.mode == .development else {
            throw ConfigurationError(
                "ENV=production needs JWT_SECRET (or JWT_SECRET_FILE) of at least \(SigningKeys.minimumSecretBytes) bytes")
        }
        let file = configuration.dataDirectory.appending(path: "jwt-secret")
        let secret = try developmentSecret(at: file, logger: logger)
        return try SigningKeys(signingSecret: secret, previousSecrets: configuration.jwtPreviousSecrets)
    }

    private static func developmentSecret(at file: URL, logger: Logger) throws -> [UInt8] {
        if let data = FileManager.default.contents(atPath: file.path), data.count >= SigningKeys.minimumSecretBytes {
            return Array(data)
        }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        var generator = SystemRandomNumberGenerator()
        let secret = Array(Base64URL.encode((0..<48).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).utf8)
        guard FileManager.default.createFile(atPath: file.path, contents: Data(secret), attributes: [.posixPermissions: 0o600])
        else {
            throw ConfigurationError("cannot write the development JWT secret to \(file.path)")
        }
        logger.warning("generated a development JWT secret; set JWT_SECRET in production", metadata: ["file": "\(file.path)"])
        return secret
    }
}
