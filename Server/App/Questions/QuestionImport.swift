import ExamPrepInterchange
import ExamPrepShared
import Foundation

/// Reads an imported file: parses it (GIFT or Aiken), maps each question to the API's shape
/// and checks it by the rules of any question. What cannot be imported is reported with its
/// line, its name and why, never guessed at.
enum QuestionImport {
    struct Read: Sendable {
        var questions: [ValidQuestion]
        var skipped: [SkippedQuestion]
    }

    /// The most questions one file may bring.
    static let maxQuestions = 1000

    static func read(_ text: String, format: InterchangeFormat) -> Read {
        let parsed = format == .aiken ? AikenParser.parse(text) : GIFTParser.parse(text)
        var read = Read(
            questions: [], skipped: parsed.skipped.map { SkippedQuestion(line: $0.line, name: $0.name, reason: $0.reason) })
        for question in parsed.questions {
            guard read.questions.count < maxQuestions else {
                read.skipped.append(
                    SkippedQuestion(line: question.line, name: question.name, reason: "The file holds more than \(maxQuestions) questions.")
                )
                continue
            }
            do {
                read.questions.append(try QuestionValidation.validate(InterchangeMapping.draft(question), field: "question"))
            } catch let invalid as InvalidInput {
                read.skipped.append(SkippedQuestion(line: question.line, name: question.name, reason: invalid.message))
            } catch {
                read.skipped.append(SkippedQuestion(line: question.line, name: question.name, reason: "It could not be read."))
            }
        }
        read.skipped.sort { $0.line < $1.line }
        return read
    }
}
