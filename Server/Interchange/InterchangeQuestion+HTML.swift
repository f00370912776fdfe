import ExamPrepShared
import Foundation

extension InterchangeQuestion {
    /// The question with its HTML or Markdown texts read as plain text, when it is written in
    /// either (GIFT's `[html]`, `[markdown]`): the prompt, the general feedback, choices,
    /// matching items and every feedback become their plain reading (``HTMLText``,
    /// ``MarkdownText``) and the format becomes `moodle`; answers typed by students (short
    /// answers, numbers, matching options) stay as written. The sentences say what was left
    /// out, each once: a `@@PLUGINFILE@@` picture has no file to come from here.
    public func readingHTML() -> (question: InterchangeQuestion, leftOut: [Message]) {
        guard textFormat == .html || textFormat == .markdown else { return (self, []) }
        let markdown = textFormat == .markdown
        var leftOut: [Message] = []
        func plain(_ text: String) -> String {
            let reading = markdown ? MarkdownText.plain(text) : HTMLText.plain(text)
            for message in reading.leftOut where !leftOut.contains(message) { leftOut.append(message) }
            for picture in reading.pictures {
                let missing = Message("moodle-xml.file-missing", ["name": .text(picture.name)])
                if !leftOut.contains(missing) { leftOut.append(missing) }
            }
            return reading.text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        func plain(_ html: String?) -> String? { html.map { plain($0) } }
        var question = self
        question.textFormat = .moodle
        question.text = plain(text)
        question.generalFeedback = plain(generalFeedback)
        question.graderInfo = plain(graderInfo)
        func choices(_ choices: [Choice]) -> [Choice] {
            choices.map { Choice(text: plain($0.text), weight: $0.weight, feedback: plain($0.feedback), image: $0.image) }
        }
        switch kind {
        case .singleChoice(let list): question.kind = .singleChoice(choices: choices(list))
        case .multipleChoice(let list): question.kind = .multipleChoice(choices: choices(list))
        case .trueFalse(let answer, let wrong, let right):
            question.kind = .trueFalse(answer: answer, feedbackWhenWrong: plain(wrong), feedbackWhenRight: plain(right))
        case .shortAnswer(let answers):
            question.kind = .shortAnswer(
                answers: answers.map { TextAnswer(text: $0.text, weight: $0.weight, feedback: plain($0.feedback)) })
        case .numerical(let answers, let otherwise):
            var read = answers
            for index in read.indices { read[index].feedback = plain(read[index].feedback) }
            question.kind = .numerical(answers: read, otherwiseFeedback: plain(otherwise))
        case .matching(let pairs, let distractors):
            question.kind = .matching(pairs: pairs.map { MatchingPair(item: plain($0.item), option: $0.option) }, distractors: distractors)
        case .essay, .description: break
        }
        return (question, leftOut)
    }
}
