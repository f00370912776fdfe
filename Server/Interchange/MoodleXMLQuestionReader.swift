import ExamPrepShared
import Foundation

/// Reads one `<question>` element of Moodle XML: its name, texts (HTML read as plain text),
/// points, tags and answers by type. What it leaves out is gathered in ``notes``; what makes
/// the question unreadable is thrown as a ``MoodleXMLSkip``.
struct MoodleXMLQuestionReader {
    let element: XMLElementNode
    /// Sentences saying what was left out of this question, each once.
    private(set) var notes: [Message] = []

    init(element: XMLElementNode) {
        self.element = element
    }

    /// `<name><text>…</text></name>`, trimmed; nil when empty.
    var name: String? {
        let name = (element.textOf("name") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : name
    }

    mutating func question(type: String) throws(MoodleXMLSkip) -> InterchangeQuestion {
        let text = readText(element.child("questiontext"), slot: .prompt)
        var question = InterchangeQuestion(
            name: name, tags: tags, text: text, generalFeedback: nonEmpty(readText(element.child("generalfeedback"))),
            kind: try kind(type), points: try points(), line: element.line)
        switch element.child("questiontext")?.attributes["format"] {
        case "plain_text": question.textFormat = .plain
        case "markdown": question.textFormat = .markdown
        default: question.textFormat = .moodle  // HTML is read as plain text
        }
        if type == "essay" { question.graderInfo = nonEmpty(readText(element.child("graderinfo"))) }
        try pictures.attach(to: &question, files: MoodleXMLPictures.files(in: element), oldStyle: element)
        for message in pictures.notes { note(message) }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || type == "description" else {
            throw MoodleXMLSkip("gift.text-empty")
        }
        return question
    }

    private mutating func kind(_ type: String) throws(MoodleXMLSkip) -> InterchangeQuestion.Kind {
        switch type {
        case "multichoice":
            let choices = try answers(choices: true).map {
                InterchangeQuestion.Choice(text: $0.text, weight: $0.weight, feedback: $0.feedback)
            }
            let single = ["true", "1"].contains((element.textOf("single") ?? "true").trimmingCharacters(in: .whitespaces).lowercased())
            return single ? .singleChoice(choices: choices) : .multipleChoice(choices: choices)
        case "truefalse":
            let answers = try answers()
            guard let truth = answers.first(where: { $0.text.lowercased() == "true" }),
                let falsehood = answers.first(where: { $0.text.lowercased() == "false" })
            else { throw MoodleXMLSkip("moodle-xml.true-false-answers") }
            let answer = truth.weight >= falsehood.weight
            return .trueFalse(
                answer: answer, feedbackWhenWrong: answer ? falsehood.feedback : truth.feedback,
                feedbackWhenRight: answer ? truth.feedback : falsehood.feedback)
        case "shortanswer":
            return .shortAnswer(answers: try answers().map { .init(text: $0.text, weight: $0.weight, feedback: $0.feedback) })
        case "numerical":
            return try numerical()
        case "match":
            return try matching()
        case "essay":
            return .essay
        default:
            return .description
        }
    }

    /// `<answer fraction="…">` elements: text, weight and feedback each.
    /// With `choices`, each answer's pictures are the choice's.
    private mutating func answers(choices: Bool = false) throws(MoodleXMLSkip)
        -> [(text: String, weight: Double, feedback: String?, element: XMLElementNode)]
    {
        var read: [(String, Double, String?, XMLElementNode)] = []
        for (offset, answer) in element.children("answer").enumerated() {
            let raw = (answer.attributes["fraction"] ?? "0").trimmingCharacters(in: .whitespaces)
            guard let weight = Double(raw), weight.isFinite, weight >= -100, weight <= 100 else {
                throw MoodleXMLSkip(
                    "gift.weight-out-of-range",
                    ["what": .message(Message("gift.answer", ["number": .integer(offset + 1)])), "weight": .text(raw)])
            }
            let text = readText(answer, slot: choices ? .choice(offset) : .elsewhere)
            read.append((text, (weight * 100_000).rounded() / 100_000, nonEmpty(readText(answer.child("feedback"))), answer))
        }
        return read
    }

    private mutating func numerical() throws(MoodleXMLSkip) -> InterchangeQuestion.Kind {
        var answers: [InterchangeQuestion.NumericalAnswer] = []
        var otherwise: String?
        for (offset, answer) in try self.answers().enumerated() {
            let what = Message("gift.answer", ["number": .integer(offset + 1)])
            if answer.text == "*" {
                otherwise = answer.feedback
                continue
            }
            guard let value = Self.number(answer.text) else {
                throw MoodleXMLSkip("gift.not-a-number", ["what": .message(what), "text": .text(answer.text)])
            }
            let toleranceText = answer.element.child("tolerance")?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? "0"
            guard let tolerance = Self.number(toleranceText.isEmpty ? "0" : toleranceText) else {
                throw MoodleXMLSkip("gift.not-a-number", ["what": .message(what), "text": .text(toleranceText)])
            }
            guard tolerance >= 0 else {
                throw MoodleXMLSkip("gift.tolerance-negative", ["what": .message(what), "value": .text(toleranceText)])
            }
            answers.append(.exact(value, tolerance: tolerance == 0 ? nil : tolerance, weight: answer.weight, feedback: answer.feedback))
        }
        return .numerical(answers: answers, otherwiseFeedback: otherwise)
    }

    private mutating func matching() throws(MoodleXMLSkip) -> InterchangeQuestion.Kind {
        var pairs: [InterchangeQuestion.MatchingPair] = []
        var distractors: [String] = []
        for sub in element.children("subquestion") {
            let item = readText(sub)
            let option = (sub.textOf("answer") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if item.isEmpty {
                if !option.isEmpty { distractors.append(option) }
            } else {
                pairs.append(.init(item: item, option: option))
            }
        }
        return .matching(pairs: pairs, distractors: distractors)
    }

    /// `<defaultgrade>` rounded to whole points; 1 when absent, 0 for a description.
    private func points() throws(MoodleXMLSkip) -> Int? {
        guard let raw = element.child("defaultgrade")?.text.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty else {
            return nil
        }
        guard let value = Double(raw), value.isFinite, value >= 0, value <= 1000 else {
            throw MoodleXMLSkip("moodle-xml.points", ["text": .text(String(raw.prefix(40)))])
        }
        return Int(value.rounded())
    }

    private var tags: [String] {
        (element.child("tags")?.children("tag") ?? []).compactMap {
            nonEmpty(($0.child("text")?.text ?? $0.text).trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    // MARK: - Text

    /// The `<text>` of `container` read by its `format`: HTML as plain text (noting what is
    /// left out), any other format as written. The pictures it shows are kept for `slot`.
    private mutating func readText(_ container: XMLElementNode?, slot: MoodleXMLPictures.Slot = .elsewhere) -> String {
        guard let container else { return "" }
        let raw = container.child("text")?.text ?? container.text
        let format = container.attributes["format"] ?? element.attributes["format"] ?? "html"
        guard format == "html" else { return raw }
        let reading = HTMLText.plain(raw)
        for message in reading.leftOut { note(message) }
        pictures.shown += reading.pictures.map { .init(picture: $0, slot: slot, files: container.children("file")) }
        return reading.text
    }

    /// The pictures the texts show, found among the question's files when it is read.
    private var pictures = MoodleXMLPictures()

    private mutating func note(_ message: Message) {
        if !notes.contains(message) { notes.append(message) }
    }

    /// A number as Moodle writes one (`.` or `,` before the decimals), finite.
    static func number(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: ",", with: ".")
        guard let value = Double(trimmed), value.isFinite else { return nil }
        return value
    }
}

private func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
