import ExamPrepExams
import ExamPrepInterchange
import ExamPrepShared
import Foundation

/// Questions between the interchange formats (GIFT, Aiken, Moodle XML) and the API's shape.
///
/// GIFT carries no points: an imported question is worth 1 (Moodle's default mark), and an
/// export writes none; Moodle XML carries them (`<defaultgrade>`) and an essay's grader notes. Choices, a matching question's items and its options (each distinct
/// option text once, the distractors last) get random ids of eight letters: ids in file order
/// (a, b, … with GIFT's right answer first; items 1, 2, … matched to options a, b, …) told
/// students the key. Moodle's
/// `// [id:…]` is not kept. A multiple-choice question written here without weights (all or
/// nothing) has no GIFT form of its own: it is exported with the weights Moodle would give
/// it, 100 % shared by the right choices and −100 % for each wrong one. A description is
/// worth 0 points; a missing-word question is its kind with the blank (`_____`) in its prompt.
enum InterchangeMapping {
    /// The draft of a question whose HTML (GIFT's `[html]`) is read as plain text first, with
    /// what that left out.
    static func draftReadingHTML(_ question: InterchangeQuestion) -> (draft: QuestionDraft, leftOut: [Message]) {
        let (read, leftOut) = question.readingHTML()
        return (draft(read), leftOut)
    }

    /// The question in the API's shape: worth its `points`, else 1 (a description 0).
    static func draft(_ question: InterchangeQuestion) -> QuestionDraft {
        var draft = QuestionDraft(
            kind: .shortAnswer, prompt: question.text, points: question.points ?? 1, answer: .texts([]),
            textFormat: TextFormat(rawValue: question.textFormat.rawValue) ?? .moodle, generalFeedback: question.generalFeedback,
            name: question.name, topic: question.category.isEmpty ? nil : question.category.joined(separator: "/"),
            tags: question.tags.isEmpty ? nil : question.tags)
        switch question.kind {
        case .singleChoice(let choices):
            draft.kind = .singleChoice
            let ids = opaqueIDs(choices.count)
            draft.choices = choiceList(choices, ids: ids)
            let best = choices.map(\.weight).max() ?? 0
            let right = choices.firstIndex { $0.weight == best } ?? 0
            draft.answer = .text(ids.indices.contains(right) ? ids[right] : "")
        case .multipleChoice(let choices):
            draft.kind = .multipleChoice
            let ids = opaqueIDs(choices.count)
            draft.choices = choiceList(choices, ids: ids)
            draft.answer = .texts(zip(choices, ids).filter { $0.0.weight > 0 }.map(\.1))
        case .trueFalse(let answer, let whenWrong, let whenRight):
            draft.kind = .trueFalse
            draft.answer = .bool(answer)
            draft.feedbackWhenWrong = whenWrong
            draft.feedbackWhenRight = whenRight
        case .shortAnswer(let answers):
            draft.answer = .weightedTexts(
                answers.map { TextAnswer(text: $0.text, weight: $0.weight == 100 ? nil : $0.weight, feedback: $0.feedback) })
        case .numerical(let answers, let otherwise):
            draft.kind = .numerical
            draft.answer = .numbers(
                answers.map {
                    NumericalAnswer(
                        value: $0.value, tolerance: $0.tolerance, min: $0.min, max: $0.max, weight: $0.weight == 100 ? nil : $0.weight,
                        feedback: $0.feedback)
                })
            draft.feedbackWhenWrong = otherwise
        case .matching(let pairs, let distractors):
            draft.kind = .matching
            var optionTexts: [String] = []
            for text in pairs.map(\.option) + distractors where !optionTexts.contains(text) { optionTexts.append(text) }
            let itemIDs = opaqueIDs(pairs.count)
            let optionIDs = opaqueIDs(optionTexts.count)
            draft.items = zip(itemIDs, pairs).map { Choice(id: $0, text: $1.item) }
            draft.options = zip(optionIDs, optionTexts).map { Choice(id: $0, text: $1) }
            var answer: [String: String] = [:]
            for (itemID, pair) in zip(itemIDs, pairs) {
                answer[itemID] = optionTexts.firstIndex(of: pair.option).map { optionIDs[$0] }
            }
            draft.answer = .matches(answer)
        case .description:
            draft.kind = .description
            draft.points = 0
            draft.answer = nil
        case .essay:
            draft.kind = .essay
            draft.answer = nil
            draft.graderInfo = question.graderInfo
        }
        return draft
    }

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

    /// `count` different random ids of eight lower-case letters and digits.
    static func opaqueIDs(_ count: Int) -> [String] {
        let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")
        var ids: [String] = []
        var taken = Set<String>()
        while ids.count < count {
            let id = String((0..<8).map { _ in alphabet.randomElement() ?? "x" })
            if taken.insert(id).inserted { ids.append(id) }
        }
        return ids
    }

    private static func choiceList(_ choices: [InterchangeQuestion.Choice], ids: [String]) -> [Choice] {
        zip(choices, ids).map { choice, id in
            Choice(id: id, text: choice.text, weight: choice.weight, feedback: choice.feedback)
        }
    }
}
