import ExamPrepShared
import Foundation
import Hummingbird
import Logging

/// `POST /api/register` and `POST /api/login`.
struct AccountController {
    let users: UserRepository
    let hasher: PasswordHasher
    let limiter: RateLimiter
    let passwords: PasswordCheck
    let issuer: SessionIssuer
    let metrics: AppMetrics

    func addRoutes(to router: some RouterMethods<AppRequestContext>) {
        router.post(RouterPath(APIPaths.register), use: register)
        router.post(RouterPath(APIPaths.login), use: login)
    }

    /// A taken email is answered before any hashing (the 409 tells that it exists anyway).
    @Sendable func register(_ request: Request, context: AppRequestContext) async throws -> EditedResponse<RegistrationResponse> {
        let body = try await request.decode(as: RegistrationRequest.self, context: context)
        let email = try EmailAddress(validating: body.email)
        try Validators.newPassword(body.password, scheme: hasher.scheme)
        if case .limited(let refusal) = try await limiter.registration(clientAddress: context.clientAddress, logger: context.logger) {
            throw HTTPFailure.limited(refusal)
        }
        guard try await !users.isRegistered(emailKey: email.key, logger: context.logger) else { throw Self.emailTaken }
        let hash = try await hasher.hash(body.password)
        switch try await users.create(email: email, passwordHash: hash, role: body.role, logger: context.logger) {
        case .created(let userID):
            context.logger.info("registered user", metadata: ["user_id": "\(userID)", "role": "\(body.role.name)"])
            return EditedResponse(status: .created, response: RegistrationResponse(userId: userID))
        case .emailTaken:
            throw Self.emailTaken
        }
    }

    /// Unknown email and wrong password get the same status, body and hashing work
    /// (`PasswordCheck`); the attempt is counted before the hash is computed.
    @Sendable func login(_ request: Request, context: AppRequestContext) async throws -> LoginResponse {
        let body = try await request.decode(as: LoginRequest.self, context: context)
        guard !EmailAddress.isBlank(body.email), !body.password.isEmpty else {
            throw HTTPFailure.validation("Email and password are required.")
        }
        guard let emailKey = EmailAddress.lookupKey(body.email) else { throw HTTPFailure.invalidCredentials }
        let user: UserRecord
        switch try await passwords.check(
            emailKey: emailKey, password: body.password, clientAddress: context.clientAddress, logger: context.logger)
        {
        case .limited(let refusal):
            metrics.recordLogin(.rateLimited)
            throw HTTPFailure.limited(refusal)
        case .wrong:
            metrics.recordLogin(.failed)
            throw HTTPFailure.invalidCredentials
        case .verified(let verified):
            user = verified
        }
        metrics.recordLogin(.succeeded)
        await upgradeHashIfNeeded(user: user, password: body.password, logger: context.logger)
        context.logger.info("login", metadata: ["user_id": "\(user.id)"])
        let userAgent = request.headers[.userAgent].map { String($0.prefix(256)) }
        return try await issuer.open(userID: user.id, role: user.role, userAgent: userAgent, logger: context.logger)
    }

    private static let emailTaken = HTTPFailure.conflict("This email is already registered.", code: .emailTaken)

    /// Re-hashes a password stored with an older scheme or cost (the first version's bcrypt).
    /// A failure here must not fail the login; it is logged and retried at the next one.
    private func upgradeHashIfNeeded(user: UserRecord, password: String, logger: Logger) async {
        do {
            guard try await hasher.needsRehash(user.passwordHash) else { return }
            let newHash = try await hasher.hash(password)
            try await users.updatePasswordHash(userID: user.id, to: newHash, logger: logger)
            logger.info("upgraded password hash", metadata: ["user_id": "\(user.id)", "scheme": "\(hasher.scheme)"])
        } catch {
            logger.warning("could not upgrade password hash", metadata: ["user_id": "\(user.id)", "error": "\(error)"])
        }
    }
}
