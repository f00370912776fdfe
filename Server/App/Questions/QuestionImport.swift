import ExamPrepInterchange
import ExamPrepShared
import Foundation

/// Reads an imported file: parses it (GIFT or Aiken), maps each question to the API's shape
/// and checks it by the rules of any question. What cannot be imported is reported with its
/// line, its name and why, never guessed at: the first 100 by line, and how many in all.
enum QuestionImport {
    struct Read: Sendable {
        var questions: [ValidQuestion]
        /// The first `GIFTParseResult.listedSkips` questions not imported, by line.
        var skipped: [SkippedQuestion]
        /// How many were not imported in all.
        var skippedCount: Int
    }

    /// The most questions one file may bring.
    static let maxQuestions = 1000

    static func read(_ text: String, format: InterchangeFormat) -> Read {
        let parsed = format == .aiken ? AikenParser.parse(text) : GIFTParser.parse(text)
        var read = Read(
            questions: [], skipped: parsed.skipped.map { SkippedQuestion(line: $0.line, name: $0.name, reason: $0.reason) },
            skippedCount: parsed.skippedCount)
        func skip(_ question: InterchangeQuestion, _ reason: String) {
            if read.skipped.count < 2 * GIFTParseResult.listedSkips {
                read.skipped.append(SkippedQuestion(line: question.line, name: question.name, reason: reason))
            }
            read.skippedCount += 1
        }
        for question in parsed.questions {
            guard read.questions.count < maxQuestions else {
                skip(question, "The file holds more than \(maxQuestions) questions.")
                continue
            }
            do {
                read.questions.append(try QuestionValidation.validate(InterchangeMapping.draft(question), field: "question"))
            } catch let invalid as InvalidInput {
                skip(question, invalid.message)
            } catch {
                skip(question, "It could not be read.")
            }
        }
        // The parser's first skips and the mapping's, merged by line; the first of them listed.
        read.skipped = Array(read.skipped.sorted { $0.line < $1.line }.prefix(GIFTParseResult.listedSkips))
        return read
    }
}
