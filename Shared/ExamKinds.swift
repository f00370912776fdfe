/// What a question asks for, and so how it is answered and graded.
public enum QuestionKind: String, Codable, Sendable, Hashable, CaseIterable {
    /// One choice is right; the answer is its id.
    case singleChoice = "single_choice"
    /// Some choices are right; the answer is exactly that set of ids.
    case multipleChoice = "multiple_choice"
    /// The answer is `true` or `false`.
    case trueFalse = "true_false"
    /// The answer is text, matched against the accepted answers after trimming, Unicode
    /// normalisation and case folding; `*` in an accepted answer stands for any text.
    case shortAnswer = "short_answer"
    /// The answer is a number, right within a tolerance of a value or inside a range.
    case numerical
    /// Each item is matched with one of the options (there may be more options than items).
    case matching
    /// Answered in free text (up to 20,000 characters) and graded by hand: a submitted attempt
    /// with an ungraded essay is pending (`needsGrading`).
    case essay
    /// Text shown between questions: never answered, never scored, never practised.
    case description

    /// Whether the question carries `choices`.
    public var hasChoices: Bool { self == .singleChoice || self == .multipleChoice }

    /// Whether it is answered and scored (a description is neither).
    public var isScored: Bool { self != .description }

    /// Whether the server grades it on submission and practice can offer it (not an essay,
    /// which a teacher grades, nor a description).
    public var isAutoGraded: Bool { self != .description && self != .essay }
}

/// Where an exam is in its life: written, open to students, over.
public enum ExamStatus: String, Codable, Sendable, Hashable, CaseIterable {
    case draft
    case published
    case closed
}
