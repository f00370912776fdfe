/// A stable, machine-readable error code. The set is open: a newer server may send codes
/// this build does not know, and they still decode.
public struct ErrorCode: RawRepresentable, Codable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    public var description: String { rawValue }

    public static let validationFailed: ErrorCode = "validation_failed"
    public static let emailTaken: ErrorCode = "email_taken"
    public static let invalidCredentials: ErrorCode = "invalid_credentials"
    public static let unauthorized: ErrorCode = "unauthorized"
    public static let tokenExpired: ErrorCode = "token_expired"
    public static let forbidden: ErrorCode = "forbidden"
    public static let notFound: ErrorCode = "not_found"
    public static let methodNotAllowed: ErrorCode = "method_not_allowed"
    public static let conflict: ErrorCode = "conflict"
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

/// The one error body of the API: `{"success": false, "message": "...", "error": "..."}`.
public struct ErrorResponse: Codable, Sendable, Hashable, Error {
    public var success: Bool
    public var message: String
    public var error: ErrorCode

    public init(message: String, error: ErrorCode) {
        self.success = false
        self.message = message
        self.error = error
    }
}
