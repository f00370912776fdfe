import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Issue 67, item 4: the statistics page, its CSV and the API named a choice by its id (an
/// import's eight random letters: "yszerp2i: 2, 6wxx5tm8: 0") and showed a "Look at it" column
/// with nothing in it. Now a choice is "A. Paris" by its place and text, the column says why
/// in words and is not shown when nothing is flagged.
@Suite("Teach pages: statistics name options by letter and text", .hangGuard)
struct StatisticsOptionNamesTests {
    /// Ids as an import makes them: eight random letters and digits.
    static let capitalIDs = ["yszerp2i", "6wxx5tm8", "k3j9ab2c"]

    /// A capital question (Paris right, then Lyon and Nice), and one whose choices are the
    /// quote and combining-mark inputs.
    static let draft = ExamDraft(
        title: "Capitals", maxAttempts: 1, policy: ExamPolicy(review: ReviewOptions(afterSubmit: [.score])),
        questions: [
            QuestionDraft(
                kind: .singleChoice, prompt: "The capital of France?", points: 1,
                choices: zip(capitalIDs, ["Paris", "Lyon", "Nice"]).map { Choice(id: $0, text: $1) }, answer: .text(capitalIDs[0])),
            QuestionDraft(
                kind: .multipleChoice, prompt: "Pick the first", points: 1,
                choices: FuzzText.inputs.enumerated().map { Choice(id: "f\($0)", text: $1) }, answer: .texts(["f0"])),
        ])

    @Test("page, CSV and JSON show A. Paris and no attempt's alias; the Look column only with a flag, in words")
    func lettersAndTexts() async throws {
        try await TestServer.run { server in
            var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
            _ = try await TeachCoursePagesTests.createCourse(&browser, name: "Geography")
            let course = try #require(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first)
            let exam = try await server.publishedExam(Self.draft, courseID: course.id ?? 0, token: faculty.token)
            var aliases = Set<String>()
            // Five students: three choose Paris, two Lyon, nobody Nice; each picks the first fuzzed choice.
            for (index, capital) in ["Paris", "Lyon", "Paris", "Lyon", "Paris"].enumerated() {
                let student = try await server.signUp(uniqueEmail("student"), role: .student)
                try await server.enroll(course, token: student.token)
                let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
                for question in attempt.questions { aliases.formUnion((question.choices ?? []).map(\.id)) }
                let answers = attempt.questions.map { question in
                    AnswerInput(
                        questionId: question.id,
                        choiceIds: ExamFixtures.choiceIDs(question, [question.kind == .singleChoice ? capital : FuzzText.inputs[0]]))
                }
                try await server.post(
                    APIPaths.submitAttempt(attempt.attemptId), json: SaveAnswersRequest(answers: answers), token: student.token
                )
                .expect(.ok)
                if index == 0 {
                    // One attempt: nothing is flagged, so there is no "Look at it" column.
                    try await browser.get("/teach/exams/\(exam.id)/statistics").expect(.ok)
                    #expect(browser.page.contains("A. Paris: 1, B. Lyon: 0, C. Nice: 0"), "\(browser.page)")
                    #expect(!browser.page.contains("Look at it"))
                }
            }
            #expect(aliases.count == 3 * 5 + FuzzText.inputs.count * 5 && aliases.allSatisfy { $0.count == 10 })

            try await browser.get("/teach/exams/\(exam.id)/statistics").expect(.ok)
            let page = browser.page
            #expect(page.contains("A. Paris: 3, B. Lyon: 2, C. Nice: 0"), "\(page)")
            #expect(page.contains("Look at it") && page.contains("nobody chose option C. Nice: replace it"), "\(page)")
            let csv = try await browser.get("/teach/exams/\(exam.id)/statistics.csv").expect(.ok).text
            let apiCSV = try await server.send(.get, APIPaths.examStatistics(exam.id), token: faculty.token, headers: [.accept: "text/csv"])
                .expect(.ok).text
            #expect(csv == apiCSV)
            #expect(csv.contains("\"A. Paris=3;B. Lyon=2;C. Nice=0\",unchosenDistractor(C. Nice),"), "\(csv)")
            let json = try await server.get(APIPaths.examStatistics(exam.id), token: faculty.token).expect(.ok)
            let statistics = try json.decode(ExamStatistics.self)
            let capital = try #require(statistics.questions.first { $0.kind == .singleChoice }?.options)
            #expect(capital.map(\.letter) == ["A", "B", "C"] && capital.map(\.text) == ["Paris", "Lyon", "Nice"])
            #expect(capital.map(\.id) == Self.capitalIDs && capital.map(\.chosen) == [3, 2, 0])
            for alias in aliases {
                #expect(!page.contains(alias) && !csv.contains(alias) && !json.text.contains(alias), "alias \(alias) shown")
            }
            for id in Self.capitalIDs { #expect(!page.contains(id) && !csv.contains(id), "id \(id) shown") }

            // The fuzzed texts: each named by its letter, quotes doubled per scalar in the one quoted field.
            let fuzzed = try #require(statistics.questions.first { $0.kind == .multipleChoice }?.options)
            #expect(fuzzed.map(\.text) == FuzzText.inputs)
            let record = try #require(csv.components(separatedBy: "\r\n").first { $0.contains(",multiple_choice,") })
            let options = fuzzed.map { "\($0.name)=\($0.chosen)" }.joined(separator: ";")
            let doubled = Self.doubled(options)
            #expect(record.contains(",\"\(doubled)\","), "\(record.debugDescription)")
            #expect(fuzzed.first?.name == "A. " + FuzzText.inputs[0] && fuzzed.first?.chosen == 5)
        }
    }

    /// `text` with each quote doubled per Unicode scalar, as a CSV field quotes it.
    static func doubled(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\"" { scalars.append(scalar) }
            scalars.append(scalar)
        }
        return String(scalars)
    }
}
