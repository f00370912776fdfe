import ExamPrepClient
import ExamPrepShared
import Foundation

/// The words of `examprep exams take`: a question as it is shown, the hint for its kind, how
/// a typed line becomes an answer, and the report of a result.
enum ExamSessionText {
    static func describe(_ question: StudentQuestion, number: Int, of total: Int, saved: String?) -> String {
        if question.kind == .description {
            return "Item \(number) of \(total) (text, no answer)\n\(question.prompt)\n" + hint(for: question) + "\n"
        }
        var text =
            "Question \(number) of \(total) (\(question.points) point\(question.points == 1 ? "" : "s"), \(kindName(question.kind)))\n"
        text += question.prompt + "\n"
        let labels = ChoiceLabels(question: question)
        for choice in question.choices ?? [] {
            text += "  \(labels.choice(choice.id))) \(choice.text)\n"
        }
        if let items = question.items, let options = question.options {
            text += "Match each of:\n" + items.map { "  \(labels.item($0.id)). \($0.text)\n" }.joined()
            text += "with one of:\n" + options.map { "  \(labels.option($0.id))) \($0.text)\n" }.joined()
        }
        text += hint(for: question)
        if let saved { text += " Saved: \(saved)." }
        return text + "\n"
    }

    static func kindName(_ kind: QuestionKind) -> String {
        switch kind {
        case .singleChoice: "one choice"
        case .multipleChoice: "all that apply"
        case .trueFalse: "true or false"
        case .shortAnswer: "short answer"
        case .numerical: "a number"
        case .matching: "matching"
        case .essay: "essay, graded by hand"
        case .description: "text"
        }
    }

    static func hint(for question: StudentQuestion) -> String {
        switch question.kind {
        case .singleChoice: "Type the number of one choice."
        case .multipleChoice: "Type the numbers of every right choice, separated by commas or spaces."
        case .trueFalse: "Type t (true) or f (false)."
        case .shortAnswer: "Type your answer."
        case .essay: "Type your essay on one line (\\n for a new line)."
        case .numerical: "Type a number (a point for decimals)."
        case .matching: "Type item=option for every item, separated by commas or spaces (1=b, 2=a)."
        case .description: "Press Enter to go on."
        }
    }

    static func savedText(for question: StudentQuestion, in attempt: StudentAttempt) -> String? {
        guard let answer = attempt.answers.first(where: { $0.questionId == question.id }) else { return nil }
        let labels = ChoiceLabels(question: question)
        if let ids = answer.choiceIds { return ids.map(labels.choice).joined(separator: ", ") }
        if let value = answer.value { return value ? "true" : "false" }
        if let number = answer.number { return Points.text(number) == "–" ? nil : "\(number)" }
        if let matches = answer.matches {
            return labels.pairs(matches)
        }
        return answer.text.map { "\"\($0)\"" }
    }

    /// The answer the person typed, or nil when it does not fit the question.
    static func parse(_ text: String, for question: StudentQuestion) -> AnswerInput? {
        switch question.kind {
        case .singleChoice, .multipleChoice:
            let typed = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
            let labels = ChoiceLabels(question: question)
            var ids: [String] = []
            for item in typed {
                guard let id = labels.choiceID(item) else { return nil }
                if !ids.contains(id) { ids.append(id) }
            }
            guard !ids.isEmpty, question.kind == .multipleChoice || ids.count == 1 else { return nil }
            return AnswerInput(questionId: question.id, choiceIds: ids)
        case .trueFalse:
            switch text.lowercased() {
            case "t", "true", "y", "yes": return AnswerInput(questionId: question.id, value: true)
            case "f", "false", "n", "no": return AnswerInput(questionId: question.id, value: false)
            default: return nil
            }
        case .shortAnswer:
            return AnswerInput(questionId: question.id, text: text)
        case .essay:
            return AnswerInput(questionId: question.id, text: text.replacingOccurrences(of: "\\n", with: "\n"))
        case .numerical:
            guard let number = Double(text.replacingOccurrences(of: ",", with: ".")), number.isFinite else { return nil }
            return AnswerInput(questionId: question.id, number: number)
        case .matching:
            return matches(text, for: question).map { AnswerInput(questionId: question.id, matches: $0) }
        case .description:
            return nil
        }
    }

    /// "1=b, 2=a" (items by number, options by letter, as shown) as item id to option id,
    /// every item once; nil when that does not fit.
    private static func matches(_ text: String, for question: StudentQuestion) -> [String: String]? {
        let labels = ChoiceLabels(question: question)
        var matches: [String: String] = [:]
        for pair in text.split(whereSeparator: { $0 == "," || $0 == " " }) {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0) }
            guard parts.count == 2, let item = parts.first, let option = parts.last, let itemID = labels.itemID(item),
                let optionID = labels.optionID(option)
            else { return nil }
            matches[itemID] = optionID
        }
        return matches.count == (question.items ?? []).count ? matches : nil
    }

    /// The result after submitting: the score, then each question as far as the exam's review
    /// options show it: its prompt, the student's answer, right or not with its points, the
    /// right answer and the feedback.
    static func report(_ result: AttemptResult, attempt: StudentAttempt) -> String {
        var text = "Submitted"
        if let score = result.score, let maxScore = result.maxScore {
            text += ". Score: \(Points.text(score))/\(Points.text(maxScore))"
            text += result.needsGrading == true ? " so far, pending: an essay is graded by hand.\n" : "\n"
        } else {
            text += ". The exam shows results later (its review options).\n"
        }
        for (index, question) in attempt.questions.enumerated() {
            guard let outcome = result.results?.first(where: { $0.questionId == question.id }) else { continue }
            text += "\n\(index + 1). \(question.prompt)\n"
            text += "   Your answer: \(savedText(for: question, in: attempt) ?? "none")\n"
            if question.kind == .essay, outcome.correct == nil { text += "   Not graded yet.\n" }
            if let correct = outcome.correct {
                let points = outcome.points ?? 0
                text += "   \(Verdict.sentence(correct: correct, points: points)): \(Points.text(points))/\(question.points)\n"
            }
            if outcome.correct != true, let answer = outcome.rightAnswer {
                text += "   The right answer: \(PracticeText.rightAnswer(answer, question: question))\n"
            }
            if let feedback = outcome.feedback { text += "   \(feedback)\n" }
        }
        return text
    }
}
