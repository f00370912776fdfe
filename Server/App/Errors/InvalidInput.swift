/// Input that breaks a rule of the API (a malformed email, a short password, a body that is
/// not the JSON asked for). Thrown wherever input is checked (validators, controllers,
/// repositories); it names no HTTP status: `ErrorMiddleware` answers it with 400
/// `validation_failed` and `message`.
struct InvalidInput: Error, Sendable, Equatable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
