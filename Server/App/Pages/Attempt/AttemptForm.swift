import ExamPrepShared
import Foundation

/// What an attempt's (or a practice's) page form sent: the answer to its one question, and
/// where to go next. The attempt page does not read its attempt before a save: the save makes
/// the fields into the answer (`answer(_:to:)`) with the question it loaded
/// (`StudentAttemptActions.saveForm`). The practice page, which reads its questions anyway,
/// reads the whole form against them (`init(_:questions:)`).
struct AttemptForm: Sendable {
    enum Go: Sendable, Equatable {
        case next, previous, finish, flag
        case question(Int)
        case stay

        /// The form's `go` (the button pressed).
        init(_ raw: String?) {
            self =
                switch raw ?? "" {
                case "next": .next
                case "previous": .previous
                case "finish": .finish
                case "flag": .flag
                case let other where other.hasPrefix("q"): Int(other.dropFirst()).map(Go.question) ?? .stay
                default: .stay
                }
        }
    }

    var questionID: Int
    /// The question's number on the page that sent the form.
    var number: Int
    var go: Go
    var saveKey: String?
    /// The answer to save; nil when the form left it as it was (no choice made).
    var answer: AnswerInput?
    /// A number field that did not hold a number: shown again with a message.
    var badNumber: String?

    init(_ form: FormData, questions: [StudentQuestion]) throws {
        guard let questionID = Self.questionID(form), let question = questions.first(where: { $0.id == questionID }) else {
            throw PageFailure.badRequest("attempt.form-names-no-question")
        }
        self.questionID = questionID
        number = (questions.firstIndex { $0.id == questionID } ?? 0) + 1
        saveKey = Self.saveKey(form)
        go = Go(form["go"])
        switch Self.answer(form, to: question) {
        case .unchanged: answer = nil
        case .answer(let given): answer = given
        case .notANumber(let typed): badNumber = typed
        }
    }

    /// The question the form answers, as it named it.
    static func questionID(_ form: FormData) -> Int? {
        form["question"].flatMap { Int($0) }
    }

    /// The page's save key (`Idempotency-Key`), if it sent one.
    static func saveKey(_ form: FormData) -> String? {
        form["key"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The answer `form`'s fields give `question` (as its student sees it, under the attempt's
    /// aliases).
    static func answer(_ form: FormData, to question: StudentQuestion) -> AttemptRepository.FormAnswer {
        let questionID = question.id
        switch question.kind {
        case .singleChoice:
            return form["choice"].map { .answer(AnswerInput(questionId: questionID, choiceIds: [$0])) } ?? .unchanged
        case .multipleChoice:
            // The page sends `answered=1` with the checkboxes, so unticking all of them clears the answer.
            let chosen = form.all("choice")
            if !chosen.isEmpty { return .answer(AnswerInput(questionId: questionID, choiceIds: chosen)) }
            return form["answered"] == nil ? .unchanged : .answer(AnswerInput(questionId: questionID))
        case .trueFalse:
            switch form["value"] {
            case "true": return .answer(AnswerInput(questionId: questionID, value: true))
            case "false": return .answer(AnswerInput(questionId: questionID, value: false))
            default: return .unchanged
            }
        case .shortAnswer, .essay:
            let text = form["text"] ?? ""
            return .answer(
                text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                    ? AnswerInput(questionId: questionID) : AnswerInput(questionId: questionID, text: text))
        case .numerical:
            let raw = (form["number"] ?? "").trimmingCharacters(in: .whitespaces)
            if raw.isEmpty { return .answer(AnswerInput(questionId: questionID)) }
            guard let value = number(raw) else { return .notANumber(String(raw.prefix(100))) }
            return .answer(AnswerInput(questionId: questionID, number: value))
        case .matching:
            var matches: [String: String] = [:]
            for item in question.items ?? [] {
                if let option = form["match-" + item.id], !option.isEmpty { matches[item.id] = option }
            }
            return matches.isEmpty ? .unchanged : .answer(AnswerInput(questionId: questionID, matches: matches))
        case .description:
            return .unchanged
        }
    }

    /// "3.5", "-2", "3,5" (a decimal comma), "1e3": a finite number, or nil.
    static func number(_ raw: String) -> Double? {
        let normalized = raw.replacingOccurrences(of: ",", with: ".")
        guard normalized.count <= 64, let value = Double(normalized), value.isFinite else { return nil }
        return value
    }
}
