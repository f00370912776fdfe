import ExamPrepExams
import ExamPrepInterchange
import ExamPrepShared
import Foundation

/// The bank's questions as the interchange formats write them (GIFT, Moodle XML); a file's
/// questions become drafts in the interchange target (`InterchangeQuestion.draft`).
///
/// GIFT carries no points: an export writes none; Moodle XML writes them (`<defaultgrade>`)
/// and an essay's grader notes. A multiple-choice question written here without weights (all
/// or nothing) has no GIFT form of its own: it is exported with the weights Moodle would give
/// it, 100 % shared by the right choices and −100 % for each wrong one.
enum InterchangeMapping {
    static func interchange(_ question: StoredQuestion) -> InterchangeQuestion {
        InterchangeQuestion(
            name: question.bank.name, category: question.bank.topic.map { $0.split(separator: "/").map(String.init) } ?? [],
            tags: question.bank.tags, textFormat: InterchangeTextFormat(rawValue: question.textFormat.rawValue) ?? .moodle,
            text: question.prompt, generalFeedback: question.generalFeedback, kind: kind(question), points: question.points,
            graderInfo: question.graderInfo)
    }

    private static func kind(_ question: StoredQuestion) -> InterchangeQuestion.Kind {
        switch question.kind {
        case .singleChoice:
            return .singleChoice(
                choices: question.choices.map {
                    .init(text: $0.text, weight: $0.weight ?? ($0.correct ? 100 : 0), feedback: $0.feedback)
                })
        case .multipleChoice:
            let right = max(question.choices.filter(\.correct).count, 1)
            return .multipleChoice(
                choices: question.choices.map {
                    let weight = $0.weight ?? ($0.correct ? (100 / Double(right) * 100_000).rounded() / 100_000 : -100)
                    return .init(text: $0.text, weight: weight, feedback: $0.feedback)
                })
        case .trueFalse:
            return .trueFalse(
                answer: question.correctValue ?? false, feedbackWhenWrong: question.key.feedbackWhenWrong,
                feedbackWhenRight: question.key.feedbackWhenRight)
        case .shortAnswer:
            return .shortAnswer(answers: question.textAnswers.map { .init(text: $0.text, weight: $0.weight ?? 100, feedback: $0.feedback) })
        case .numerical:
            return .numerical(
                answers: (question.key.numbers ?? []).map {
                    .init(
                        value: $0.value, tolerance: $0.tolerance, min: $0.min, max: $0.max, weight: $0.weight ?? 100, feedback: $0.feedback)
                }, otherwiseFeedback: question.key.feedbackWhenWrong)
        case .matching:
            let options = question.key.options ?? []
            let pairs = (question.key.items ?? []).compactMap { item -> InterchangeQuestion.MatchingPair? in
                guard let optionID = question.key.pairs?[item.id], let option = options.first(where: { $0.id == optionID }) else {
                    return nil
                }
                return .init(item: item.text, option: option.text)
            }
            let used = Set(pairs.map(\.option))
            return .matching(pairs: pairs, distractors: options.map(\.text).filter { !used.contains($0) })
        case .essay:
            return .essay
        case .description:
            return .description
        }
    }
}
