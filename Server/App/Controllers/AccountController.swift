import ExamPrepShared
import Foundation
import Hummingbird
import Logging

/// `POST /api/register` and `POST /api/login`.
struct AccountController {
    let users: UserRepository
    let hasher: PasswordHasher
    let throttle: LoginThrottle
    let issuer: SessionIssuer
    let metrics: AppMetrics

    func addRoutes(to router: some RouterMethods<AppRequestContext>) {
        router.post(RouterPath(APIPaths.register), use: register)
        router.post(RouterPath(APIPaths.login), use: login)
    }

    @Sendable func register(_ request: Request, context: AppRequestContext) async throws -> JSONBody<RegistrationResponse> {
        let body = try await request.decodeJSON(RegistrationRequest.self, context: context)
        let email = try Validators.email(body.email)
        try Validators.newPassword(body.password, scheme: hasher.scheme)
        let hash = try await hasher.hash(body.password)
        let userID = try await users.create(email: email, passwordHash: hash, role: body.role)
        context.logger.info("registered user", metadata: ["user_id": "\(userID)", "role": "\(body.role.name)"])
        return JSONBody(.created, RegistrationResponse(userId: userID))
    }

    /// Unknown email and wrong password get the same status, body and hashing work.
    @Sendable func login(_ request: Request, context: AppRequestContext) async throws -> JSONBody<LoginResponse> {
        let body = try await request.decodeJSON(LoginRequest.self, context: context)
        let emailKey = body.email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !emailKey.isEmpty, !body.password.isEmpty else {
            throw APIError.validation("Email and password are required.")
        }
        // No account can have such an address (registration refuses it), so nothing is revealed.
        guard emailKey.utf8.count <= 254, !emailKey.unicodeScalars.contains("\0") else {
            throw APIError.invalidCredentials
        }
        let standing: LoginFailureRepository.Standing
        do {
            standing = try await throttle.checkAllowed(emailLower: emailKey, clientAddress: context.clientAddress)
        } catch {
            metrics.recordLogin(.rateLimited)
            throw error
        }

        let user = try await users.find(email: emailKey)
        let candidate = user.flatMap { Self.isVerifiable(password: body.password, against: $0.passwordHash) ? $0 : nil }
        guard try await hasher.verify(body.password, against: candidate?.passwordHash), let user = candidate else {
            metrics.recordLogin(.failed)
            try await throttle.recordFailure(emailLower: emailKey, clientAddress: context.clientAddress)
            throw APIError.invalidCredentials
        }
        metrics.recordLogin(.succeeded)
        try await throttle.recordSuccess(emailLower: emailKey, standing: standing)
        await upgradeHashIfNeeded(user: user, password: body.password, logger: context.logger)
        context.logger.info("login", metadata: ["user_id": "\(user.id)"])
        let userAgent = request.headers[.userAgent].map { String($0.prefix(256)) }
        return JSONBody(.ok, try await issuer.open(userID: user.id, role: user.role, userAgent: userAgent))
    }

    /// A password the stored hash cannot judge in full never matches: NUL cuts a C string,
    /// and bcrypt ignores everything past byte 72 — so a different tail must not log in.
    private static func isVerifiable(password: String, against hash: String) -> Bool {
        if password.unicodeScalars.contains("\0") || password.utf8.count > 4096 { return false }
        if HashScheme.isBcrypt(hash), password.utf8.count > 72 { return false }
        return true
    }

    /// Re-hashes a password stored with an older scheme or cost (the first version's bcrypt).
    /// A failure here must not fail the login; it is logged and retried at the next one.
    private func upgradeHashIfNeeded(user: UserRecord, password: String, logger: Logger) async {
        guard hasher.needsRehash(user.passwordHash) else { return }
        do {
            let newHash = try await hasher.hash(password)
            try await users.updatePasswordHash(userID: user.id, to: newHash)
            logger.info("upgraded password hash", metadata: ["user_id": "\(user.id)", "scheme": "\(hasher.scheme)"])
        } catch {
            logger.warning("could not upgrade password hash", metadata: ["user_id": "\(user.id)", "error": "\(error)"])
        }
    }
}
