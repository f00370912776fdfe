import ExamPrepInterchange
import ExamPrepShared
import Foundation
import Testing

@testable import ExamPrepServer

/// A teacher's question bank pages drawn with their models as `TeachQuestionPageController`
/// and `TeachBankPageController` make them: one question, and an upload's check.
extension TemplateRenderTests {
    @Test(
        "a bank question's page draws its facts, its preview, its GIFT, the picture form and the regrade's changes, in English and in Polish"
    )
    func teachQuestionPage() throws {
        let picture = QuestionImage(mediaId: 5, alt: Self.hostile)
        let question = Question(
            id: 21, kind: .singleChoice, prompt: "Capital \(Self.hostile)", points: 2,
            choices: [Choice(id: "a", text: "Warsaw \(Self.hostile)", image: picture), Choice(id: "b", text: "Kraków")], answer: .text("a"),
            name: "Capital", topic: "Geography/\(Self.hostile)", tags: ["europe"], version: 3, practice: true, image: picture)
        let stored = try TeachQuestionPage.stored(question)
        let gift = TeachQuestionPage.gift(stored)
        // A matching question's names (`options`, `selectID`) are the attempt page's test's.
        try Self.draw(
            "teach-question", role: .faculty,
            shows: [
                .value("Capital"), .value("Geography/\(Self.hostile)"), .value("europe"), .sentence("bank.facts.open"),
                .html("data-kind=\"single\""), .html("<img"), .value("Warsaw \(Self.hostile)"), .html("action=\"/teach/questions/21\""),
                .html(">\(HTMLEscaping.escape(gift))</textarea>"), .html("name=\"mediaId\" value=\"5\""),
                .html("action=\"/teach/questions/21/picture\""), .value("picture \(Self.hostile)"), .html("href=\"/teach/attempts/40\""),
                .value("Żółć \(Self.hostile)"), .html("name=\"mode\" value=\"full_credit\""), .sentence("bank.no-change"),
                .sentence("bank.changed-preview"), .sentence("bank.preview"), .value("error \(Self.hostile)"),
            ],
            absent: ["options", "selectID"]
        ) { catalogue in
            var checked = TeachQuestionPage(
                question: question, shown: stored, gift: gift, changed: true, catalogue: catalogue, pictures: Self.pictures)
            checked.changes = [TeachQuestionPage.Change(attemptID: 40, student: "Żółć \(Self.hostile)", before: "0", after: "2")]
            (checked.checked, checked.hasChanges, checked.mode) = (true, true, "full_credit")
            (checked.pictureMediaID, checked.pictureAlt, checked.pictureError) = (5, Self.hostile, "picture \(Self.hostile)")
            (checked.notice, checked.error) = (Self.hostile, "error \(Self.hostile)")
            var unchanged = TeachQuestionPage(question: question, shown: stored, gift: gift, changed: false, catalogue: catalogue)
            unchanged.checked = true
            return [checked, unchanged]
        }
    }

    @Test("an upload's check lists the questions to import, those left out and why, and its import form, in English and in Polish")
    func teachImportPage() throws {
        let gift = """
            ::Capital \(Self.hostile)::Which is the capital of Poland? {=Warsaw ~Kraków}

            ::Broken:: How many? {#many}

            """
        let read = try QuestionImport.read(gift, format: .gift)
        try #require(read.questions.count == 1 && read.skippedCount == 1, "one question read and one left out: \(read)")
        try Self.draw(
            "teach-import", role: .faculty,
            shows: [
                .sentence("bank.import.heading"), .value(Self.course.name), .html("action=\"/teach/courses/3/questions/import\""),
                .html("name=\"format\" value=\"gift\""), .html("name=\"practice\" value=\"true\""),
                .html("name=\"text\" value=\"::Capital \(HTMLEscaping.escape(Self.hostile))::"), .value("Capital \(Self.hostile)"),
                .html("<td>Broken</td>"), .html("href=\"/teach/courses/3/questions\""),
                .sentence("bank.import.left-out"),
            ],
            // What was left out of a question imported (a part GIFT cannot keep) is the bank
            // pages' tests' (`ImportReportView`).
            absent: ["what"]
        ) { catalogue in
            [
                TeachImportPage(
                    courseID: 3, courseName: Self.course.name, text: gift, format: .gift, practice: true, read: read, catalogue: catalogue)
            ]
        }
    }
}
