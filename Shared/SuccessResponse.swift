/// A body that only says it worked: `{"success": true}` (registration, logout).
public struct SuccessResponse: Codable, Sendable, Hashable {
    public var success: Bool
    public var message: String?

    public init(success: Bool = true, message: String? = nil) {
        self.success = success
        self.message = message
    }
}
