import Foundation

/// FSRS-6's scheduler: turns a card's state and a rating into the card's next state.
///
/// It follows the reference scheduler (py-fsrs 6.3.2) step for step:
/// 1. **Memory update.** A new card gets S₀(G) and D₀(G). Otherwise D becomes D′, and S
///    becomes the short-term stability if the previous review was less than a whole day ago,
///    else S′ᵣ (recall) or S′f (lapse) at the current retrievability R.
/// 2. **State machine.** Learning and relearning walk their steps (minutes): `again` goes
///    back to the first step; `hard` repeats the step (on the first step: the mean of the
///    first two steps, or 1.5× a single step); `good` moves one step on, and after the last
///    step graduates to review; `easy` graduates at once. In review, `again` sends the card
///    to relearning (if there are relearning steps); any recall keeps it in review.
/// 3. **Due date.** Steps add their duration; review adds I(r, S) whole days (fuzzed only
///    when ``FSRSParameters/enableFuzzing`` is on).
public struct FSRSScheduler: Sendable, Equatable {
    /// The parameters this scheduler was built with (always valid).
    public let parameters: FSRSParameters
    let model: MemoryModel

    /// A scheduler with FSRS-6's defaults (``FSRSParameters/default``).
    public init() {
        parameters = .default
        model = MemoryModel(validatedWeights: FSRSParameters.defaultWeights)
    }

    /// The scheduler ExamPrep's server uses: ``FSRSParameters/examPrep`` (no steps).
    public static let examPrep = FSRSScheduler(checkedParameters: .examPrep)

    /// Parameters known to be valid (the library's own presets; a test checks each).
    private init(checkedParameters parameters: FSRSParameters) {
        self.parameters = parameters
        model = MemoryModel(validatedWeights: parameters.weights)
    }

    /// A scheduler with custom parameters, which must pass ``FSRSParameters/validate()``.
    public init(parameters: FSRSParameters) throws(FSRSParameterError) {
        try parameters.validate()
        self.parameters = parameters
        model = MemoryModel(validatedWeights: parameters.weights)
    }

    // MARK: Reviewing

    /// The card's state after a review with `rating` at `date`; `card` is `nil` for a card
    /// never reviewed. Fuzz, if enabled, draws from the system's random generator.
    public func review(_ card: CardState?, rating: Rating, at date: Date) -> CardState {
        var generator = SystemRandomNumberGenerator()
        return review(card, rating: rating, at: date, using: &generator)
    }

    /// As ``review(_:rating:at:)``, drawing any fuzz from `generator` (for reproducible fuzz).
    public func review(
        _ card: CardState?,
        rating: Rating,
        at date: Date,
        using generator: inout some RandomNumberGenerator
    ) -> CardState {
        let previous = card.flatMap(Self.usable)
        let (stability, difficulty) = updatedMemory(previous, rating: rating, at: date)

        let transition: Transition
        switch previous?.state {
        case nil, .learning:
            transition = stepTransition(steps: parameters.learningSteps, in: .learning, step: previous?.step ?? 0, rating: rating)
        case .relearning:
            transition = stepTransition(steps: parameters.relearningSteps, in: .relearning, step: previous?.step ?? 0, rating: rating)
        case .review:
            if rating == .again, let first = parameters.relearningSteps.first {
                transition = .step(.relearning, 0, after: first)
            } else {
                transition = .review
            }
        }

        switch transition {
        case .step(let state, let step, let delay):
            return CardState(
                state: state, step: step, stability: stability, difficulty: difficulty,
                due: date.addingTimeInterval(delay), lastReview: date
            )
        case .review:
            var days = model.intervalDays(
                stability: stability,
                desiredRetention: parameters.desiredRetention,
                maximumInterval: parameters.maximumInterval
            )
            if parameters.enableFuzzing {
                days = IntervalFuzz.fuzzed(days: days, maximumInterval: parameters.maximumInterval, using: &generator)
            }
            return CardState(
                state: .review, step: nil, stability: stability, difficulty: difficulty,
                due: date.addingTimeInterval(Double(days) * Self.secondsPerDay), lastReview: date
            )
        }
    }

    // MARK: Retrievability

    /// R: the probability that the student recalls the card at `date`, from the forgetting
    /// curve R(t, S) with t the whole days since the last review (0 for a card never reviewed,
    /// as the reference does).
    public func retrievability(of card: CardState, at date: Date) -> Double {
        guard let card = Self.usable(card), let lastReview = card.lastReview else { return 0 }
        let elapsed = Swift.max(0, Self.elapsedWholeDays(from: lastReview, to: date))
        return model.retrievability(elapsedDays: elapsed, stability: card.stability)
    }

    // MARK: Steps

    private enum Transition {
        /// Stay in (re)learning at `step`, due after `delay` seconds.
        case step(SchedulingState, Int, after: TimeInterval)
        /// Go to (or stay in) review, due after I(r, S) days.
        case review
    }

    /// Learning and relearning share one walk through their steps.
    private func stepTransition(steps: [TimeInterval], in state: SchedulingState, step: Int, rating: Rating) -> Transition {
        // No steps, or a step beyond the list (the steps were shortened since): a recall graduates.
        guard let first = steps.first, step < steps.count || rating == .again else { return .review }
        switch rating {
        case .again:
            return .step(state, 0, after: first)
        case .hard:
            if step == 0 {
                let delay = steps.count >= 2 ? (first + steps[1]) / 2 : first * 1.5
                return .step(state, 0, after: delay)
            }
            return .step(state, step, after: steps[step])
        case .good:
            let next = step + 1
            guard next < steps.count else { return .review }
            return .step(state, next, after: steps[next])
        case .easy:
            return .review
        }
    }

    // MARK: Memory

    /// Step 1: the new (S, D) after this review.
    private func updatedMemory(_ previous: CardState?, rating: Rating, at date: Date) -> (Double, Double) {
        guard let previous else {
            return (model.initialStability(rating), model.initialDifficulty(rating))
        }
        let stability: Double
        if let lastReview = previous.lastReview, Self.elapsedWholeDays(from: lastReview, to: date) < 1 {
            stability = model.shortTermStability(previous.stability, rating)
        } else {
            stability = model.nextStability(
                difficulty: previous.difficulty,
                stability: previous.stability,
                retrievability: retrievability(of: previous, at: date),
                rating: rating
            )
        }
        return (stability, model.nextDifficulty(previous.difficulty, rating))
    }

    // MARK: Time and data hygiene

    static let secondsPerDay: TimeInterval = 86_400

    /// Whole days from `start` to `end`, as the reference counts them: the elapsed time, kept
    /// to the microsecond (Python's datetime resolution) so that a day measured between two
    /// `Date`s is not lost to floating-point error, then floored to days of 86 400 s.
    static func elapsedWholeDays(from start: Date, to end: Date) -> Double {
        let microseconds = (end.timeIntervalSince(start) * 1_000_000).rounded()
        return (microseconds / (secondsPerDay * 1_000_000)).rounded(.down)
    }

    /// A stored state made safe to compute with, or `nil` (treated as a new card) if its
    /// stability or difficulty is not a finite number. Finite values are clamped to the
    /// model's ranges and a negative step is read as the first; the scheduler itself only
    /// ever produces states that this leaves unchanged.
    static func usable(_ card: CardState) -> CardState? {
        guard card.stability.isFinite, card.difficulty.isFinite else { return nil }
        var card = card
        card.stability = Swift.max(card.stability, MemoryModel.minimumStability)
        card.difficulty = Swift.min(
            Swift.max(card.difficulty, MemoryModel.difficultyRange.lowerBound), MemoryModel.difficultyRange.upperBound)
        if let step = card.step, step < 0 { card.step = 0 }
        return card
    }
}

extension FSRSScheduler: Codable {
    /// A scheduler is stored as its parameters.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(parameters)
    }

    /// Decodes parameters and rejects any that fail ``FSRSParameters/validate()``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let parameters = try container.decode(FSRSParameters.self)
        do {
            try self.init(parameters: parameters)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "invalid FSRS parameters: \(error)")
        }
    }
}
