import ExamPrepShared

/// Why an answer (or a save of answers) breaks a rule of the attempt: the sentence to say,
/// with the field it is about among its values. The server says it as a 400 (its one
/// `InvalidInput` of these is `AnswerChecks`), a page beside the question.
public struct AnswerRefusal: Error, Sendable, Hashable {
    public var message: Message

    public init(_ message: Message) {
        self.message = message
    }

    /// A refusal by key with its values: `AnswerRefusal("validation.finite", ["field": …])`.
    public init(_ key: String, _ values: [String: MessageValue] = [:]) {
        self.message = Message(key, values)
    }
}
