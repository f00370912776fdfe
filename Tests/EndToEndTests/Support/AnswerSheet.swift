import ExamPrepShared

/// Answers to an attempt's questions found by how their prompts begin, with choices and
/// options named by their text (the attempt shuffles them; their ids stay).
struct AnswerSheet {
    let attempt: StudentAttempt

    init(_ attempt: StudentAttempt) { self.attempt = attempt }

    struct Entry {
        var prefix: String
        var answer: AnswerInput
    }

    func question(_ prefix: String) throws -> StudentQuestion {
        let found = attempt.questions.filter { $0.prompt.hasPrefix(prefix) }
        guard found.count == 1, let question = found.first else { throw SheetError("\(found.count) questions begin with \(prefix)") }
        return question
    }

    func number(_ prefix: String, _ number: Double) throws -> Entry {
        Entry(prefix: prefix, answer: AnswerInput(questionId: try question(prefix).id, number: number))
    }

    func value(_ prefix: String, _ value: Bool) throws -> Entry {
        Entry(prefix: prefix, answer: AnswerInput(questionId: try question(prefix).id, value: value))
    }

    func text(_ prefix: String, _ text: String) throws -> Entry {
        Entry(prefix: prefix, answer: AnswerInput(questionId: try question(prefix).id, text: text))
    }

    func choices(_ prefix: String, _ texts: [String]) throws -> Entry {
        let question = try question(prefix)
        let ids = try texts.map { text in
            guard let id = question.choices?.first(where: { $0.text == text })?.id else { throw SheetError("no choice \(text)") }
            return id
        }
        return Entry(prefix: prefix, answer: AnswerInput(questionId: question.id, choiceIds: ids))
    }

    func matches(_ prefix: String, _ pairs: [String: String]) throws -> Entry {
        let question = try question(prefix)
        var matches: [String: String] = [:]
        for (item, option) in pairs {
            guard let itemID = question.items?.first(where: { $0.text == item })?.id,
                let optionID = question.options?.first(where: { $0.text == option })?.id
            else { throw SheetError("no pair \(item) -> \(option)") }
            matches[itemID] = optionID
        }
        return Entry(prefix: prefix, answer: AnswerInput(questionId: question.id, matches: matches))
    }

    /// Each question's points in `result`, by its prompt's beginning as used here.
    func points(in result: AttemptResult) throws -> [String: Double] {
        var points: [String: Double] = [:]
        for question in attempt.questions {
            guard let graded = result.results?.first(where: { $0.questionId == question.id })?.points else { continue }
            let prefix = Self.prefixes.first { question.prompt.hasPrefix($0) } ?? question.prompt
            points[prefix] = graded
        }
        return points
    }

    static let prefixes = [
        "What is π", "Which of these", "A number", "2 × 2", "German", "Match", "What is the capital of France", "The capital of",
    ]
}

extension StudentQuestion {
    /// The ids this student sees for the choices with `texts` (aliases of the attempt or the
    /// practice session, never the author's ids).
    func choiceIDs(_ texts: String...) throws -> [String] {
        try texts.map { text in
            guard let id = choices?.first(where: { $0.text == text })?.id else { throw SheetError("no choice \(text)") }
            return id
        }
    }

    /// The ids this student sees for the choices its author named `authored` among `written`
    /// (the choices as the author wrote them), found by their texts.
    func choiceIDs(authored: [String], of written: [Choice]) throws -> [String] {
        try authored.map { id in
            guard let text = written.first(where: { $0.id == id })?.text else { throw SheetError("the author wrote no choice \(id)") }
            return try choiceIDs(text)[0]
        }
    }
}

struct SheetError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
