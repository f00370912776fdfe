import Foundation

/// How an exam's attempts run and make a grade, and what a student sees of a result.
public struct ExamPolicy: Codable, Sendable, Hashable {
    public var gradingMethod: GradingMethod
    /// The pause a student must make between the end of one attempt and the next.
    public var minutesBetweenAttempts: Int?
    /// Each attempt shows the questions in an order of its own (kept when it is resumed).
    public var shuffleQuestions: Bool
    /// Each attempt shows each question's choices, and a matching question's options, in an
    /// order of its own, drawn when it starts and kept when it is resumed (default true, as in
    /// Moodle's quiz: in the author's order "the first choice" and "item k with option k" score
    /// without reading).
    public var shuffleChoices: Bool
    /// Seconds after its deadline before the server submits an attempt itself (0–300): saves
    /// that were on their way at the deadline still count.
    public var graceSeconds: Int
    public var review: ReviewOptions
    /// With JavaScript, the attempt page reports when the student leaves it and comes back, for
    /// the teacher's attempt log (default true): evidence, not a verdict.
    public var focusLog: Bool
    /// The attempt belongs to the browser tab or app that started it; another place may take it
    /// over, which the attempt's log records (default false).
    public var oneSession: Bool
    /// The attempt's pages and calls need Safe Exam Browser with one of these configurations.
    public var safeExamBrowser: SafeExamBrowserPolicy?

    public init(
        gradingMethod: GradingMethod = .highest, minutesBetweenAttempts: Int? = nil, shuffleQuestions: Bool = false,
        shuffleChoices: Bool = true, graceSeconds: Int = 0, review: ReviewOptions = ReviewOptions(),
        focusLog: Bool = true, oneSession: Bool = false, safeExamBrowser: SafeExamBrowserPolicy? = nil
    ) {
        self.gradingMethod = gradingMethod
        self.minutesBetweenAttempts = minutesBetweenAttempts
        self.shuffleQuestions = shuffleQuestions
        self.shuffleChoices = shuffleChoices
        self.graceSeconds = graceSeconds
        self.review = review
        self.focusLog = focusLog
        self.oneSession = oneSession
        self.safeExamBrowser = safeExamBrowser
    }

    /// Every field may be left out; what is absent takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        gradingMethod = try container.decodeIfPresent(GradingMethod.self, forKey: .gradingMethod) ?? .highest
        minutesBetweenAttempts = try container.decodeIfPresent(Int.self, forKey: .minutesBetweenAttempts)
        shuffleQuestions = try container.decodeIfPresent(Bool.self, forKey: .shuffleQuestions) ?? false
        shuffleChoices = try container.decodeIfPresent(Bool.self, forKey: .shuffleChoices) ?? true
        graceSeconds = try container.decodeIfPresent(Int.self, forKey: .graceSeconds) ?? 0
        review = try container.decodeIfPresent(ReviewOptions.self, forKey: .review) ?? ReviewOptions()
        focusLog = try container.decodeIfPresent(Bool.self, forKey: .focusLog) ?? true
        oneSession = try container.decodeIfPresent(Bool.self, forKey: .oneSession) ?? false
        safeExamBrowser = try container.decodeIfPresent(SafeExamBrowserPolicy.self, forKey: .safeExamBrowser)
    }
}

/// Safe Exam Browser's configuration keys (each the SHA-256 of a configuration, 64 hex
/// characters, as SEB shows it): a request passes with
/// `X-SafeExamBrowser-ConfigKeyHash` = SHA-256(absolute URL + key) for one of them.
public struct SafeExamBrowserPolicy: Codable, Sendable, Hashable {
    public var configKeys: [String]

    public init(configKeys: [String]) {
        self.configKeys = configKeys
    }
}

/// How the attempts of one student make the grade (Moodle's grading methods).
public enum GradingMethod: String, Codable, Sendable, Hashable, CaseIterable {
    case highest, average, first, last
}

/// What a student sees of a submitted attempt, right after submitting and once the exam has
/// closed. With neither `score` nor `correctness`, a student sees only that it was submitted.
/// By default the score only right after submitting (per-question correctness while others
/// still sit the exam would tell a throwaway account the right answers), everything once the
/// exam has closed.
public struct ReviewOptions: Codable, Sendable, Hashable {
    public var afterSubmit: [ReviewItem]
    public var afterClose: [ReviewItem]

    /// What a student sees right after submitting unless the exam says otherwise.
    public static let defaultAfterSubmit: [ReviewItem] = [.score]

    public init(afterSubmit: [ReviewItem] = ReviewOptions.defaultAfterSubmit, afterClose: [ReviewItem] = ReviewItem.allCases) {
        self.afterSubmit = afterSubmit
        self.afterClose = afterClose
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        afterSubmit = try container.decodeIfPresent([ReviewItem].self, forKey: .afterSubmit) ?? Self.defaultAfterSubmit
        afterClose = try container.decodeIfPresent([ReviewItem].self, forKey: .afterClose) ?? ReviewItem.allCases
    }
}

/// One part of a result a student may be shown.
public enum ReviewItem: String, Codable, Sendable, Hashable, CaseIterable {
    /// The score and the maximum.
    case score
    /// Whether each question was right, and its points.
    case correctness
    /// The right answers.
    case answers
    /// The feedback the author wrote.
    case feedback
}
