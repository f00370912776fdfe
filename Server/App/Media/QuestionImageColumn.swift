import ExamPrepExams
import ExamPrepRules
import ExamPrepShared

/// A question's pictures as `questions.images` keeps them (JSON): the prompt's, and each
/// choice's by its key; NULL when there are none.
struct QuestionImageColumn: Codable, Equatable {
    var question: QuestionImage?
    var choices: [String: QuestionImage]?

    /// The column's text for a question about to be written; nil without pictures.
    static func encode(_ question: ValidQuestion) throws -> String? {
        var choices: [String: QuestionImage] = [:]
        for choice in question.choices { choices[choice.key] = choice.image }
        guard question.image != nil || !choices.isEmpty else { return nil }
        return try JSONColumn.encode(QuestionImageColumn(question: question.image, choices: choices.isEmpty ? nil : choices))
    }

    /// Puts the column's pictures (`text` nil: none) on the question read and its choices.
    static func apply(_ text: String?, to question: inout StoredQuestion) throws {
        guard let text else { return }
        let column = try JSONColumn.decode(QuestionImageColumn.self, from: text)
        question.image = column.question
        for index in question.choices.indices {
            question.choices[index].image = column.choices?[question.choices[index].key]
        }
    }

    /// Refuses a question whose pictures are not all its course's (400).
    static func checkCourse(_ question: ValidQuestion, courseID: Int, in transaction: Transaction) async throws {
        let ids = Set([question.image?.mediaId].compactMap { $0 } + question.choices.compactMap { $0.image?.mediaId })
        guard !ids.isEmpty else { return }
        let foreign = try await MediaRepository.foreign(ids, courseID: courseID, in: transaction)
        if let first = foreign.min() { throw InvalidInput("media.not-of-the-course", ["media": .integer(first)]) }
    }
}

extension QuestionDraft {
    /// Keeps `question`'s pictures in this draft of it written as GIFT (which cannot carry
    /// them): the prompt's, and each choice's that still has its key.
    mutating func keepPictures(of question: Question) {
        image = image ?? question.image
        let before = Dictionary((question.choices ?? []).map { ($0.id, $0.image) }, uniquingKeysWith: { first, _ in first })
        choices = choices?.map { choice in
            var choice = choice
            choice.image = choice.image ?? before[choice.id] ?? nil
            return choice
        }
    }
}
