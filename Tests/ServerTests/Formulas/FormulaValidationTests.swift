import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// A question whose formula the converter refuses is refused on save (400 `validation_failed`)
/// with the command, its character, which formula and which field; text around formulas, with
/// combining marks and quotes, is kept as it was written.
@Suite("Formulas: refused on save, named where they stand", .hangGuard)
struct FormulaValidationTests {
    static let bad = "\\(\\frac{1}{2}\\) and \\(x + \\foo\\)"

    /// A single-choice question with `text` in the field named by `place`.
    static func question(_ text: String, in place: String) -> QuestionDraft {
        let plain = "two"
        var question = QuestionDraft(
            kind: .singleChoice, prompt: place == "prompt" ? text : "Which is \\(\\frac{1}{2}\\)?", points: 1,
            choices: [
                Choice(id: "a", text: place == "choice" ? text : "\\(0.5\\)", feedback: place == "choiceFeedback" ? text : nil),
                Choice(id: "b", text: plain),
            ], answer: .text("a"))
        if place == "generalFeedback" { question.generalFeedback = text }
        if place == "feedbackWhenRight" { question.feedbackWhenRight = text }
        if place == "feedbackWhenWrong" { question.feedbackWhenWrong = text }
        return question
    }

    /// A matching question with `text` as its first item or option.
    static func matching(_ text: String, item: Bool) -> QuestionDraft {
        QuestionDraft(
            kind: .matching, prompt: "Match.", points: 1,
            items: [Choice(id: "i1", text: item ? text : "\\(x^2\\)"), Choice(id: "i2", text: "y")],
            options: [Choice(id: "o1", text: item ? "\\(\\sqrt{x}\\)" : text), Choice(id: "o2", text: "z")],
            answer: .matches(["i1": "o1", "i2": "o2"]))
    }

    @Test func everyTextFieldRefusesAnUnknownCommandNamingItsPlace() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let path = APIPaths.courseQuestions(try #require(course.id))
            let places = [
                ("prompt", "prompt"), ("choice", "choices[0].text"), ("choiceFeedback", "choices[0].feedback"),
                ("generalFeedback", "generalFeedback"), ("feedbackWhenRight", "feedbackWhenRight"),
                ("feedbackWhenWrong", "feedbackWhenWrong"),
            ]
            for (place, field) in places {
                let reply = try await server.post(path, json: Self.question(Self.bad, in: place), token: faculty.token)
                    .expect(.badRequest)
                #expect(reply.error?.error == .validationFailed)
                #expect(reply.error?.message.hasPrefix("Unknown command \\foo at character 5 of formula 2 in ") == true, "\(reply.text)")
                #expect(reply.error?.message.hasSuffix("\(field).") == true, "\(reply.text)")
            }
            for item in [true, false] {
                let reply = try await server.post(path, json: Self.matching(Self.bad, item: item), token: faculty.token)
                    .expect(.badRequest)
                #expect(reply.error?.message.hasSuffix(item ? "items[0].text." : "options[0].text.") == true, "\(reply.text)")
            }
        }
    }

    @Test func refusalsReadInPolishAndNameEachFault() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let path = APIPaths.courseQuestions(try #require(course.id))
            let polish = try await server.send(
                .post, path, json: Self.question(Self.bad, in: "prompt"), token: faculty.token, headers: [.acceptLanguage: "pl"]
            ).expect(.badRequest)
            #expect(polish.error?.message.hasPrefix("Nieznane polecenie \\foo w znaku 5 wzoru 2 w polu „") == true, "\(polish.text)")
            let faults = [
                ("\\(\\frac{1}\\)", "\\frac lacks what it applies to, at character 1 of formula 1"),
                ("see \\(x", "Formula 1 in "), ("\\[{x\\]", "{ at character 1 of formula 1"),
                ("$$x^2^3$$", "^ is given twice"), ("\\(" + String(repeating: "{", count: 40) + "\\)", "nests more than 32 levels"),
                ("\\(" + String(repeating: "x", count: 2001) + "\\)", "longer than 2000 characters"),
                (String(repeating: "\\(x\\)", count: 201), "more than 200 formulas"),
            ]
            for (text, words) in faults {
                let reply = try await server.post(path, json: Self.question(text, in: "generalFeedback"), token: faculty.token)
                    .expect(.badRequest)
                #expect(reply.error?.message.contains(words) == true, "\(reply.text)")
            }
        }
    }

    @Test func combiningMarksAndQuotesAroundAndInsideFormulasNeverBreakASave() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let path = APIPaths.courseQuestions(try #require(course.id))
            for input in FuzzText.inputs {
                let around = "\\(x^2\\) \(input) \\[\\frac{1}{2}\\] a\(input)"
                for place in ["prompt", "choice", "choiceFeedback", "generalFeedback", "feedbackWhenRight"] {
                    let saved = try await server.post(path, json: Self.question(around, in: place), token: faculty.token)
                    #expect(saved.status == .created, "\(place) \(around): \(saved.text)")
                }
                let item = try await server.post(path, json: Self.matching(around, item: true), token: faculty.token)
                #expect(item.status == .created, "\(around): \(item.text)")
                let inside = try await server.post(path, json: Self.question("\\(x\(input)\\)", in: "prompt"), token: faculty.token)
                #expect(inside.status == .created || inside.error?.error == .validationFailed, "\(input): \(inside.text)")
            }
        }
    }
}
