import ExamPrepShared

/// Turns figures into the few things a teacher should act on, using `StatisticsGuidance` thresholds.
enum Flagging {
    /// Facility this close to 1 (or 0) counts as everyone right (or wrong); it absorbs rounding only.
    static let facilityTolerance = 1e-9

    /// Flags in question order; within a question: difficulty, then discrimination, then distractors.
    /// "Everyone right/wrong" is read from the facility, which assumes scores stay within 0…max
    /// (the API guarantees a question's score never goes below 0).
    static func flags(
        questions: [QuestionStatistics],
        catalogue: [Int: ItemAnalysisInput.Question],
        guidance: StatisticsGuidance
    ) -> [QuestionFlag] {
        var flags: [QuestionFlag] = []
        for question in questions where question.attempts >= guidance.minimumAttempts {
            let id = question.questionId
            if question.facility >= 1 - facilityTolerance {
                flags.append(QuestionFlag(questionId: id, kind: .everyoneRight))
            } else if question.facility <= facilityTolerance {
                flags.append(QuestionFlag(questionId: id, kind: .everyoneWrong))
            } else if question.facility >= guidance.tooEasyFacility {
                flags.append(QuestionFlag(questionId: id, kind: .tooEasy))
            } else if question.facility <= guidance.tooHardFacility {
                flags.append(QuestionFlag(questionId: id, kind: .tooHard))
            }
            if let discrimination = question.discrimination, discrimination < 0 {
                flags.append(QuestionFlag(questionId: id, kind: .negativeDiscrimination))
            }
            let counts = Dictionary(
                (question.options ?? []).map { ($0.id, $0.chosen) }, uniquingKeysWith: { first, _ in first })
            for option in catalogue[id]?.options ?? [] where !option.correct && (counts[option.id] ?? 0) == 0 {
                flags.append(QuestionFlag(questionId: id, kind: .unchosenDistractor(optionId: option.id)))
            }
        }
        return flags
    }

    static func notes(
        attempts: Int,
        mean: Double?,
        standardDeviation: Double?,
        alpha: Double?,
        guidance: StatisticsGuidance
    ) -> [ExamNote] {
        guard attempts >= guidance.minimumAttempts else { return [] }
        var notes: [ExamNote] = []
        if let mean {
            if mean < guidance.meanRange.lowerBound {
                notes.append(ExamNote(kind: .meanBelowGuidance, value: mean))
            } else if mean > guidance.meanRange.upperBound {
                notes.append(ExamNote(kind: .meanAboveGuidance, value: mean))
            }
        }
        if let standardDeviation {
            if standardDeviation < guidance.standardDeviationRange.lowerBound {
                notes.append(ExamNote(kind: .spreadBelowGuidance, value: standardDeviation))
            } else if standardDeviation > guidance.standardDeviationRange.upperBound {
                notes.append(ExamNote(kind: .spreadAboveGuidance, value: standardDeviation))
            }
        }
        if let alpha {
            if alpha < guidance.unsatisfactoryAlpha {
                notes.append(ExamNote(kind: .reliabilityUnsatisfactory, value: alpha))
            } else if alpha < guidance.satisfactoryAlpha {
                notes.append(ExamNote(kind: .reliabilityBelowSatisfactory, value: alpha))
            }
        }
        return notes
    }
}
