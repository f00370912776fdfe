import Foundation

/// A student's answer to one question: `choiceIds` for choice questions (one id for
/// single choice), `value` for true/false, `text` for a short answer, `number` for a
/// numerical question, `matches` (item id to option id) for a matching question. An answer
/// with none of them clears what was saved for the question.
public struct AnswerInput: Codable, Sendable, Hashable {
    public var questionId: Int
    public var choiceIds: [String]?
    public var value: Bool?
    public var text: String?
    public var number: Double?
    public var matches: [String: String]?
    /// The client's number of this save of the attempt, increasing: an older one never
    /// overwrites a newer one (a retry that arrives late). Absent: the latest save wins.
    public var sequence: Int?
    /// When the student gave the answer, by the client's clock (for the record only).
    public var savedAt: Date?

    public init(
        questionId: Int, choiceIds: [String]? = nil, value: Bool? = nil, text: String? = nil, number: Double? = nil,
        matches: [String: String]? = nil, sequence: Int? = nil, savedAt: Date? = nil
    ) {
        self.questionId = questionId
        self.choiceIds = choiceIds
        self.value = value
        self.text = text
        self.number = number
        self.matches = matches
        self.sequence = sequence
        self.savedAt = savedAt
    }

    /// Whether the answer says nothing (it clears the question).
    public var isEmpty: Bool { choiceIds == nil && value == nil && text == nil && number == nil && matches == nil }

    /// The answer alone, without its save's bookkeeping (what grading and equality of
    /// answers look at).
    public var response: AnswerInput {
        AnswerInput(questionId: questionId, choiceIds: choiceIds, value: value, text: text, number: number, matches: matches)
    }
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
    /// What is stored now for each question of the request: the sequence of the save that
    /// holds it (a newer one may have won over this request's).
    public var answers: [SavedAnswer]
    /// The attempt's deadline as it stands now (an extension shows here at the next save), and
    /// the server's clock when it answered: a page's countdown corrects itself by both.
    public var deadline: Date?
    public var serverTime: Date?

    public init(success: Bool = true, saved: Int, answers: [SavedAnswer] = [], deadline: Date? = nil, serverTime: Date? = nil) {
        self.success = success
        self.saved = saved
        self.answers = answers
        self.deadline = deadline
        self.serverTime = serverTime
    }
}
