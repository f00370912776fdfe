import ExamPrepShared

/// Classical item analysis of an exam, following Moodle's quiz statistics report
/// (`question/classes/statistics/questions/calculator.php` and `mod/quiz/report/statistics/classes/calculator.php`):
///
/// - An attempt's score is the sum of its question scores; it is reported as percent of the attempt's
///   maximum so attempts with different draws are comparable. Mean, median and sample standard deviation
///   (n − 1, as Moodle) are taken over these percents.
/// - Per question, over the attempts that saw it: facility = mean(score ÷ max); standard deviation =
///   sample SD of score ÷ max (Moodle prints SD ÷ max as a percent); discrimination = Pearson correlation
///   between the question's score and the rest of the test (attempt total − this question, in points),
///   Moodle's "discrimination index" ÷ 100.
/// - Cronbach's alpha = k/(k − 1) · (1 − Σ item variances ÷ variance of totals), sample variances in points,
///   as Moodle's coefficient of internal consistency. Moodle sums over question positions; with drawn
///   questions a position holds different questions, so here alpha is taken over the questions that every
///   attempt saw, with each attempt's total over those questions only. Fewer than two such questions: no alpha.
///
/// Data that cannot be scored is skipped rather than trusted: a response with a non-finite score or a
/// maximum that is not positive, a second response to the same question in one attempt, and an attempt
/// left with no positive maximum. An attempt's own `maxScore` is used when positive, otherwise the sum
/// of its questions' maxima.
public enum ItemAnalysis {
    public static func compute(_ input: ItemAnalysisInput, guidance: StatisticsGuidance = .moodle) -> ExamStatistics {
        let sittings = input.attempts.compactMap(Sitting.init)
        let percents = sittings.map(\.percent)
        let catalogue = Dictionary(
            input.questions.map { ($0.questionId, $0) }, uniquingKeysWith: { first, _ in first })

        let questions = questionOrder(sittings: sittings).compactMap { questionId in
            questionStatistics(questionId: questionId, sittings: sittings, catalogue: catalogue[questionId])
        }
        let mean = Descriptive.mean(percents)
        let standardDeviation = Descriptive.sampleStandardDeviation(percents)
        let alpha = cronbachAlpha(sittings: sittings)

        return ExamStatistics(
            attempts: sittings.count,
            mean: mean,
            median: Descriptive.median(percents),
            standardDeviation: standardDeviation,
            cronbachAlpha: alpha,
            scoreHistogram: ScoreHistogram.bins(percents: percents),
            questions: questions,
            flags: Flagging.flags(questions: questions, catalogue: catalogue, guidance: guidance),
            notes: Flagging.notes(
                attempts: sittings.count, mean: mean, standardDeviation: standardDeviation,
                alpha: alpha, guidance: guidance),
            guidance: guidance
        )
    }

    /// Order of first appearance: the exam's own order when attempts list their questions in it (drawn
    /// questions come in where they were first drawn). The catalogue only describes options, and may list
    /// only the choice questions, so it does not set the order.
    static func questionOrder(sittings: [Sitting]) -> [Int] {
        var order: [Int] = []
        var placed = Set<Int>()
        for sitting in sittings {
            for response in sitting.responses where placed.insert(response.questionId).inserted {
                order.append(response.questionId)
            }
        }
        return order
    }

    static func questionStatistics(
        questionId: Int, sittings: [Sitting], catalogue: ItemAnalysisInput.Question?
    ) -> QuestionStatistics? {
        var scores: [Double] = []
        var fractions: [Double] = []
        var rests: [Double] = []
        var chosen: [String: Int] = [:]
        var isChoice = !(catalogue?.options.isEmpty ?? true)
        for sitting in sittings {
            guard let response = sitting.scores[questionId] else { continue }
            scores.append(response.score)
            fractions.append(response.score / response.maxScore)
            rests.append(sitting.total - response.score)
            if let options = response.chosenOptionIds {
                isChoice = true
                for option in Set(options) {
                    chosen[option, default: 0] += 1
                }
            }
        }
        guard let facility = Descriptive.mean(fractions) else { return nil }
        return QuestionStatistics(
            questionId: questionId,
            attempts: scores.count,
            kind: catalogue?.kind,
            prompt: catalogue?.prompt,
            facility: facility,
            discrimination: Descriptive.correlation(scores, rests),
            standardDeviation: Descriptive.sampleStandardDeviation(fractions),
            options: isChoice ? optionCounts(chosen: chosen, catalogue: catalogue) : nil
        )
    }

    /// Catalogue options in authoring order (zero counts included), each with its letter by that
    /// place and its text, then any other chosen id, sorted (without a letter: the question no
    /// longer has it).
    static func optionCounts(chosen: [String: Int], catalogue: ItemAnalysisInput.Question?) -> [OptionCount] {
        var counts: [OptionCount] = []
        var listed = Set<String>()
        for option in catalogue?.options ?? [] where listed.insert(option.id).inserted {
            counts.append(
                OptionCount(
                    id: option.id, chosen: chosen[option.id] ?? 0, letter: OptionCount.letter(at: counts.count), text: option.text))
        }
        for id in chosen.keys.sorted() where !listed.contains(id) {
            counts.append(OptionCount(id: id, chosen: chosen[id] ?? 0))
        }
        return counts
    }

    /// Alpha over the questions every attempt saw (see the type's documentation for why).
    static func cronbachAlpha(sittings: [Sitting]) -> Double? {
        guard sittings.count >= 2, let first = sittings.first else { return nil }
        let common = first.responses.map(\.questionId).filter { questionId in
            sittings.allSatisfy { $0.scores[questionId] != nil }
        }
        guard common.count >= 2 else { return nil }
        var itemVariances: [Double] = []
        for questionId in common {
            let scores = sittings.compactMap { $0.scores[questionId]?.score }
            guard let variance = Descriptive.sampleVariance(scores) else { return nil }
            itemVariances.append(variance)
        }
        let totals = sittings.map { sitting in
            Descriptive.sum(common.compactMap { sitting.scores[$0]?.score })
        }
        guard let totalVariance = Descriptive.sampleVariance(totals), totalVariance > 0 else { return nil }
        let k = Double(common.count)
        let alpha = k / (k - 1) * (1 - Descriptive.sum(itemVariances) / totalVariance)
        return alpha.isFinite ? alpha : nil
    }
}
