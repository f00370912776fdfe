import ExamPrepShared

/// Everything item analysis needs to know about one exam, independent of how the server stores it.
///
/// The server chooses which attempts go in (first attempts by default, as Moodle does, or all of them
/// with `?attempts=all`); every attempt given here is treated as an independent sitting.
public struct ItemAnalysisInput: Sendable, Codable, Equatable {
    /// The attempts to analyse, in any order.
    public var attempts: [Attempt]
    /// Optional catalogue of the questions: kind and text for the report, and the options of choice
    /// questions. Without it the option counts can only list options somebody chose, and a distractor
    /// nobody chose cannot be detected.
    public var questions: [Question]

    public init(attempts: [Attempt], questions: [Question] = []) {
        self.attempts = attempts
        self.questions = questions
    }

    /// One sitting of the exam.
    public struct Attempt: Sendable, Codable, Equatable {
        /// The most points this attempt could earn. When absent, the sum of `maxScore` over `responses`
        /// is used, which is right unless the attempt contained questions not listed here.
        public var maxScore: Double?
        /// One entry per question the attempt saw (answered or not; an unanswered question scores 0).
        /// With drawn questions each attempt lists only its own draw.
        public var responses: [Response]

        public init(maxScore: Double? = nil, responses: [Response]) {
            self.maxScore = maxScore
            self.responses = responses
        }
    }

    /// The result of one question within one attempt.
    public struct Response: Sendable, Codable, Equatable {
        public var questionId: Int
        /// Points earned; fractional values (partial credit) are expected.
        public var score: Double
        /// The question's points in this attempt; must be positive.
        public var maxScore: Double
        /// For choice questions, the ids of the options the student chose (none chosen: empty array);
        /// `nil` for other kinds of question.
        public var chosenOptionIds: [String]?

        public init(questionId: Int, score: Double, maxScore: Double, chosenOptionIds: [String]? = nil) {
            self.questionId = questionId
            self.score = score
            self.maxScore = maxScore
            self.chosenOptionIds = chosenOptionIds
        }
    }

    /// A question as authored: for choice questions, which options exist and which of them earn credit.
    public struct Question: Sendable, Codable, Equatable {
        public var questionId: Int
        public var kind: QuestionKind?
        public var prompt: String?
        /// Options in authoring order; the per-question option counts keep this order. Empty for
        /// questions without options.
        public var options: [Option]

        public init(questionId: Int, kind: QuestionKind? = nil, prompt: String? = nil, options: [Option]) {
            self.questionId = questionId
            self.kind = kind
            self.prompt = prompt
            self.options = options
        }
    }

    /// One option of a choice question.
    public struct Option: Sendable, Codable, Equatable {
        public var id: String
        /// True when choosing it earns credit (a positive weight). Options that do not are distractors,
        /// the only options flagged when nobody chooses them.
        public var correct: Bool
        /// The option's text as written, for naming it in reports ("A. Warsaw"); optional.
        public var text: String?

        public init(id: String, correct: Bool, text: String? = nil) {
            self.id = id
            self.correct = correct
            self.text = text
        }
    }
}
