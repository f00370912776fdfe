/// A body that only says it worked: `{"success": true}`, with an optional message for a
/// person (logout, password change, ending a session, deleting an account).
public struct SuccessResponse: Codable, Sendable, Hashable {
    public var success: Bool
    public var message: String?

    public init(success: Bool = true, message: String? = nil) {
        self.success = success
        self.message = message
    }
}
