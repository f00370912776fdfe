import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the JWT signing secret comes from: the configuration (environment or key file);
/// in development without one, a generated secret kept in `<data>/jwt-secret` so restarts
/// keep sessions; in production without one, no start at all.
///
/// The development file is created with `O_CREAT|O_EXCL` and mode 0600 (never readable by
/// others, not even for a moment), and an existing one that others could read, or that
/// belongs to someone else, is refused with the command that fixes it, as ssh refuses keys.
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
        let secret = try developmentSecret(at: file.path, logger: logger)
        return try SigningKeys(signingSecret: secret, previousSecrets: configuration.jwtPreviousSecrets)
    }

    private static func developmentSecret(at path: String, logger: Logger) throws -> [UInt8] {
        if let existing = try readPrivateSecret(at: path) { return existing }
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var generator = SystemRandomNumberGenerator()
        let secret = Array(Base64URL.encode((0..<48).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).utf8)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            // Another process made it a moment ago: use theirs.
            if errno == EEXIST, let existing = try readPrivateSecret(at: path) { return existing }
            throw ConfigurationError("cannot create the development JWT secret \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let written = secret.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == secret.count else {
            throw ConfigurationError("cannot write the development JWT secret \(path): \(String(cString: strerror(errno)))")
        }
        logger.warning("generated a development JWT secret; set JWT_SECRET in production", metadata: ["file": "\(path)"])
        return secret
    }

    /// The secret in `path`, or nil when there is no such file; throws when the file is not
    /// private to this user or too short.
    private static func readPrivateSecret(at path: String) throws -> [UInt8]? {
        guard FileManager.default.fileExists(atPath: path) || (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
        else { return nil }
        // Attributes of the entry itself (a link is not followed).
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let owner = (attributes[.ownerAccountID] as? NSNumber)?.uint32Value
        guard attributes[.type] as? FileAttributeType == .typeRegular, owner == geteuid() else {
            throw ConfigurationError("\(path) is not a file of this user; remove it to have a new development secret made")
        }
        let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0o777
        guard mode & 0o077 == 0 else {
            throw ConfigurationError(
                "\(path) can be read by other users (mode \(String(mode, radix: 8))); fix it with: chmod 600 \(path)")
        }
        guard let data = FileManager.default.contents(atPath: path), data.count >= SigningKeys.minimumSecretBytes else {
            throw ConfigurationError(
                "\(path) holds fewer than \(SigningKeys.minimumSecretBytes) bytes; remove it to have a new development secret made")
        }
        return Array(data)
    }
}
