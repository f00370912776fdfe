import ExamPrepShared
import ExamPrepStatistics

/// One hand-made set of attempts with the figures Python's `statistics` module computed for it.
/// The values live in the generated `ReferenceValues.swift`; see `reference.py`.
struct ReferenceCase: Sendable, CustomStringConvertible {
    let name: String
    let input: ItemAnalysisInput
    let expected: ReferenceExpectation

    var description: String { name }

    static func named(_ name: String) -> ReferenceCase? {
        all.first { $0.name == name }
    }
}

struct ReferenceExpectation: Sendable {
    let attempts: Int
    let mean: Double?
    let median: Double?
    let standardDeviation: Double?
    let cronbachAlpha: Double?
    /// Counts of the ten 10 % bands.
    let histogram: [Int]
    let questions: [ReferenceQuestion]
}

struct ReferenceQuestion: Sendable {
    let questionId: Int
    let attempts: Int
    let facility: Double
    let standardDeviation: Double?
    let discrimination: Double?
    let options: [OptionCount]?
}

/// Four-decimal agreement: both absent, or both present and closer than half a unit in the fourth decimal.
func agreesToFourDecimals(_ actual: Double?, _ expected: Double?) -> Bool {
    switch (actual, expected) {
    case (nil, nil): true
    case (let actual?, let expected?): actual.isFinite && abs(actual - expected) < 0.00005
    default: false
    }
}
