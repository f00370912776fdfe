import Foundation

/// Which attempts `GET /api/faculty/exams/{examId}/statistics` analyses (`?attempts=`):
/// each student's first submitted attempt (the default, as Moodle's quiz statistics), or every
/// submitted attempt.
public enum StatisticsAttempts: String, Codable, Sendable, Hashable, CaseIterable {
    case first
    case all
}

/// `200` answer to `GET /api/faculty/exams/{examId}/statistics`: Moodle's item analysis of an exam.
///
/// Units follow what Moodle's report shows a teacher: exam-level figures (`mean`, `median`,
/// `standardDeviation`, the histogram's edges) are percent of the attempt's maximum, 0–100 (attempts
/// may have different maxima once questions are drawn); question-level figures are fractions of the
/// question's maximum (`facility`, `standardDeviation`, 0–1) and a correlation (`discrimination`,
/// −1…1). A figure that cannot be computed (no attempts, one attempt, no spread) is absent, never NaN.
public struct ExamStatistics: Codable, Sendable, Hashable {
    /// Number of attempts analysed.
    public var attempts: Int
    /// Which attempts were analysed. Absent only from a server that does not say.
    public var attemptsIncluded: StatisticsAttempts?
    /// Mean score in percent; absent without attempts.
    public var mean: Double?
    /// Median score in percent (mean of the two middle scores for an even count); absent without attempts.
    public var median: Double?
    /// Sample standard deviation (n − 1) of the scores in percent; needs two attempts.
    public var standardDeviation: Double?
    /// Cronbach's alpha over the questions every attempt saw; absent with fewer than two such
    /// questions, fewer than two attempts, or totals without spread.
    public var cronbachAlpha: Double?
    /// Attempts per score band (ten bands of 10 %, the last one including 100).
    public var scoreHistogram: [HistogramBin]
    /// One entry per question seen by at least one attempt, in the exam's order.
    public var questions: [QuestionStatistics]
    /// Questions a teacher should look at, and why.
    public var flags: [QuestionFlag]
    /// Where the exam as a whole falls outside `guidance`.
    public var notes: [ExamNote]
    /// The thresholds `flags` and `notes` used (Moodle's published guidance).
    public var guidance: StatisticsGuidance?
    /// Submitted attempts left out because an essay in them is not graded yet (absent: none).
    public var ungradedAttempts: Int?

    public init(
        attempts: Int, attemptsIncluded: StatisticsAttempts? = nil, mean: Double?, median: Double?, standardDeviation: Double?,
        cronbachAlpha: Double?, scoreHistogram: [HistogramBin], questions: [QuestionStatistics], flags: [QuestionFlag],
        notes: [ExamNote], guidance: StatisticsGuidance? = nil
    ) {
        self.attempts = attempts
        self.attemptsIncluded = attemptsIncluded
        self.mean = mean
        self.median = median
        self.standardDeviation = standardDeviation
        self.cronbachAlpha = cronbachAlpha
        self.scoreHistogram = scoreHistogram
        self.questions = questions
        self.flags = flags
        self.notes = notes
        self.guidance = guidance
    }
}

/// One band of the score distribution: attempts whose percent score lies in `from..<to`
/// (the last band also takes `to` itself, so 100 % is counted).
public struct HistogramBin: Codable, Sendable, Hashable {
    public var from: Double
    public var to: Double
    public var count: Int

    public init(from: Double, to: Double, count: Int) {
        self.from = from
        self.to = to
        self.count = count
    }
}

/// Item analysis of one question, over the attempts that saw it.
public struct QuestionStatistics: Codable, Sendable, Hashable {
    /// The question as the attempts showed it (a version of a bank question is a question of its own).
    public var questionId: Int
    /// How many attempts saw the question; with drawn questions this differs between questions.
    public var attempts: Int
    /// The question's kind (`single_choice`, …), when known.
    public var kind: QuestionKind?
    /// The question's text, when known.
    public var prompt: String?
    /// Mean of score ÷ maximum, 0–1 (Moodle's facility index ÷ 100). 1: everybody got full marks.
    public var facility: Double
    /// Correlation between the question's score and the score on the rest of the test (total minus
    /// this question), −1…1; absent with fewer than two attempts or when either side has no spread.
    public var discrimination: Double?
    /// Sample standard deviation (n − 1) of score ÷ maximum, 0–1; needs two attempts.
    public var standardDeviation: Double?
    /// For choice questions (single and multiple), how many attempts chose each option.
    public var options: [OptionCount]?

    public init(
        questionId: Int, attempts: Int, kind: QuestionKind? = nil, prompt: String? = nil, facility: Double, discrimination: Double?,
        standardDeviation: Double?, options: [OptionCount]?
    ) {
        self.questionId = questionId
        self.attempts = attempts
        self.kind = kind
        self.prompt = prompt
        self.facility = facility
        self.discrimination = discrimination
        self.standardDeviation = standardDeviation
        self.options = options
    }
}

/// A question a teacher should look at, and why. In JSON the kind is flat so any client can
/// switch on a string: `{"questionId": 7, "kind": "unchosenDistractor", "optionId": "d"}`.
public struct QuestionFlag: Codable, Sendable, Hashable {
    public var questionId: Int
    public var kind: Kind

    public init(questionId: Int, kind: Kind) {
        self.questionId = questionId
        self.kind = kind
    }

    /// Why the question is flagged. Thresholds are in `StatisticsGuidance`.
    public enum Kind: Sendable, Hashable {
        /// Every attempt that saw it got full marks: it tells nobody apart.
        case everyoneRight
        /// Every attempt that saw it scored zero: a wrong key, or not taught.
        case everyoneWrong
        /// The strong students score worse on it than the weak ones (discrimination below zero):
        /// usually a wrong key or an ambiguous wording.
        case negativeDiscrimination
        /// A wrong option nobody chose does no work as a distractor.
        case unchosenDistractor(optionId: String)
        /// Facility at or above `StatisticsGuidance.tooEasyFacility` without everyone right
        /// (95–100 % is "extremely easy" in Moodle's guidance).
        case tooEasy
        /// Facility at or below `StatisticsGuidance.tooHardFacility` without everyone wrong.
        case tooHard

        /// The string used for `kind` in JSON and CSV.
        public var name: String {
            switch self {
            case .everyoneRight: "everyoneRight"
            case .everyoneWrong: "everyoneWrong"
            case .negativeDiscrimination: "negativeDiscrimination"
            case .unchosenDistractor: "unchosenDistractor"
            case .tooEasy: "tooEasy"
            case .tooHard: "tooHard"
            }
        }

        /// The option concerned, for `unchosenDistractor`.
        public var optionId: String? {
            if case .unchosenDistractor(let optionId) = self { return optionId }
            return nil
        }
    }

    private enum CodingKeys: String, CodingKey {
        case questionId, kind, optionId
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        questionId = try container.decode(Int.self, forKey: .questionId)
        let name = try container.decode(String.self, forKey: .kind)
        switch name {
        case "everyoneRight": kind = .everyoneRight
        case "everyoneWrong": kind = .everyoneWrong
        case "negativeDiscrimination": kind = .negativeDiscrimination
        case "unchosenDistractor": kind = .unchosenDistractor(optionId: try container.decode(String.self, forKey: .optionId))
        case "tooEasy": kind = .tooEasy
        case "tooHard": kind = .tooHard
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "Unknown flag kind \(name)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(questionId, forKey: .questionId)
        try container.encode(kind.name, forKey: .kind)
        try container.encodeIfPresent(kind.optionId, forKey: .optionId)
    }
}

/// Where the exam as a whole falls outside the guidance of Moodle's statistics report: a
/// discriminating test averages 50–75 % with a standard deviation of 12–18 %; alpha at or above
/// 0.75 is satisfactory, below 0.64 unsatisfactory. `value` is the figure in its own unit
/// (percent for mean and standard deviation, a fraction for alpha).
public struct ExamNote: Codable, Sendable, Hashable {
    public var kind: Kind
    public var value: Double

    public init(kind: Kind, value: Double) {
        self.kind = kind
        self.value = value
    }

    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        /// Mean below the guidance range: the test may be too hard.
        case meanBelowGuidance
        /// Mean above the guidance range: the test may be too easy to tell students apart.
        case meanAboveGuidance
        /// Standard deviation below the range: scores are bunched up.
        case spreadBelowGuidance
        /// Standard deviation above the range: scores are unusually spread out.
        case spreadAboveGuidance
        /// Alpha below the unsatisfactory threshold: remedial measures should be considered.
        case reliabilityUnsatisfactory
        /// Alpha between the two thresholds: usable, not yet satisfactory.
        case reliabilityBelowSatisfactory
    }
}

/// The thresholds for flags and notes: Moodle's published guidance, and (ours) the fewest
/// attempts before any flag or note is raised, below which "nobody did X" is likely chance.
public struct StatisticsGuidance: Codable, Sendable, Hashable {
    /// Good range for the mean score, percent: `[low, high]`.
    public var meanRange: ClosedRange<Double>
    /// Good range for the standard deviation of scores, percent: `[low, high]`.
    public var standardDeviationRange: ClosedRange<Double>
    /// Alpha at or above this is satisfactory.
    public var satisfactoryAlpha: Double
    /// Alpha below this is unsatisfactory.
    public var unsatisfactoryAlpha: Double
    /// Facility at or above this (and not everyone right) is flagged `tooEasy`.
    public var tooEasyFacility: Double
    /// Facility at or below this (and not everyone wrong) is flagged `tooHard`.
    public var tooHardFacility: Double
    /// Fewest attempts (that saw the question, for question flags) before flags and notes are raised.
    public var minimumAttempts: Int

    public init(
        meanRange: ClosedRange<Double>, standardDeviationRange: ClosedRange<Double>, satisfactoryAlpha: Double,
        unsatisfactoryAlpha: Double, tooEasyFacility: Double, tooHardFacility: Double, minimumAttempts: Int
    ) {
        self.meanRange = meanRange
        self.standardDeviationRange = standardDeviationRange
        self.satisfactoryAlpha = satisfactoryAlpha
        self.unsatisfactoryAlpha = unsatisfactoryAlpha
        self.tooEasyFacility = tooEasyFacility
        self.tooHardFacility = tooHardFacility
        self.minimumAttempts = minimumAttempts
    }

    /// Moodle's quiz statistics guidance (average 50–75 %, SD 12–18 %, alpha ≥ 0.75 satisfactory and
    /// < 0.64 unsatisfactory; facility ≥ 95 % extremely easy, ≤ 5 % extremely difficult), five attempts minimum.
    public static let moodle = StatisticsGuidance(
        meanRange: 50...75, standardDeviationRange: 12...18, satisfactoryAlpha: 0.75, unsatisfactoryAlpha: 0.64,
        tooEasyFacility: 0.95, tooHardFacility: 0.05, minimumAttempts: 5)
}
