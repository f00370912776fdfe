import ExamPrepInterchange
import ExamPrepRules
import ExamPrepShared
import Foundation

/// Reads an imported file: parses it (GIFT, Aiken or Moodle XML), maps each question to the
/// API's shape and checks it by the rules of any question. What cannot be imported is reported
/// with its line, its name and why, never guessed at: the first 100 by line, and how many in
/// all; what was left out of an imported question (HTML not kept) likewise. A Moodle XML
/// document the safe reader refuses (a DOCTYPE, an unknown entity, broken XML) is a 400.
enum QuestionImport {
    struct Read: Sendable {
        var questions: [ValidQuestion]
        /// The first `GIFTParseResult.listedSkips` questions not imported, by line, each with why.
        var skips: [GIFTParseResult.Skipped]
        /// How many were not imported in all.
        var skippedCount: Int
        /// The first `GIFTParseResult.listedSkips` questions imported with something left out.
        var notes: [GIFTParseResult.Skipped] = []
        /// Each question's pictures, checked, in the order of `questions`.
        var pictures: [ImportPictures] = []

        /// How many pictures the questions bring.
        var pictureCount: Int { pictures.reduce(0) { $0 + $1.pictures.count } }

        /// The parser's first skips and the mapping's, merged by line; the first of them listed.
        mutating func sortReports() {
            skips = Array(skips.sorted { $0.line < $1.line }.prefix(GIFTParseResult.listedSkips))
            notes.sort { $0.line < $1.line }
        }

        /// Reports a question that was not imported (listed while fewer than twice
        /// `GIFTParseResult.listedSkips` are; sorted and cut when the reading ends).
        mutating func skip(line: Int, name: String?, _ reason: Message) {
            if skips.count < 2 * GIFTParseResult.listedSkips { skips.append(.init(line: line, name: name, message: reason)) }
            skippedCount += 1
        }

        /// The questions not imported as the import report lists them, each reason said by `catalogue`.
        func skipped(in catalogue: Catalogue) -> [SkippedQuestion] {
            skips.map { SkippedQuestion(line: $0.line, name: $0.name, reason: catalogue.string($0.message)) }
        }

        /// What was left out of imported questions, each said by `catalogue`.
        func leftOut(in catalogue: Catalogue) -> [SkippedQuestion] {
            notes.map { SkippedQuestion(line: $0.line, name: $0.name, reason: catalogue.string($0.message)) }
        }
    }

    /// The most questions one file may bring.
    static let maxQuestions = 1000

    static func read(_ text: String, format: InterchangeFormat) throws -> Read {
        let parsed: InterchangeParseResult
        switch format {
        case .gift: parsed = GIFTParser.parse(text)
        case .aiken: parsed = AikenParser.parse(text)
        case .moodlexml:
            do { parsed = try MoodleXMLParser.parse(text) } catch { throw InvalidInput(error.message) }
        }
        var read = Read(questions: [], skips: parsed.skipped, skippedCount: parsed.skippedCount, notes: parsed.notes)
        func skip(_ question: InterchangeQuestion, _ reason: Message) { read.skip(line: question.line, name: question.name, reason) }
        for question in parsed.questions {
            guard read.questions.count < maxQuestions else {
                skip(question, Message("gift.too-many", ["count": .integer(maxQuestions)]))
                continue
            }
            do {
                let (draft, leftOut) = question.draftReadingHTML
                let valid = try QuestionValidation.validate(draft, field: "question")
                read.pictures.append(try ImportPictures.checked(question))
                read.questions.append(valid)
                for message in leftOut where read.notes.count < GIFTParseResult.listedSkips {
                    read.notes.append(.init(line: question.line, name: question.name, message: message))
                }
            } catch let invalid as InvalidInput {
                skip(question, invalid.message)
            } catch {
                skip(question, Message("gift.unreadable"))
            }
        }
        read.sortReports()
        return read
    }
}
