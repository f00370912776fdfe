/// The answer-time thresholds an exam-prep app uses to turn a checked answer into a ``Rating``.
///
/// A student does not press Anki's four buttons here; they answer a question, which is right
/// or wrong, in some time. The thresholds live in this one type so the server, the tests and
/// the documentation agree on them:
///
/// | answer | rating |
/// |---|---|
/// | wrong | `again` |
/// | right, more than `slowFactor` × expected time (default 2×) | `hard` |
/// | right, less than `fastFactor` × expected time (default 0.5×) | `easy` |
/// | right otherwise (boundaries included) | `good` |
///
/// A right answer whose timing is unusable (expected time not positive, or either time not a
/// finite, non-negative number) is rated `good`: correctness is known, speed is not.
public struct AnswerTimeThresholds: Sendable, Codable, Equatable, Hashable {
    /// A right answer slower than this multiple of the expected time is `hard`.
    public var slowFactor: Double
    /// A right answer faster than this multiple of the expected time is `easy`.
    public var fastFactor: Double

    /// Slower than 2× expected is hard, faster than 0.5× expected is easy.
    public static let standard = AnswerTimeThresholds(slowFactor: 2.0, fastFactor: 0.5)

    public init(slowFactor: Double, fastFactor: Double) {
        self.slowFactor = slowFactor
        self.fastFactor = fastFactor
    }
}

extension Rating {
    /// Derives a rating from an answer's correctness and time, with ``AnswerTimeThresholds``.
    ///
    /// - Parameters:
    ///   - correct: whether the answer was right.
    ///   - answerSeconds: how long the student took.
    ///   - expectedSeconds: how long a prepared student should take on this question.
    ///   - thresholds: the time factors; ``AnswerTimeThresholds/standard`` by default.
    public static func from(
        correct: Bool,
        answerSeconds: Double,
        expectedSeconds: Double,
        thresholds: AnswerTimeThresholds = .standard
    ) -> Rating {
        guard correct else { return .again }
        guard answerSeconds.isFinite, answerSeconds >= 0,
            expectedSeconds.isFinite, expectedSeconds > 0
        else { return .good }
        if answerSeconds > thresholds.slowFactor * expectedSeconds { return .hard }
        if answerSeconds < thresholds.fastFactor * expectedSeconds { return .easy }
        return .good
    }
}
