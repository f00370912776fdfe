import ExamPrepShared
import Foundation

/// The answer a question's form gives, on a page without JavaScript (an attempt's, a
/// practice's): its fields made into an `AnswerInput` for the question as its student sees it
/// (under the attempt's aliases). A single choice sends `choice`; a multiple choice every ticked
/// `choice` with `answered=1`, so unticking them all clears the answer; true or false sends
/// `value`; a short answer and an essay `text`; a numerical question `number`; a matching
/// question `match-{item}` for each item. The rules of the answer itself are
/// `AnswerValidation`'s, once the save has it.
public enum FormAnswer: Sendable, Equatable {
    /// The form left the answer as it was (no choice made).
    case unchanged
    case answer(AnswerInput)
    /// A number field that did not hold a number, as typed (its first 100 characters): nothing
    /// is saved, and the page shows it again with its message.
    case notANumber(String)

    /// The longest number field read as a number, in characters.
    public static let maxNumberLength = 64

    /// The answer `fields` give `question`; `fields(name)` is every value the form sent as
    /// `name`, in the order sent (the first one counts where one is expected).
    public init(_ question: StudentQuestion, fields: (String) -> [String]) {
        let questionID = question.id
        func first(_ name: String) -> String? { fields(name).first }
        switch question.kind {
        case .singleChoice:
            self = first("choice").map { .answer(AnswerInput(questionId: questionID, choiceIds: [$0])) } ?? .unchanged
        case .multipleChoice:
            let chosen = fields("choice")
            if !chosen.isEmpty {
                self = .answer(AnswerInput(questionId: questionID, choiceIds: chosen))
            } else {
                self = first("answered") == nil ? .unchanged : .answer(AnswerInput(questionId: questionID))
            }
        case .trueFalse:
            switch first("value") {
            case "true": self = .answer(AnswerInput(questionId: questionID, value: true))
            case "false": self = .answer(AnswerInput(questionId: questionID, value: false))
            default: self = .unchanged
            }
        case .shortAnswer, .essay:
            let text = first("text") ?? ""
            self = .answer(
                text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                    ? AnswerInput(questionId: questionID) : AnswerInput(questionId: questionID, text: text))
        case .numerical:
            let raw = (first("number") ?? "").trimmingCharacters(in: .whitespaces)
            if raw.isEmpty {
                self = .answer(AnswerInput(questionId: questionID))
            } else if let value = Self.number(raw) {
                self = .answer(AnswerInput(questionId: questionID, number: value))
            } else {
                self = .notANumber(String(raw.prefix(100)))
            }
        case .matching:
            var matches: [String: String] = [:]
            for item in question.items ?? [] {
                if let option = first("match-" + item.id), !option.isEmpty { matches[item.id] = option }
            }
            self = matches.isEmpty ? .unchanged : .answer(AnswerInput(questionId: questionID, matches: matches))
        case .description:
            self = .unchanged
        }
    }

    /// "3.5", "-2", "3,5" (a decimal comma), "1e3": a finite number, or nil.
    public static func number(_ raw: String) -> Double? {
        let normalized = raw.replacingOccurrences(of: ",", with: ".")
        guard normalized.count <= maxNumberLength, let value = Double(normalized), value.isFinite else { return nil }
        return value
    }
}
