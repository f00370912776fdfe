import ExamPrepShared
import Foundation

/// What the attempt page's form sent: the answer to its one question, and where to go next.
struct AttemptForm: Sendable {
    enum Go: Sendable, Equatable {
        case next, previous, finish, flag
        case question(Int)
        case stay
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
        guard let questionID = form["question"].flatMap({ Int($0) }), let question = questions.first(where: { $0.id == questionID }) else {
            throw PageFailure.badRequest("attempt.form-names-no-question")
        }
        self.questionID = questionID
        number = (questions.firstIndex { $0.id == questionID } ?? 0) + 1
        saveKey = form["key"].flatMap { $0.isEmpty ? nil : $0 }
        go =
            switch form["go"] ?? "" {
            case "next": .next
            case "previous": .previous
            case "finish": .finish
            case "flag": .flag
            case let other where other.hasPrefix("q"): Int(other.dropFirst()).map(Go.question) ?? .stay
            default: .stay
            }
        switch question.kind {
        case .singleChoice:
            answer = form["choice"].map { AnswerInput(questionId: questionID, choiceIds: [$0]) }
        case .multipleChoice:
            // The page sends `answered=1` with the checkboxes, so unticking all of them clears the answer.
            let chosen = form.all("choice")
            answer =
                chosen.isEmpty
                ? (form["answered"] == nil ? nil : AnswerInput(questionId: questionID))
                : AnswerInput(questionId: questionID, choiceIds: chosen)
        case .trueFalse:
            answer = form["value"].flatMap { value in
                value == "true"
                    ? AnswerInput(questionId: questionID, value: true)
                    : value == "false" ? AnswerInput(questionId: questionID, value: false) : nil
            }
        case .shortAnswer, .essay:
            let text = form["text"] ?? ""
            answer =
                text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                ? AnswerInput(questionId: questionID) : AnswerInput(questionId: questionID, text: text)
        case .numerical:
            let raw = (form["number"] ?? "").trimmingCharacters(in: .whitespaces)
            if raw.isEmpty {
                answer = AnswerInput(questionId: questionID)
            } else if let value = Self.number(raw) {
                answer = AnswerInput(questionId: questionID, number: value)
            } else {
                badNumber = String(raw.prefix(100))
            }
        case .matching:
            var matches: [String: String] = [:]
            for item in question.items ?? [] {
                if let option = form["match-" + item.id], !option.isEmpty { matches[item.id] = option }
            }
            answer = matches.isEmpty ? nil : AnswerInput(questionId: questionID, matches: matches)
        case .description:
            answer = nil
        }
    }

    /// "3.5", "-2", "3,5" (a decimal comma), "1e3": a finite number, or nil.
    static func number(_ raw: String) -> Double? {
        let normalized = raw.replacingOccurrences(of: ",", with: ".")
        guard normalized.count <= 64, let value = Double(normalized), value.isFinite else { return nil }
        return value
    }
}
