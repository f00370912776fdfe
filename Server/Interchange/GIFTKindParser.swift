import ExamPrepShared
import Foundation

/// Decides a GIFT question's kind from its answer text and reads the answers.
///
/// The order is Moodle's: empty → essay; starts with `#` → numerical;
/// contains `~` → choice; contains `=` and `->` → matching; `T`, `TRUE`, `F` or `FALSE`
/// (before any `#`, case as written) → true/false; anything else → short answer.
/// Only unescaped characters count as syntax.
enum GIFTKindParser {
    typealias Chars = ArraySlice<GIFTChar>
    typealias Kind = InterchangeQuestion.Kind

    /// The kind and answers of the text between the braces (general feedback removed).
    static func kind(from answers: Chars) throws(GIFTRejection) -> Kind {
        let answers = answers.trimmed
        if answers.isEmpty { return .essay }
        if answers.first?.isSyntax("#") == true { return try numerical(answers.dropFirst()) }
        if answers.firstSyntax("~") != nil { return try choice(answers) }
        if answers.firstSyntax("=") != nil, answers.firstRun("->") != nil { return try matching(answers) }
        if let trueFalse = trueFalse(answers) { return trueFalse }
        return try shortAnswer(answers)
    }

    /// `=right ~wrong ~%50%partial #feedback`: single choice if any answer starts with
    /// `=`, multiple choice (several may be picked) otherwise.
    static func choice(_ answers: Chars) throws(GIFTRejection) -> Kind {
        var choices: [InterchangeQuestion.Choice] = []
        var hasRightAnswer = false
        for (marker, body) in answers.pieces(splitAt: ["~", "="]) {
            if marker == nil && body.isBlank { continue }
            var rest = body.trimmed
            var weight = 0.0
            if marker == "=" {
                hasRightAnswer = true
                weight = 100
            } else {
                let parsed = try GIFTWeights.split(rest, what: Message("gift.choice", ["number": .integer(choices.count + 1)]))
                weight = parsed.weight ?? 0
                rest = parsed.rest
            }
            let (text, feedback) = GIFTWeights.textAndFeedback(rest)
            guard !text.isEmpty else { throw GIFTRejection("gift.choice-empty", ["number": .integer(choices.count + 1)]) }
            choices.append(.init(text: text.string, weight: weight, feedback: feedback))
        }
        guard choices.count >= 2 else {
            throw GIFTRejection("gift.too-few-choices")
        }
        if hasRightAnswer { return .singleChoice(choices: choices) }
        let positive = choices.reduce(0) { $0 + Swift.max(0, $1.weight) }
        guard positive > 0 else {
            throw GIFTRejection("gift.no-credit")
        }
        guard positive.rounded() <= 100 else {  // Moodle compares to 2 decimals of a fraction
            throw GIFTRejection("gift.weights-over-100", ["sum": .text(GIFTNumbers.formatWeight(positive))])
        }
        return .multipleChoice(choices: choices)
    }

    /// `=item -> option` pairs (at least two); `= -> option` adds a distractor option.
    static func matching(_ answers: Chars) throws(GIFTRejection) -> Kind {
        var pairs: [InterchangeQuestion.MatchingPair] = []
        var distractors: [String] = []
        for (marker, body) in answers.pieces(splitAt: ["="]) {
            if marker == nil && body.isBlank { continue }
            let entry = body.trimmed
            guard let arrow = entry.firstRun("->") else {
                throw GIFTRejection("gift.matching-no-arrow", ["entry": GIFTWeights.quote(entry.string)])
            }
            let item = entry[..<arrow].trimmed.string
            let option = entry[(arrow + 2)...].trimmed.string
            guard !option.isEmpty else {
                throw GIFTRejection("gift.matching-no-option", ["entry": GIFTWeights.quote(entry.string)])
            }
            if item.isEmpty {
                distractors.append(option)
            } else {
                pairs.append(.init(item: item, option: option))
            }
        }
        guard pairs.count >= 2 else {
            throw GIFTRejection("gift.too-few-pairs")
        }
        return .matching(pairs: pairs, distractors: distractors)
    }

    /// `{TRUE}`, `{F}`, `{T#shown if wrong#shown if right}`; nil when not true/false.
    static func trueFalse(_ answers: Chars) -> Kind? {
        let (head, tail) = answers.splitOnce(at: "#")
        let value: Bool
        switch head.trimmed.string {
        case "T", "TRUE": value = true
        case "F", "FALSE": value = false
        default: return nil
        }
        guard let tail else { return .trueFalse(answer: value, feedbackWhenWrong: nil, feedbackWhenRight: nil) }
        let (wrong, right) = tail.splitOnce(at: "#")
        return .trueFalse(
            answer: value,
            feedbackWhenWrong: GIFTWeights.nonEmpty(wrong.trimmed.string),
            feedbackWhenRight: right.flatMap { GIFTWeights.nonEmpty($0.trimmed.string) })
    }

    /// `=answer =%50%partial#feedback`; a single answer may omit the `=`.
    static func shortAnswer(_ answers: Chars) throws(GIFTRejection) -> Kind {
        var accepted: [InterchangeQuestion.TextAnswer] = []
        for (marker, body) in answers.pieces(splitAt: ["="]) {
            if marker == nil && body.isBlank { continue }
            let parsed = try GIFTWeights.split(body.trimmed, what: Message("gift.answer", ["number": .integer(accepted.count + 1)]))
            let (text, feedback) = GIFTWeights.textAndFeedback(parsed.rest)
            guard !text.isEmpty else { throw GIFTRejection("gift.answer-empty", ["number": .integer(accepted.count + 1)]) }
            accepted.append(.init(text: text.string, weight: parsed.weight ?? 100, feedback: feedback))
        }
        guard !accepted.isEmpty else { throw GIFTRejection("gift.short-answer-missing") }
        guard accepted.contains(where: { $0.weight == 100 }) else {
            throw GIFTRejection("gift.no-full-marks")
        }
        return .shortAnswer(answers: accepted)
    }

    /// After `{#`: `v`, `v:t`, `a..b`, or several `=%w%v:t#feedback` lines, and an
    /// optional `~#feedback` for any other answer.
    static func numerical(_ body: Chars) throws(GIFTRejection) -> Kind {
        let (head, tail) = body.splitOnce(at: "~")
        var otherwise: String?
        if let tail = tail?.trimmed, !tail.isEmpty {
            guard tail.first?.isSyntax("#") == true else {
                throw GIFTRejection("gift.numerical-tilde")
            }
            otherwise = GIFTWeights.nonEmpty(tail.dropFirst().trimmed.string)
        }
        var answers: [InterchangeQuestion.NumericalAnswer] = []
        for (marker, piece) in head.pieces(splitAt: ["="]) {
            if marker == nil && piece.isBlank { continue }
            let what = Message("gift.answer", ["number": .integer(answers.count + 1)])
            let parsed = try GIFTWeights.split(piece.trimmed, what: what)
            let (valueText, feedback) = GIFTWeights.textAndFeedback(parsed.rest)
            answers.append(
                try GIFTNumericalValue.answer(
                    valueText, weight: parsed.weight ?? 100, feedback: feedback, what: what))
        }
        guard !answers.isEmpty else { throw GIFTRejection("gift.numerical-missing") }
        guard answers.contains(where: { $0.weight == 100 }) else {
            throw GIFTRejection("gift.no-full-marks")
        }
        return .numerical(answers: answers, otherwiseFeedback: otherwise)
    }
}
