import Foundation

/// FSRS-6's memory model: the published formulas for difficulty D, stability S and
/// retrievability R, evaluated with one validated set of weights w0…w20.
///
/// Names follow the algorithm's description: S₀(G) initial stability, D₀(G) initial
/// difficulty, D′ next difficulty (linear damping, then mean reversion), S′ᵣ stability
/// after recall, S′f stability after forgetting, short-term stability (same-day reviews),
/// R(t, S) the power forgetting curve and I(r, S) the next interval.
struct MemoryModel: Sendable, Equatable {
    /// Stability never falls below this (the reference's floor), so S^(−w) stays finite.
    static let minimumStability = 0.001
    /// Difficulty is kept in 1…10.
    static let difficultyRange: ClosedRange<Double> = 1...10

    private let w: [Double]
    /// The forgetting curve's exponent, −w20.
    let decay: Double
    /// The curve's factor, chosen so that R(S, S) = 0.9: 0.9^(1/decay) − 1.
    let factor: Double

    /// Takes weights that passed ``FSRSParameters/validate()`` (21 weights, each in bounds):
    /// ``FSRSScheduler`` builds a model from no others, so indexing w0…w20 is safe.
    init(validatedWeights weights: [Double]) {
        w = weights
        decay = -weights[20]
        factor = pow(0.9, 1 / decay) - 1
    }

    // MARK: Initial state (first review)

    /// S₀(G) = w[G−1]: the stability after the first rating.
    func initialStability(_ rating: Rating) -> Double {
        Swift.max(w[rating.grade - 1], Self.minimumStability)
    }

    /// D₀(G) = w4 − e^(w5·(G−1)) + 1, unclamped (the mean-reversion target uses D₀(4) as is).
    func rawInitialDifficulty(_ rating: Rating) -> Double {
        w[4] - exp(w[5] * Double(rating.grade - 1)) + 1
    }

    /// D₀(G) clamped to 1…10: the difficulty after the first rating.
    func initialDifficulty(_ rating: Rating) -> Double {
        clampDifficulty(rawInitialDifficulty(rating))
    }

    // MARK: Difficulty

    /// D′: ΔD = −w6·(G−3), damped linearly as D approaches 10 (ΔD·(10−D)/9), then pulled
    /// back towards D₀(4) by mean reversion (w7), and clamped to 1…10.
    func nextDifficulty(_ difficulty: Double, _ rating: Rating) -> Double {
        let delta = -w[6] * Double(rating.grade - 3)
        let damped = difficulty + (10 - difficulty) * delta / 9
        let reverted = w[7] * rawInitialDifficulty(.easy) + (1 - w[7]) * damped
        return clampDifficulty(reverted)
    }

    // MARK: Retrievability

    /// R(t, S) = (1 + factor·t/S)^decay: the probability of recall t days after a review.
    func retrievability(elapsedDays: Double, stability: Double) -> Double {
        pow(1 + factor * elapsedDays / stability, decay)
    }

    // MARK: Stability

    /// The stability after a review at least a day after the previous one:
    /// S′ᵣ for a recall, S′f for a lapse.
    func nextStability(difficulty: Double, stability: Double, retrievability: Double, rating: Rating) -> Double {
        let next =
            rating.isRecall
            ? recallStability(difficulty: difficulty, stability: stability, retrievability: retrievability, rating: rating)
            : forgetStability(difficulty: difficulty, stability: stability, retrievability: retrievability)
        return Swift.max(next, Self.minimumStability)
    }

    /// S′ᵣ = S·(1 + e^w8·(11−D)·S^(−w9)·(e^(w10·(1−R)) − 1)·hard penalty w15·easy bonus w16).
    func recallStability(difficulty: Double, stability: Double, retrievability: Double, rating: Rating) -> Double {
        let hardPenalty = rating == .hard ? w[15] : 1
        let easyBonus = rating == .easy ? w[16] : 1
        let growth =
            exp(w[8]) * (11 - difficulty) * pow(stability, -w[9])
            * (exp((1 - retrievability) * w[10]) - 1) * hardPenalty * easyBonus
        return stability * (1 + growth)
    }

    /// S′f = min(w11·D^(−w12)·((S+1)^w13 − 1)·e^(w14·(1−R)), S / e^(w17·w18)):
    /// post-lapse stability, never above what a same-day "again" would leave.
    func forgetStability(difficulty: Double, stability: Double, retrievability: Double) -> Double {
        let longTerm =
            w[11] * pow(difficulty, -w[12]) * (pow(stability + 1, w[13]) - 1)
            * exp((1 - retrievability) * w[14])
        let shortTermCeiling = stability / exp(w[17] * w[18])
        return Swift.min(longTerm, shortTermCeiling)
    }

    /// Short-term stability, for a review less than a day after the previous one:
    /// S′ = S·e^(w17·(G−3+w18))·S^(−w19), where a recall never lowers stability.
    func shortTermStability(_ stability: Double, _ rating: Rating) -> Double {
        var increase = exp(w[17] * (Double(rating.grade - 3) + w[18])) * pow(stability, -w[19])
        if rating.isRecall { increase = Swift.max(increase, 1) }
        return Swift.max(stability * increase, Self.minimumStability)
    }

    // MARK: Interval

    /// I(r, S) = S/factor·(r^(1/decay) − 1) days, rounded half-to-even to whole days (as the
    /// reference's Python `round` does) and kept in 1…maximum.
    func intervalDays(stability: Double, desiredRetention: Double, maximumInterval: Int) -> Int {
        let exact = stability / factor * (pow(desiredRetention, 1 / decay) - 1)
        let maximum = Double(maximumInterval)
        guard exact.isFinite else { return exact < 0 ? 1 : maximumInterval }
        let rounded = exact.rounded(.toNearestOrEven)
        if rounded >= maximum { return maximumInterval }
        if rounded <= 1 { return 1 }
        return Int(rounded)
    }

    private func clampDifficulty(_ value: Double) -> Double {
        Swift.min(Swift.max(value, Self.difficultyRange.lowerBound), Self.difficultyRange.upperBound)
    }
}
