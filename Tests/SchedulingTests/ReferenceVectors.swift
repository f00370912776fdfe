import ExamPrepScheduling
import Foundation

/// The reference vectors (see generate_vectors.py), decoded from ``fsrsVectorsJSON``.
struct ReferenceVectors: Decodable {
    /// The `fsrs` package version that produced them.
    let fsrsVersion: String
    /// The reference scheduler as it comes, and as ExamPrep runs it (no steps).
    let configurations: [ReferenceConfiguration]

    func configuration(_ name: String) throws -> ReferenceConfiguration {
        guard let found = configurations.first(where: { $0.name == name }) else {
            throw ReferenceVectorError.missingConfiguration(name)
        }
        return found
    }

    static func load() throws -> ReferenceVectors {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(ReferenceVectors.self, from: Data(fsrsVectorsJSON.utf8))
    }
}

enum ReferenceVectorError: Error {
    case missingConfiguration(String)
}

/// One scheduler's settings and the sequences it produced.
struct ReferenceConfiguration: Decodable {
    let name: String
    let scheduler: ReferenceSchedulerSettings
    let sequences: [ReferenceSequence]
}

/// The reference scheduler's settings, as its `to_dict()` writes them.
struct ReferenceSchedulerSettings: Decodable {
    let weights: [Double]
    let desiredRetention: Double
    let learningSteps: [Double]
    let relearningSteps: [Double]
    let maximumInterval: Int
    let enableFuzzing: Bool

    enum CodingKeys: String, CodingKey {
        case weights = "parameters"
        case desiredRetention = "desired_retention"
        case learningSteps = "learning_steps"
        case relearningSteps = "relearning_steps"
        case maximumInterval = "maximum_interval"
        case enableFuzzing = "enable_fuzzing"
    }

    /// The same settings as ours.
    var parameters: FSRSParameters {
        FSRSParameters(
            weights: weights, desiredRetention: desiredRetention, learningSteps: learningSteps, relearningSteps: relearningSteps,
            maximumInterval: maximumInterval, enableFuzzing: enableFuzzing)
    }
}

/// One card's reviews, in order, starting from a new card.
struct ReferenceSequence: Decodable {
    let name: String
    let reviews: [ReferenceReview]
}

/// One review and the reference's card right after it.
struct ReferenceReview: Decodable {
    let rating: Rating
    let at: Date
    /// The reference's retrievability of the card just before this review (0 for a new card).
    let retrievabilityBefore: Double
    let state: SchedulingState
    let step: Int?
    let stability: Double
    let difficulty: Double
    let due: Date
    let lastReview: Date
}
