import ExamPrepShared
import Foundation

/// An entry's detail in the attempt's log (`attempt_events.detail`), read back from the forms
/// the server stores it in, so the page can say it in the reader's language: "question 17"
/// (a flag; 17 is the question's id), "3 answers, sequence 1795933674709" (a save; the
/// sequence is the student's device's counter, which tells a teacher nothing and is left out),
/// "+10 min" (an extension), and "4 saves within a minute; the last: …" (saves merged by
/// `FacultyAttemptRepository.events`). Any other text is shown as it was stored.
enum AttemptLogDetail: Equatable {
    case question(id: Int)
    case answers(count: Int)
    case extended(minutes: Int)
    indirect case repeated(saves: Int, last: AttemptLogDetail)
    case stored(String)

    static let repeatedMarker = " saves within a minute; the last: "

    /// The stored text's parts, or `.stored` when it has no form this knows.
    init(_ text: String) {
        if let marker = text.range(of: Self.repeatedMarker), let saves = Self.number(text[..<marker.lowerBound]) {
            self = .repeated(saves: saves, last: AttemptLogDetail(String(text[marker.upperBound...])))
        } else if text.hasPrefix("question "), let id = Self.number(text.dropFirst("question ".count)) {
            self = .question(id: id)
        } else if text.hasPrefix("+"), text.hasSuffix(" min"), let minutes = Self.number(text.dropFirst().dropLast(" min".count)) {
            self = .extended(minutes: minutes)
        } else if let count = Self.answerCount(text) {
            self = .answers(count: count)
        } else {
            self = .stored(text)
        }
    }

    /// "1 answer", "3 answers", either followed by ", sequence N".
    private static func answerCount(_ text: String) -> Int? {
        let saved = text.split(separator: ",", maxSplits: 1).first.map(String.init) ?? text
        if saved != text {
            let rest = text.dropFirst(saved.count)
            guard rest.hasPrefix(", sequence "), number(rest.dropFirst(", sequence ".count)) != nil else { return nil }
        }
        let words = saved.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 2, words[1] == "answer" || words[1] == "answers" else { return nil }
        return number(words[0])
    }

    /// Digits only (ASCII), as the server writes them.
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// The detail in the reader's language; `numbers` gives each of the attempt's questions its
    /// number as the student saw it (1 for the first of its order).
    func text(_ catalogue: Catalogue, numbers: [Int: Int]) -> String {
        switch self {
        case .question(let id):
            guard let number = numbers[id] else { return catalogue.string(Message("attempt-log.question-gone")) }
            return catalogue.string(Message("attempt-log.question", ["number": .integer(number)]))
        case .answers(let count):
            return catalogue.string(Message("attempt-log.answers", ["count": .integer(count)]))
        case .extended(let minutes):
            return catalogue.string(Message("attempt-log.extended", ["count": .integer(minutes)]))
        case .repeated(let saves, let last):
            return catalogue.string(
                Message("attempt-log.repeated", ["count": .integer(saves), "last": .text(last.text(catalogue, numbers: numbers))]))
        case .stored(let text):
            return text
        }
    }
}
