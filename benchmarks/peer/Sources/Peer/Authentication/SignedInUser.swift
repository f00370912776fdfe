import Vapor

/// Who a request's access token speaks for, once its session was found open.
struct SignedInUser: Authenticatable {
    var id: Int
    var role: String
    var sessionID: UUID
}
