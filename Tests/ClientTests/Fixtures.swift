import ExamPrepClient
import Foundation

let baseURL = URL(string: "http://exams.test:8080")!

func json(_ value: some Encodable, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
        status: status, headers: ["Content-Type": "application/json"],
        body: try! ExamPrepJSON.makeEncoder().encode(value))
}

func failure(_ status: Int, _ code: ErrorCode, _ message: String) -> HTTPResponse {
    json(ErrorResponse(message: message, error: code), status: status)
}

let notFound = failure(404, .notFound, "No such route")

/// A stored session issued by the server at `server` (by default the one the tests' clients use).
func session(
    token: String, expiresIn seconds: TimeInterval, refreshToken: String? = "refresh-1", server: URL = baseURL
) -> AuthSession {
    AuthSession(
        accessToken: token, expiresAt: Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + seconds).rounded()),
        refreshToken: refreshToken,
        userId: 7, role: .faculty, email: "ada@example.org", server: APIClient.origin(of: server))
}

func loginResponse(token: String, refreshToken: String, role: Role = .faculty) -> LoginResponse {
    LoginResponse(
        token: token, exp: Int(Date().timeIntervalSince1970) + 900, roleId: role.rawValue,
        refreshToken: refreshToken, refreshTokenExp: Int(Date().timeIntervalSince1970) + 86_400, userId: 7)
}

let algebra = Course(
    id: 1, name: "Algebra", description: "Groups, rings and fields", courseCode: "ALGB", userId: 7, enrollmentCount: 3)
