import Vapor

/// `GET /health`, and the faculty routes behind a bearer token whose session is open.
func routes(_ app: Application) throws {
    app.get("health") { _ in HealthStatus(status: "ok") }

    let signedIn = app.grouped(SessionAuthenticator(), SignedInUser.guardMiddleware())
    try signedIn.grouped("api", "faculty").register(collection: FacultyCourseController())
}

/// The body of `GET /health`.
struct HealthStatus: Content {
    var status: String
}
