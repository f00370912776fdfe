import ExamPrepInterchange
import ExamPrepShared
import Foundation

/// What the import page (`teach-import.mustache`) says beyond the questions to import: for each
/// question, what was left out of it and why (by its number on the page and its title), and
/// the pictures the file brings, checked now and stored with the questions.
struct ImportReportView: Sendable {
    /// One thing left out of a question that will be imported.
    struct LeftOut: Sendable {
        /// The question's number in the list below ("line 12" for one not listed).
        var number: String
        var title: String
        var what: String
    }

    var leftOut: [LeftOut]
    var hasLeftOut: Bool
    /// "The file brings 3 pictures: …"; nil without pictures.
    var pictures: String?

    init(read: QuestionImport.Read, titles: [String], catalogue: Catalogue) {
        let numbers = Dictionary(read.pictures.enumerated().map { ($1.line, $0) }, uniquingKeysWith: { first, _ in first })
        leftOut = read.notes.compactMap { note in
            guard let index = numbers[note.line] else { return nil }
            return LeftOut(
                number: "\(index + 1)", title: titles.indices.contains(index) ? titles[index] : (note.name ?? ""),
                what: catalogue.string(note.message))
        }
        hasLeftOut = !leftOut.isEmpty
        let count = read.pictureCount
        pictures = count == 0 ? nil : catalogue.string(Message("interchange.import.pictures", ["count": .integer(count)]))
    }
}
