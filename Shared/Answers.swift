/// A student's answer to one question: `choiceIds` for choice questions (one id for
/// single choice), `value` for true/false, `text` for a short answer. An answer with none
/// of them clears what was saved for the question.
public struct AnswerInput: Codable, Sendable, Hashable {
    public var questionId: Int
    public var choiceIds: [String]?
    public var value: Bool?
    public var text: String?

    public init(questionId: Int, choiceIds: [String]? = nil, value: Bool? = nil, text: String? = nil) {
        self.questionId = questionId
        self.choiceIds = choiceIds
        self.value = value
        self.text = text
    }

    /// Whether the answer says nothing (it clears the question).
    public var isEmpty: Bool { choiceIds == nil && value == nil && text == nil }
}

/// `PUT /api/students/attempts/{attemptId}/answers`, and the optional body of
/// `POST /api/students/attempts/{attemptId}/submit` (final answers, saved before grading).
public struct SaveAnswersRequest: Codable, Sendable, Hashable {
    public var answers: [AnswerInput]

    public init(answers: [AnswerInput]) { self.answers = answers }
}

/// `200` answer to `PUT /api/students/attempts/{attemptId}/answers`.
public struct SaveAnswersResponse: Codable, Sendable, Hashable {
    public var success: Bool
    /// How many answers the attempt holds now.
    public var saved: Int

    public init(success: Bool = true, saved: Int) {
        self.success = success
        self.saved = saved
    }
}
