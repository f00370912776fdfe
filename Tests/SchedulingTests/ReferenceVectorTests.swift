import ExamPrepScheduling
import Foundation
import Testing

/// Replays every reference sequence through ``FSRSScheduler`` from a new card, carrying our
/// own state forward (errors would accumulate, not be reset), and compares each review: for
/// the reference scheduler as it comes and for ExamPrep's (no learning or relearning steps).
@Suite("FSRS against the reference vectors")
struct ReferenceVectorTests {
    static let relativeTolerance = 1e-4

    @Test("the vectors come from the reference version this module names")
    func version() throws {
        let vectors = try ReferenceVectors.load()
        #expect(vectors.fsrsVersion == ExamPrepScheduling.referenceVersion)
    }

    @Test("the default parameters are the reference scheduler's, and ExamPrep's differ only in their steps")
    func defaults() throws {
        let vectors = try ReferenceVectors.load()
        #expect(try vectors.configuration("reference defaults").scheduler.parameters == FSRSParameters.default)
        #expect(try vectors.configuration("examprep").scheduler.parameters == FSRSParameters.examPrep)
        #expect(FSRSParameters.examPrep.learningSteps.isEmpty && FSRSParameters.examPrep.relearningSteps == [86_400])
        #expect(FSRSParameters.examPrep.weights == FSRSParameters.default.weights)
        #expect(!FSRSParameters.default.enableFuzzing && !FSRSParameters.examPrep.enableFuzzing)
    }

    @Test("the vectors cover what they should")
    func coverage() throws {
        let vectors = try ReferenceVectors.load()
        for configuration in vectors.configurations {
            let sequences = configuration.sequences
            let reviews = sequences.flatMap(\.reviews)
            #expect(sequences.count >= 48)
            #expect(sequences.contains { $0.reviews.count >= 20 })
            #expect(sequences.contains { $0.reviews.allSatisfy { $0.rating == .again } })
            #expect(sequences.contains { $0.reviews.allSatisfy { $0.rating == .easy } })
            for rating in Rating.allCases {
                #expect(reviews.contains { $0.rating == rating }, "\(configuration.name): no \(rating) review")
            }
        }
        let withSteps = try vectors.configuration("reference defaults").sequences.flatMap(\.reviews)
        for state in SchedulingState.allCases {
            #expect(withSteps.contains { $0.state == state }, "no review ends in \(state)")
        }
        // ExamPrep's: never in learning; a wrong answer always due a day later, every other
        // review at least a day later, in whole days but for hard on the relearning day.
        for review in try vectors.configuration("examprep").sequences.flatMap(\.reviews) {
            #expect(review.state != .learning)
            let days = review.due.timeIntervalSince(review.at) / 86_400
            if review.rating == .again { #expect(days == 1) }
            #expect(days >= 1 && (days == days.rounded() || (review.rating == .hard && days == 1.5)))
        }
    }

    @Test(
        "every review matches the reference: state, step, S and D to 1e-4, due to the minute and day",
        arguments: ["reference defaults", "examprep"])
    func replay(configurationName: String) throws {
        let vectors = try ReferenceVectors.load()
        let configuration = try vectors.configuration(configurationName)
        let scheduler = try FSRSScheduler(parameters: configuration.scheduler.parameters)
        var worstStability = 0.0
        var worstDifficulty = 0.0
        var worstRetrievability = 0.0
        var worstDueSeconds = 0.0
        var compared = 0

        for sequence in configuration.sequences {
            var card: CardState?
            for (index, expected) in sequence.reviews.enumerated() {
                let place = "\(sequence.name), review \(index + 1) (\(expected.rating) at \(expected.at))"
                let retrievability = card.map { scheduler.retrievability(of: $0, at: expected.at) } ?? 0
                let next = scheduler.review(card, rating: expected.rating, at: expected.at)

                #expect(next.state == expected.state, "\(place): state")
                #expect(next.step == expected.step, "\(place): step")
                #expect(next.lastReview == expected.lastReview, "\(place): last review")

                let stabilityError = relativeError(next.stability, expected.stability)
                let difficultyError = relativeError(next.difficulty, expected.difficulty)
                let retrievabilityError = abs(retrievability - expected.retrievabilityBefore)
                #expect(stabilityError <= Self.relativeTolerance, "\(place): stability \(next.stability) vs \(expected.stability)")
                #expect(difficultyError <= Self.relativeTolerance, "\(place): difficulty \(next.difficulty) vs \(expected.difficulty)")
                #expect(
                    retrievabilityError <= Self.relativeTolerance,
                    "\(place): retrievability \(retrievability) vs \(expected.retrievabilityBefore)")

                #expect(minute(of: next.due) == minute(of: expected.due), "\(place): due \(next.due) vs \(expected.due)")
                #expect(utcDay(of: next.due) == utcDay(of: expected.due), "\(place): due day \(next.due) vs \(expected.due)")

                worstStability = max(worstStability, stabilityError)
                worstDifficulty = max(worstDifficulty, difficultyError)
                worstRetrievability = max(worstRetrievability, retrievabilityError)
                worstDueSeconds = max(worstDueSeconds, abs(next.due.timeIntervalSince(expected.due)))
                compared += 1
                card = next
            }
        }
        #expect(compared == configuration.sequences.reduce(0) { $0 + $1.reviews.count })
        print(
            "fsrs \(vectors.fsrsVersion) vectors, \(configurationName): \(configuration.sequences.count) sequences, \(compared) reviews;",
            "largest differences: stability \(worstStability) (relative), difficulty \(worstDifficulty) (relative),",
            "retrievability \(worstRetrievability) (absolute), due \(worstDueSeconds) s"
        )
    }

    @Test("a stored state decoded mid-sequence continues exactly like the live one")
    func storedStateContinues() throws {
        let vectors = try ReferenceVectors.load()
        let scheduler = FSRSScheduler()
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        for sequence in try vectors.configuration("reference defaults").sequences.prefix(20) {
            var card: CardState?
            for expected in sequence.reviews {
                if let live = card {
                    let stored = try decoder.decode(CardState.self, from: encoder.encode(live))
                    #expect(stored == live)
                    #expect(
                        scheduler.review(stored, rating: expected.rating, at: expected.at)
                            == scheduler.review(live, rating: expected.rating, at: expected.at)
                    )
                }
                card = scheduler.review(card, rating: expected.rating, at: expected.at)
            }
        }
    }
}

private func relativeError(_ value: Double, _ reference: Double) -> Double {
    abs(value - reference) / max(abs(reference), .leastNormalMagnitude)
}

private func minute(of date: Date) -> Double {
    (date.timeIntervalSince1970 / 60).rounded(.down)
}

private func utcDay(of date: Date) -> DateComponents {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    return calendar.dateComponents([.year, .month, .day], from: date)
}
