import ExamPrepClient
import ExamPrepShared
import Foundation

/// The words of `examprep exams take`: a question as it is shown, the hint for its kind, how
/// a typed line becomes an answer, and the report of a result.
enum ExamSessionText {
    static func describe(_ question: StudentQuestion, number: Int, of total: Int, saved: String?) -> String {
        if question.kind == .description {
            return CLILanguage.text("cli-exam.item", ["number": .integer(number), "total": .integer(total)]) + "\n\(question.prompt)\n"
                + hint(for: question) + "\n"
        }
        var text = CLILanguage.text(
            "cli-exam.question",
            [
                "number": .integer(number), "total": .integer(total), "count": .integer(question.points),
                "kind": .message(kindName(question.kind)),
            ])
        text += "\n"
        text += question.prompt + "\n"
        let labels = ChoiceLabels(question: question)
        for choice in question.choices ?? [] {
            text += "  \(labels.choice(choice.id))) \(choice.text)\n"
        }
        if let items = question.items, let options = question.options {
            text += CLILanguage.text("cli-exam.match-each") + "\n" + items.map { "  \(labels.item($0.id)). \($0.text)\n" }.joined()
            text += CLILanguage.text("cli-exam.with-one-of") + "\n" + options.map { "  \(labels.option($0.id))) \($0.text)\n" }.joined()
        }
        text += hint(for: question)
        if let saved { text += " " + CLILanguage.text("cli-exam.saved", ["answer": .text(saved)]) }
        return text + "\n"
    }

    /// How a question of `kind` is answered, in a few words.
    static func kindName(_ kind: QuestionKind) -> Message {
        switch kind {
        case .singleChoice: Message("cli-exam.kind.single-choice")
        case .multipleChoice: Message("cli-exam.kind.multiple-choice")
        case .trueFalse: Message("cli-exam.kind.true-false")
        case .shortAnswer: Message("cli-exam.kind.short-answer")
        case .numerical: Message("cli-exam.kind.numerical")
        case .matching: Message("cli-exam.kind.matching")
        case .essay: Message("cli-exam.kind.essay")
        case .description: Message("cli-exam.kind.description")
        }
    }

    /// What to type for `question`.
    static func hint(for question: StudentQuestion) -> String {
        switch question.kind {
        case .singleChoice: CLILanguage.text("cli-exam.hint.single-choice")
        case .multipleChoice: CLILanguage.text("cli-exam.hint.multiple-choice")
        case .trueFalse: CLILanguage.text("cli-exam.hint.true-false")
        case .shortAnswer: CLILanguage.text("cli-exam.hint.short-answer")
        case .essay: CLILanguage.text("cli-exam.hint.essay")
        case .numerical: CLILanguage.text("cli-exam.hint.numerical")
        case .matching: CLILanguage.text("cli-exam.hint.matching")
        case .description: CLILanguage.text("cli-exam.hint.description")
        }
    }

    /// True or false, as the reader's language writes it.
    static func truth(_ value: Bool) -> String {
        CLILanguage.text(value ? "cli-exam.true" : "cli-exam.false")
    }

    static func savedText(for question: StudentQuestion, in attempt: StudentAttempt) -> String? {
        guard let answer = attempt.answers.first(where: { $0.questionId == question.id }) else { return nil }
        let labels = ChoiceLabels(question: question)
        if let ids = answer.choiceIds { return ids.map(labels.choice).joined(separator: ", ") }
        if let value = answer.value { return truth(value) }
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
        var text: String
        if let score = result.score, let maxScore = result.maxScore {
            let values: [String: MessageValue] = ["score": .text(Points.text(score)), "max": .text(Points.text(maxScore))]
            text = CLILanguage.text(result.needsGrading == true ? "cli-exam.submitted.score-pending" : "cli-exam.submitted.score", values)
        } else {
            text = CLILanguage.text("cli-exam.submitted.later")
        }
        text += "\n"
        for (index, question) in attempt.questions.enumerated() {
            guard let outcome = result.results?.first(where: { $0.questionId == question.id }) else { continue }
            text += "\n\(index + 1). \(question.prompt)\n"
            let given = savedText(for: question, in: attempt) ?? CLILanguage.text("cli-exam.no-answer")
            text += "   " + CLILanguage.text("cli-exam.your-answer", ["answer": .text(given)]) + "\n"
            if question.kind == .essay, outcome.correct == nil { text += "   " + CLILanguage.text("cli-exam.not-graded") + "\n" }
            if let correct = outcome.correct {
                let points = outcome.points ?? 0
                let verdict = Verdict.sentence(correct: correct, points: points)
                text +=
                    "   "
                    + CLILanguage.text(
                        "cli-exam.outcome",
                        ["verdict": .message(verdict), "points": .text(Points.text(points)), "max": .integer(question.points)])
                text += "\n"
            }
            if outcome.correct != true, let answer = outcome.rightAnswer {
                text +=
                    "   "
                    + CLILanguage.text("cli-exam.right-answer", ["answer": .text(PracticeText.rightAnswer(answer, question: question))])
                text += "\n"
            }
            if let feedback = outcome.feedback { text += "   \(feedback)\n" }
        }
        return text
    }
}
