import ExamPrepExams
import ExamPrepShared

/// Input that breaks a rule of the API (a malformed email, a short password, a body that is
/// not the JSON asked for). Thrown wherever input is checked (the rules here, controllers,
/// repositories); it names no HTTP status: the server's `ErrorMiddleware` answers it with 400
/// `validation_failed` and `message`, said in the request's language.
public struct InvalidInput: Error, Sendable, Equatable {
    public var message: Message

    public init(_ message: Message) {
        self.message = message
    }

    /// A sentence by key with its values: `InvalidInput("errors.x", ["field": "title"])`.
    public init(_ key: String, _ values: [String: MessageValue] = [:]) {
        self.message = Message(key, values)
    }

    /// The answer rules' refusal (`ExamPrepExams`' `AnswerValidation`), as the server refuses
    /// input: the one conversion, for a practice answer (`AnswerChecks`) and an attempt's save.
    public init(_ refusal: AnswerRefusal) {
        self.message = refusal.message
    }
}
