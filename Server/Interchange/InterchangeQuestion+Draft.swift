import ExamPrepShared
import Foundation

/// A question read from a file in the API's shape (`QuestionDraft`), which the server then
/// checks by the rules of any question, as it checks one a client sends.
///
/// GIFT carries no points: an imported question is worth 1 (Moodle's default mark); Moodle XML
/// carries them (`<defaultgrade>`) and an essay's grader notes. Choices, a matching question's
/// items and its options (each distinct option text once, the distractors last) get random ids
/// of eight letters: ids in file order (a, b, … with GIFT's right answer first; items 1, 2, …
/// matched to options a, b, …) told students the key. Moodle's `// [id:…]` is not kept. A
/// description is worth 0 points; a missing-word question is its kind with the blank (`_____`)
/// in its prompt.
extension InterchangeQuestion {
    /// The draft of this question with its HTML (GIFT's `[html]`) read as plain text first, and
    /// what that left out.
    public var draftReadingHTML: (draft: QuestionDraft, leftOut: [Message]) {
        let (read, leftOut) = readingHTML()
        return (read.draft, leftOut)
    }

    /// The question in the API's shape: worth its `points`, else 1 (a description 0).
    public var draft: QuestionDraft {
        var draft = QuestionDraft(
            kind: .shortAnswer, prompt: text, points: points ?? 1, answer: .texts([]),
            textFormat: TextFormat(rawValue: textFormat.rawValue) ?? .moodle, generalFeedback: generalFeedback, name: name,
            topic: category.isEmpty ? nil : category.joined(separator: "/"), tags: tags.isEmpty ? nil : tags)
        switch kind {
        case .singleChoice(let choices):
            draft.kind = .singleChoice
            let ids = Self.opaqueIDs(choices.count)
            draft.choices = Self.choiceList(choices, ids: ids)
            let best = choices.map(\.weight).max() ?? 0
            let right = choices.firstIndex { $0.weight == best } ?? 0
            draft.answer = .text(ids.indices.contains(right) ? ids[right] : "")
        case .multipleChoice(let choices):
            draft.kind = .multipleChoice
            let ids = Self.opaqueIDs(choices.count)
            draft.choices = Self.choiceList(choices, ids: ids)
            draft.answer = .texts(zip(choices, ids).filter { $0.0.weight > 0 }.map(\.1))
        case .trueFalse(let answer, let whenWrong, let whenRight):
            draft.kind = .trueFalse
            draft.answer = .bool(answer)
            draft.feedbackWhenWrong = whenWrong
            draft.feedbackWhenRight = whenRight
        case .shortAnswer(let answers):
            draft.answer = .weightedTexts(
                answers.map { ExamPrepShared.TextAnswer(text: $0.text, weight: $0.weight == 100 ? nil : $0.weight, feedback: $0.feedback) })
        case .numerical(let answers, let otherwise):
            draft.kind = .numerical
            draft.answer = .numbers(
                answers.map {
                    ExamPrepShared.NumericalAnswer(
                        value: $0.value, tolerance: $0.tolerance, min: $0.min, max: $0.max, weight: $0.weight == 100 ? nil : $0.weight,
                        feedback: $0.feedback)
                })
            draft.feedbackWhenWrong = otherwise
        case .matching(let pairs, let distractors):
            draft.kind = .matching
            var optionTexts: [String] = []
            for text in pairs.map(\.option) + distractors where !optionTexts.contains(text) { optionTexts.append(text) }
            let itemIDs = Self.opaqueIDs(pairs.count)
            let optionIDs = Self.opaqueIDs(optionTexts.count)
            draft.items = zip(itemIDs, pairs).map { ExamPrepShared.Choice(id: $0, text: $1.item) }
            draft.options = zip(optionIDs, optionTexts).map { ExamPrepShared.Choice(id: $0, text: $1) }
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
            draft.graderInfo = graderInfo
        }
        return draft
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

    private static func choiceList(_ choices: [Choice], ids: [String]) -> [ExamPrepShared.Choice] {
        zip(choices, ids).map { choice, id in
            ExamPrepShared.Choice(id: id, text: choice.text, weight: choice.weight, feedback: choice.feedback)
        }
    }
}
