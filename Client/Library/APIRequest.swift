import ExamPrepShared
import Foundation

/// One call of the API: method, path from ``APIPaths``, optional JSON body, and the shared
/// DTO the answer decodes into.
public struct APIRequest<Response: Decodable & Sendable>: Sendable {
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
        case put = "PUT"
        case patch = "PATCH"
        case delete = "DELETE"
    }

    public var method: Method
    public var path: String
    public var queryItems: [URLQueryItem]
    public var body: (any Encodable & Sendable)?
    /// A body sent as it is (a GIFT or Aiken file, a class list), in place of JSON.
    public var textBody: String?
    /// A body of bytes sent as they are (a picture), in place of JSON; its type is `textType`.
    public var dataBody: Data?
    /// The `Content-Type` of `textBody` (or `dataBody`).
    public var textType = "text/plain; charset=utf-8"
    /// Whether the call needs `Authorization: Bearer <access token>`.
    public var requiresAuthentication: Bool
    /// The media type asked for (`Accept`).
    public var accept: String
    /// Further headers (`Idempotency-Key`).
    public var headers: [String: String]
    /// Seconds without an answer before the request fails (the transport's default when nil).
    public var timeout: TimeInterval?
    /// Whether a 503 with `Retry-After` is waited out and the request sent again
    /// (``WaitingInLine``): true for the sign-ins a surge sheds before doing anything, the
    /// refresh of a token and the start of an attempt.
    public var waitsInLine = false
    /// Whether the request is sent once more when its connection was lost before any answer
    /// (`URLError.networkConnectionLost`: the server closed a kept-alive connection as the
    /// request went out), as browsers do: true for reads, the start of an attempt (a second
    /// start returns the attempt already open) and a save under an idempotency key.
    public var resendsOnLostConnection: Bool

    public init(
        _ method: Method, _ path: String, queryItems: [URLQueryItem] = [],
        body: (any Encodable & Sendable)? = nil, textBody: String? = nil, requiresAuthentication: Bool,
        accept: String = "application/json", headers: [String: String] = [:], timeout: TimeInterval? = nil
    ) {
        self.textBody = textBody
        self.timeout = timeout
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.body = body
        self.requiresAuthentication = requiresAuthentication
        self.accept = accept
        self.headers = headers
        self.resendsOnLostConnection = method == .get
    }
}

extension APIRequest {
    /// The same call for the target of a `Link` (a path with its query), or nil when the
    /// target is not a path of this server.
    func following(link target: String) -> APIRequest? {
        guard target.hasPrefix("/"), let components = URLComponents(string: target) else { return nil }
        var next = self
        next.path = components.path
        next.queryItems = components.queryItems ?? []
        return next
    }
}

// MARK: - Public routes

extension APIRequest where Response == RegistrationResponse {
    public static func register(_ body: RegistrationRequest) -> Self {
        .init(.post, APIPaths.register, body: body, requiresAuthentication: false).inLine()
    }
}

extension APIRequest where Response == LoginResponse {
    public static func login(_ body: LoginRequest) -> Self {
        .init(.post, APIPaths.login, body: body, requiresAuthentication: false).inLine()
    }

    /// Waits in line when shed: a refresh answered 503 rotated nothing (its transaction never
    /// ran, or rolled back), so the same refresh token is good for the next try.
    public static func refresh(_ body: RefreshTokenRequest) -> Self {
        .init(.post, APIPaths.refreshToken, body: body, requiresAuthentication: false).inLine()
    }
}

extension APIRequest where Response == [RoleInfo] {
    public static var roles: Self { .init(.get, APIPaths.roles, requiresAuthentication: false) }
}

extension APIRequest where Response == [CatalogueCourse] {
    public static var catalogue: Self { .init(.get, APIPaths.catalogue, requiresAuthentication: false) }

    public static func catalogue(ofFaculty userId: Int) -> Self {
        .init(.get, APIPaths.facultyCatalogue(userId), requiresAuthentication: false)
    }
}

// MARK: - Protected routes

extension APIRequest where Response == UserProfile {
    public static var me: Self { .init(.get, APIPaths.me, requiresAuthentication: true) }

    /// `PUT /api/me/language`: nil leaves the choice to each browser again.
    public static func setLanguage(_ language: Language?) -> Self {
        .init(.put, APIPaths.meLanguage, body: LanguageSettingRequest(language: language), requiresAuthentication: true)
    }
}

extension APIRequest where Response == [SessionInfo] {
    public static var sessions: Self { .init(.get, APIPaths.meSessions, requiresAuthentication: true) }
}

extension APIRequest where Response == SuccessResponse {
    public static func changePassword(_ body: ChangePasswordRequest) -> Self {
        .init(.post, APIPaths.mePassword, body: body, requiresAuthentication: true)
    }

    public static func endSession(_ id: UUID) -> Self {
        .init(.delete, APIPaths.meSession(id), requiresAuthentication: true)
    }

    public static func deleteAccount(_ body: DeleteAccountRequest) -> Self {
        .init(.delete, APIPaths.me, body: body, requiresAuthentication: true)
    }
}

extension APIRequest where Response == [Course] {
    public static var facultyCourses: Self { .init(.get, APIPaths.facultyCourses, requiresAuthentication: true) }
}

extension APIRequest where Response == CreateCourseResponse {
    public static func createCourse(_ body: CreateCourseRequest) -> Self {
        .init(.post, APIPaths.facultyCourses, body: body, requiresAuthentication: true)
    }
}

extension APIRequest where Response == [EnrolledCourse] {
    public static var enrolledCourses: Self { .init(.get, APIPaths.studentCourses, requiresAuthentication: true) }
}

extension APIRequest where Response == EnrollResponse {
    public static func enroll(_ body: EnrollRequest) -> Self {
        .init(.post, APIPaths.enroll, body: body, requiresAuthentication: true)
    }
}

extension APIRequest where Response == SuccessResponse {
    public static func logout(_ body: LogoutRequest, scope: LogoutScope) -> Self {
        let query = scope == .all ? [URLQueryItem(name: APIPaths.logoutScopeQueryItem, value: LogoutScope.all.rawValue)] : []
        return .init(.post, APIPaths.logout, queryItems: query, body: body, requiresAuthentication: true)
    }
}

extension APIRequest {
    /// The same request, waiting in line when the server sheds it (``waitsInLine``).
    func inLine() -> Self {
        var request = self
        request.waitsInLine = true
        return request
    }

    /// The same request, sent once more when its connection is lost before any answer
    /// (``resendsOnLostConnection``): for a request that changes nothing when it comes twice.
    func resendable() -> Self {
        var request = self
        request.resendsOnLostConnection = true
        return request
    }

    /// The same request, failing after `seconds` without an answer.
    func timingOut(after seconds: TimeInterval) -> Self {
        var request = self
        request.timeout = seconds
        return request
    }
}
