import ExamPrepShared

/// Input that breaks a rule of the API (a malformed email, a short password, a body that is
/// not the JSON asked for). Thrown wherever input is checked (validators, controllers,
/// repositories); it names no HTTP status: `ErrorMiddleware` answers it with 400
/// `validation_failed` and `message`, said in the request's language.
struct InvalidInput: Error, Sendable, Equatable {
    var message: Message

    init(_ message: Message) {
        self.message = message
    }

    /// A sentence by key with its values: `InvalidInput("errors.x", ["field": "title"])`.
    init(_ key: String, _ values: [String: MessageValue] = [:]) {
        self.message = Message(key, values)
    }
}
