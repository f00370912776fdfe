import ExamPrepInterchange
import ExamPrepShared
import Foundation

/// Reads an imported file: parses it (GIFT or Aiken), maps each question to the API's shape
/// and checks it by the rules of any question. What cannot be imported is reported with its
/// line, its name and why, never guessed at: the first 100 by line, and how many in all.
enum QuestionImport {
    struct Read: Sendable {
        var questions: [ValidQuestion]
        /// The first `GIFTParseResult.listedSkips` questions not imported, by line, each with why.
        var skips: [GIFTParseResult.Skipped]
        /// How many were not imported in all.
        var skippedCount: Int

        /// The questions not imported as the import report lists them, each reason said by `catalogue`.
        func skipped(in catalogue: Catalogue) -> [SkippedQuestion] {
            skips.map { SkippedQuestion(line: $0.line, name: $0.name, reason: catalogue.string($0.message)) }
        }
    }

    /// The most questions one file may bring.
    static let maxQuestions = 1000

    static func read(_ text: String, format: InterchangeFormat) -> Read {
        let parsed = format == .aiken ? AikenParser.parse(text) : GIFTParser.parse(text)
        var read = Read(questions: [], skips: parsed.skipped, skippedCount: parsed.skippedCount)
        func skip(_ question: InterchangeQuestion, _ reason: Message) {
            if read.skips.count < 2 * GIFTParseResult.listedSkips {
                read.skips.append(.init(line: question.line, name: question.name, message: reason))
            }
            read.skippedCount += 1
        }
        for question in parsed.questions {
            guard read.questions.count < maxQuestions else {
                skip(question, Message("gift.too-many", ["count": .integer(maxQuestions)]))
                continue
            }
            do {
                read.questions.append(try QuestionValidation.validate(InterchangeMapping.draft(question), field: "question"))
            } catch let invalid as InvalidInput {
                skip(question, invalid.message)
            } catch {
                skip(question, Message("gift.unreadable"))
            }
        }
        // The parser's first skips and the mapping's, merged by line; the first of them listed.
        read.skips = Array(read.skips.sorted { $0.line < $1.line }.prefix(GIFTParseResult.listedSkips))
        return read
    }
}
