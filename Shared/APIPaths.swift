import Foundation

/// Every path of the API, in one place for the server's router and the client's requests.
public enum APIPaths {
    public static let register = "/api/register"
    public static let login = "/api/login"
    public static let roles = "/api/roles"
    public static let catalogue = "/api/courses"
    public static let me = "/api/me"
    public static let mePassword = "/api/me/password"
    public static let meSessions = "/api/me/sessions"
    public static let facultyCourses = "/api/faculty/courses"
    public static let studentCourses = "/api/students/courses"
    public static let enroll = "/api/students/courses/enroll"
    public static let refreshToken = "/api/token/refresh"
    public static let logout = "/api/logout"
    public static let health = "/health"
    public static let ready = "/ready"
    public static let metrics = "/metrics"
    public static let openAPI = "/openapi.yaml"

    /// `DELETE /api/me/sessions/{id}`: ends one of the user's sessions.
    public static func meSession(_ id: UUID) -> String { "\(meSessions)/\(id.uuidString.lowercased())" }

    /// `GET /api/courses/{userId}`: one faculty member's catalogue entries.
    public static func catalogue(ofFaculty userId: Int) -> String { "\(catalogue)/\(userId)" }

    /// The query item that asks `POST /api/logout` to end every session.
    public static let logoutScopeQueryItem = "scope"
}
