import ExamPrepScheduling
import ExamPrepTestSupport
import Foundation
import Testing

/// Behaviour the reference vectors do not pin down: validation, storage, hygiene, fuzz.
@Suite("FSRS scheduler behaviour")
struct SchedulerTests {
    let start = Date(timeIntervalSince1970: 1_740_992_400)  // 2025-03-03 09:00 UTC
    let scheduler = FSRSScheduler()

    @Test("a new card: again 1 min, hard 5.5 min, good 10 min (learning), easy 8 days (review)")
    func firstReview() {
        let again = scheduler.review(nil, rating: .again, at: start)
        let hard = scheduler.review(nil, rating: .hard, at: start)
        let good = scheduler.review(nil, rating: .good, at: start)
        let easy = scheduler.review(nil, rating: .easy, at: start)
        #expect(again.state == .learning && again.step == 0 && again.due == start + 60)
        #expect(hard.state == .learning && hard.step == 0 && hard.due == start + 330)
        #expect(good.state == .learning && good.step == 1 && good.due == start + 600)
        #expect(easy.state == .review && easy.step == nil && easy.due == start + 8 * 86_400)
        #expect([again, hard, good, easy].allSatisfy { $0.lastReview == start })
        #expect(again.stability == 0.212 && easy.stability == 8.2956)
    }

    @Test("a right answer moves the due date out; a wrong one brings it back in 10 minutes, then in days")
    func rightAndWrong() {
        var card = scheduler.review(nil, rating: .good, at: start)
        for _ in 0..<3 { card = scheduler.review(card, rating: .good, at: card.due) }
        #expect(card.state == .review && card.due == start + (59 * 86_400 + 600))  // 2025-05-01 09:10
        let right = scheduler.review(card, rating: .good, at: card.due)
        let wrong = scheduler.review(card, rating: .again, at: card.due)
        #expect(right.due.timeIntervalSince(card.due) > card.due.timeIntervalSince(card.lastReview ?? start))
        #expect(wrong.state == .relearning && wrong.due == card.due + 600)
        let relearnt = scheduler.review(wrong, rating: .good, at: wrong.due)
        // py-fsrs 6.3.2, same reviews: S ≈ 2.934 after the lapse, so back in 3 days.
        #expect(abs(relearnt.stability - 2.9338452901880046) < 1e-9)
        #expect(relearnt.state == .review && relearnt.due == wrong.due + 3 * 86_400)
    }

    @Test("retrievability: 1 just after a review, 0.9 after S days, 0 for a card without a review")
    func retrievability() throws {
        let card = CardState(state: .review, step: nil, stability: 10, difficulty: 5, due: start + 10 * 86_400, lastReview: start)
        #expect(scheduler.retrievability(of: card, at: start) == 1)
        #expect(scheduler.retrievability(of: card, at: start + 3_600) == 1)  // whole days only
        #expect(abs(scheduler.retrievability(of: card, at: start + 10 * 86_400) - 0.9) < 1e-12)
        #expect(scheduler.retrievability(of: card, at: start + 30 * 86_400) < 0.9)
        #expect(scheduler.retrievability(of: card, at: start - 86_400) == 1)  // clock skew: no negative days
        var unreviewed = card
        unreviewed.lastReview = nil
        #expect(scheduler.retrievability(of: unreviewed, at: start) == 0)
    }

    @Test("a day that floating point would lose is still a whole day")
    func subSecondDay() {
        let last = Date(timeIntervalSinceReferenceDate: 762_000_000.123456)
        let card = CardState(state: .review, step: nil, stability: 5, difficulty: 5, due: last, lastReview: last)
        let dayLater = Date(timeIntervalSinceReferenceDate: 762_000_000.123456 + 86_400)
        let reviewed = scheduler.review(card, rating: .good, at: dayLater)
        // A whole day has passed: the long-term formula applies, so S grows past short-term's.
        #expect(scheduler.retrievability(of: card, at: dayLater) < 1)
        #expect(reviewed.stability > 5.5)
    }

    @Test("CardState, parameters and the scheduler survive JSON")
    func codable() throws {
        let card = scheduler.review(scheduler.review(nil, rating: .hard, at: start), rating: .good, at: start + 330)
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        #expect(try decoder.decode(CardState.self, from: encoder.encode(card)) == card)
        #expect(try decoder.decode(FSRSParameters.self, from: encoder.encode(FSRSParameters.default)) == .default)
        #expect(try decoder.decode(FSRSScheduler.self, from: encoder.encode(scheduler)) == scheduler)
        let json = try #require(String(data: encoder.encode(card), encoding: .utf8))
        #expect(json.contains("\"state\":\"learning\""))
    }

    @Test("a stored scheduler with invalid parameters does not decode")
    func invalidSchedulerDoesNotDecode() throws {
        let bad = FSRSParameters(weights: Array(FSRSParameters.defaultWeights.prefix(19)))
        let data = try JSONEncoder().encode(bad)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FSRSScheduler.self, from: data) }
    }

    @Test("ExamPrep's scheduler: a valid preset; a wrong answer is due the next day, new or long known")
    func examPrepScheduler() throws {
        let scheduler = FSRSScheduler.examPrep
        #expect(try FSRSScheduler(parameters: .examPrep) == scheduler)
        let wrong = scheduler.review(nil, rating: .again, at: start)
        let right = scheduler.review(nil, rating: .good, at: start)
        #expect(wrong.state == .review && wrong.due == start + 86_400)
        #expect(right.state == .review && right.due == start + 2 * 86_400)
        var known = right
        for _ in 0..<4 { known = scheduler.review(known, rating: .good, at: known.due) }
        let lapse = scheduler.review(known, rating: .again, at: known.due)
        #expect(known.due.timeIntervalSince(known.lastReview ?? start) > 100 * 86_400)
        #expect(lapse.state == .relearning && lapse.due == known.due + 86_400)
        let relearnt = scheduler.review(lapse, rating: .good, at: lapse.due)
        #expect(relearnt.state == .review && relearnt.due > lapse.due + 86_400)
    }

    @Test("parameter validation")
    func validation() throws {
        #expect(try FSRSScheduler(parameters: .default) == FSRSScheduler())
        #expect(throws: FSRSParameterError.wrongWeightCount(expected: 21, actual: 19)) {
            try FSRSScheduler(parameters: FSRSParameters(weights: Array(FSRSParameters.defaultWeights.prefix(19))))
        }
        var weights = FSRSParameters.defaultWeights
        weights[20] = 0
        #expect(throws: FSRSParameterError.weightOutOfBounds(index: 20, value: 0, bounds: 0.1...0.8)) {
            try FSRSScheduler(parameters: FSRSParameters(weights: weights))
        }
        weights[20] = .nan
        #expect(throws: FSRSParameterError.self) { try FSRSScheduler(parameters: FSRSParameters(weights: weights)) }
        #expect(throws: FSRSParameterError.desiredRetentionOutOfRange(1)) {
            try FSRSScheduler(parameters: FSRSParameters(desiredRetention: 1))
        }
        #expect(throws: FSRSParameterError.invalidStep([60, 0])) {
            try FSRSScheduler(parameters: FSRSParameters(learningSteps: [60, 0]))
        }
        #expect(throws: FSRSParameterError.maximumIntervalOutOfRange(0)) {
            try FSRSScheduler(parameters: FSRSParameters(maximumInterval: 0))
        }
    }

    @Test("the maximum interval caps review intervals")
    func maximumInterval() throws {
        let capped = try FSRSScheduler(parameters: FSRSParameters(maximumInterval: 30))
        var card: CardState?
        var at = start
        for _ in 0..<12 {
            let next = capped.review(card, rating: .easy, at: at)
            #expect(next.due.timeIntervalSince(at) <= 30 * 86_400)
            card = next
            at = next.due
        }
        let last = try #require(card)
        let lastInterval = last.due.timeIntervalSince(try #require(last.lastReview))
        #expect(lastInterval == 30 * 86_400)
    }

    @Test("without learning or relearning steps, cards go straight to review")
    func noSteps() throws {
        let direct = try FSRSScheduler(parameters: FSRSParameters(learningSteps: [], relearningSteps: []))
        let first = direct.review(nil, rating: .again, at: start)
        #expect(first.state == .review && first.step == nil && first.due == start + 86_400)
        let lapse = direct.review(first, rating: .again, at: first.due)
        #expect(lapse.state == .review && lapse.due >= first.due + 86_400)
    }

    @Test("a step beyond shortened steps graduates on a recall and restarts on again")
    func shortenedSteps() {
        let card = CardState(state: .learning, step: 5, stability: 2, difficulty: 5, due: start, lastReview: start - 600)
        #expect(scheduler.review(card, rating: .hard, at: start).state == .review)
        let again = scheduler.review(card, rating: .again, at: start)
        #expect(again.state == .learning && again.step == 0 && again.due == start + 60)
    }

    @Test("stored states that are out of range are repaired, not trusted")
    func hygiene() {
        let new = scheduler.review(nil, rating: .good, at: start)
        let broken = CardState(state: .review, step: nil, stability: .nan, difficulty: 5, due: start, lastReview: start)
        #expect(scheduler.review(broken, rating: .good, at: start) == new)
        #expect(scheduler.retrievability(of: broken, at: start) == 0)

        let negative = CardState(state: .learning, step: -3, stability: -1, difficulty: 42, due: start, lastReview: start - 60)
        let repaired = scheduler.review(negative, rating: .good, at: start)
        #expect(repaired.stability >= 0.001 && repaired.stability.isFinite)
        #expect((1...10).contains(repaired.difficulty))
        #expect(repaired.state == .learning && repaired.step == 1)
    }

    @Test("fuzz stays near the interval, leaves short ones alone, and is reproducible with a seed")
    func fuzz() throws {
        let fuzzy = try FSRSScheduler(parameters: FSRSParameters(enableFuzzing: true))
        let card = CardState(state: .review, step: nil, stability: 30, difficulty: 5, due: start, lastReview: start - 30 * 86_400)
        let plain = scheduler.review(card, rating: .good, at: start)
        let plainDays = plain.due.timeIntervalSince(start) / 86_400
        var seen = Set<Double>()
        var generator = SplitMix64(seed: 27)
        for _ in 0..<200 {
            let next = fuzzy.review(card, rating: .good, at: start, using: &generator)
            let days = next.due.timeIntervalSince(start) / 86_400
            #expect(days == days.rounded())
            #expect(abs(days - plainDays) <= 1 + 0.15 * 4.5 + 0.1 * 13 + 0.05 * (plainDays - 20) + 0.5)
            #expect(next.stability == plain.stability && next.difficulty == plain.difficulty)
            seen.insert(days)
        }
        #expect(seen.count > 3)

        var first = SplitMix64(seed: 1)
        var second = SplitMix64(seed: 1)
        #expect(fuzzy.review(card, rating: .good, at: start, using: &first) == fuzzy.review(card, rating: .good, at: start, using: &second))

        let learning = fuzzy.review(nil, rating: .good, at: start)
        #expect(learning.due == start + 600)  // steps are never fuzzed
        // Intervals under 2.5 days are never fuzzed: a lapse with no relearning steps gives 1 day.
        let noRelearning = FSRSParameters(relearningSteps: [])
        let fuzzyLapse = try FSRSScheduler(parameters: FSRSParameters(relearningSteps: [], enableFuzzing: true))
        let plainLapse = try FSRSScheduler(parameters: noRelearning)
        let short = CardState(state: .review, step: nil, stability: 2, difficulty: 5, due: start, lastReview: start - 2 * 86_400)
        for _ in 0..<20 {
            let fuzzed = fuzzyLapse.review(short, rating: .again, at: start, using: &generator)
            #expect(fuzzed == plainLapse.review(short, rating: .again, at: start))
            #expect(fuzzed.due == start + 86_400)
        }
    }
}
