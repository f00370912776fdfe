import Foundation

/// The settings of an FSRS scheduler: the model's weights and the scheduling choices.
///
/// The defaults are FSRS-6's published default weights and the reference scheduler's
/// defaults (py-fsrs 6.3.2): desired retention 0.9, learning steps 1 min and 10 min, one
/// relearning step of 10 min, a maximum interval of 36 500 days, and no fuzz.
public struct FSRSParameters: Sendable, Codable, Equatable, Hashable {
    /// The 21 FSRS-6 weights w0…w20 (w20 is the forgetting curve's decay).
    public var weights: [Double]
    /// The recall probability the schedule aims for when a card comes due (0 < r < 1).
    public var desiredRetention: Double
    /// The learning steps, in seconds, a new card walks through before review.
    public var learningSteps: [TimeInterval]
    /// The relearning steps, in seconds, a forgotten review card walks through.
    public var relearningSteps: [TimeInterval]
    /// The longest interval, in days, a review card can be given.
    public var maximumInterval: Int
    /// Whether review intervals get Anki's random fuzz (off by default, and in the tests).
    public var enableFuzzing: Bool

    /// FSRS-6's default weights (those of the reference, py-fsrs 6.3.2).
    public static let defaultWeights: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
        1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]

    /// All defaults: the reference scheduler as it comes.
    public static let `default` = FSRSParameters()

    /// What ExamPrep's server schedules with: the default weights, retention and maximum, **no
    /// learning steps** and **one relearning step of a day**. A student practises on a day,
    /// not every ten minutes: a new question comes back after 1 (again or hard), 2 (good) or 8
    /// (easy) days, and a wrong answer always brings a question back the next day (a known
    /// question goes to relearning for that day, then back to review with its lowered
    /// stability). The one interval that is not whole days is `hard` on that relearning day:
    /// the reference gives 1.5 days.
    public static let examPrep = FSRSParameters(learningSteps: [], relearningSteps: [86_400])

    public init(
        weights: [Double] = FSRSParameters.defaultWeights,
        desiredRetention: Double = 0.9,
        learningSteps: [TimeInterval] = [60, 600],
        relearningSteps: [TimeInterval] = [600],
        maximumInterval: Int = 36_500,
        enableFuzzing: Bool = false
    ) {
        self.weights = weights
        self.desiredRetention = desiredRetention
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
        self.maximumInterval = maximumInterval
        self.enableFuzzing = enableFuzzing
    }

    /// The range each weight must lie in: the reference's bounds, which keep the formulas
    /// finite (for example, positive initial stabilities and a positive decay).
    public static let weightBounds: [ClosedRange<Double>] = [
        0.001...100, 0.001...100, 0.001...100, 0.001...100,
        1...10, 0.001...4, 0.001...4, 0.001...0.75,
        0...4.5, 0...0.8, 0.001...3.5, 0.001...5,
        0.001...0.25, 0.001...0.9, 0...4, 0...1,
        1...6, 0...2, 0...2, 0...0.8, 0.1...0.8,
    ]

    /// Checks that the parameters describe a usable scheduler.
    ///
    /// The weights are held to the reference's bounds; retention, steps and the maximum
    /// interval to what their meaning allows.
    public func validate() throws(FSRSParameterError) {
        guard weights.count == Self.weightBounds.count else {
            throw .wrongWeightCount(expected: Self.weightBounds.count, actual: weights.count)
        }
        for (index, (weight, bounds)) in zip(weights, Self.weightBounds).enumerated()
        where !(weight.isFinite && bounds.contains(weight)) {
            throw .weightOutOfBounds(index: index, value: weight, bounds: bounds)
        }
        guard desiredRetention.isFinite, desiredRetention > 0, desiredRetention < 1 else {
            throw .desiredRetentionOutOfRange(desiredRetention)
        }
        guard learningSteps.allSatisfy({ $0.isFinite && $0 > 0 }) else {
            throw .invalidStep(learningSteps)
        }
        guard relearningSteps.allSatisfy({ $0.isFinite && $0 > 0 }) else {
            throw .invalidStep(relearningSteps)
        }
        guard maximumInterval >= 1 else {
            throw .maximumIntervalOutOfRange(maximumInterval)
        }
    }
}

/// Why a set of ``FSRSParameters`` cannot drive a scheduler.
public enum FSRSParameterError: Error, Sendable, Equatable {
    /// FSRS-6 has exactly 21 weights.
    case wrongWeightCount(expected: Int, actual: Int)
    /// A weight lies outside the reference's bounds (or is not finite).
    case weightOutOfBounds(index: Int, value: Double, bounds: ClosedRange<Double>)
    /// Desired retention must lie strictly between 0 and 1.
    case desiredRetentionOutOfRange(Double)
    /// Learning and relearning steps must be positive durations.
    case invalidStep([TimeInterval])
    /// The maximum interval must be at least one day.
    case maximumIntervalOutOfRange(Int)
}
