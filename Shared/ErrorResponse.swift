/// A stable, machine-readable name (an error's code, a refusal's reason). The set is open: a
/// newer server may send names this build does not know, and they still decode.
public protocol OpenName: RawRepresentable<String>, Codable, Sendable, Hashable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    init(rawValue: String)
}

extension OpenName {
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    public var description: String { rawValue }
}

/// A stable, machine-readable error code.
public struct ErrorCode: OpenName {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public static let validationFailed: ErrorCode = "validation_failed"
    public static let emailTaken: ErrorCode = "email_taken"
    public static let invalidCredentials: ErrorCode = "invalid_credentials"
    public static let unauthorized: ErrorCode = "unauthorized"
    public static let tokenExpired: ErrorCode = "token_expired"
    public static let forbidden: ErrorCode = "forbidden"
    public static let notFound: ErrorCode = "not_found"
    public static let methodNotAllowed: ErrorCode = "method_not_allowed"
    public static let conflict: ErrorCode = "conflict"
    /// 410: a one-time link (an invitation, a password reset) used, revoked or expired.
    public static let gone: ErrorCode = "gone"
    public static let alreadyEnrolled: ErrorCode = "already_enrolled"
    public static let payloadTooLarge: ErrorCode = "payload_too_large"
    public static let unsupportedMediaType: ErrorCode = "unsupported_media_type"
    /// 406: the route cannot answer in any media type the request's `Accept` allows.
    public static let notAcceptable: ErrorCode = "not_acceptable"
    public static let rateLimited: ErrorCode = "rate_limited"
    /// 422: an `Idempotency-Key` sent again with another body.
    public static let idempotencyKeyReused: ErrorCode = "idempotency_key_reused"
    public static let limitReached: ErrorCode = "limit_reached"
    public static let unavailable: ErrorCode = "unavailable"
    public static let timeout: ErrorCode = "timeout"
    public static let `internal`: ErrorCode = "internal"
}

/// Why a request was refused, more exactly than its code: sent with some 409s (starting an
/// attempt) so that a program can act on it, where `message` says it to a person.
public struct ErrorReason: OpenName {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// The exam's window (or the student's own) has not opened yet.
    public static let notOpenYet: ErrorReason = "not_open_yet"
    /// The exam is closed, or its window (or the student's own) has closed.
    public static let closed: ErrorReason = "closed"
    /// The student has used every attempt the exam (and their override) allows.
    public static let noAttemptsLeft: ErrorReason = "no_attempts_left"
    /// The exam asks for a pause between attempts, and it is not over yet.
    public static let tooSoon: ErrorReason = "too_soon"
    /// The exam's draws found no questions to give.
    public static let noQuestions: ErrorReason = "no_questions"
    /// The student is not enrolled in the exam's course (answered as 404, without a reason).
    public static let notEnrolled: ErrorReason = "not_enrolled"
    /// The exam is a draft (answered as 404, without a reason).
    public static let notPublished: ErrorReason = "not_published"
}

/// The one error body of the API: `{"success": false, "message": "...", "error": "..."}`,
/// with `"reason"` where the refusal has one.
public struct ErrorResponse: Codable, Sendable, Hashable, Error {
    public var success: Bool
    public var message: String
    public var error: ErrorCode
    public var reason: ErrorReason?

    public init(message: String, error: ErrorCode, reason: ErrorReason? = nil) {
        self.success = false
        self.message = message
        self.error = error
        self.reason = reason
    }
}
