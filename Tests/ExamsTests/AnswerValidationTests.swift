import ExamPrepExams
import ExamPrepShared
import Foundation
import Testing

/// The rules of a student's answers before they are saved: each names a question of the
/// exam once, has the one field its kind asks for, and fits it. Each refusal names the
/// field it is about.
@Suite("Exams: answers before they are saved")
struct AnswerValidationTests {
    static let single = Questions.make(1, .singleChoice, choices: [Questions.choice("a", correct: true), Questions.choice("b")])
    static let multiple = Questions.make(
        2, .multipleChoice, choices: [Questions.choice("a", correct: true), Questions.choice("b", correct: true), Questions.choice("c")])
    static let short = Questions.make(3, .shortAnswer)
    static let essay = Questions.make(4, .essay)
    static let numerical = Questions.make(5, .numerical)
    static let matching = Questions.make(
        6, .matching,
        key: AnswerKey(
            items: [Choice(id: "i1", text: "Item"), Choice(id: "i2", text: "Other")],
            options: [Choice(id: "o1", text: "Option"), Choice(id: "o2", text: "Another")]))
    static let description = Questions.make(7, .description)
    static let trueFalse = Questions.make(8, .trueFalse, correctValue: true)
    static let exam = [single, multiple, short, essay, numerical, matching, description, trueFalse]

    /// Quotes, a backslash, braces and commas, each also followed by a combining mark: Swift
    /// sees `"` + U+0301 as one character that is not a quote, anything reading scalars sees
    /// the quote.
    static let breakers: [String] = ["\"", "\\", "{", "}", ",", "'", "$1", "NULL"].flatMap { breaker in
        [breaker + "\u{0301}", "a" + breaker + "\u{0301}b", "\u{0301}" + breaker, breaker]
    }

    /// The refusal's key and the field it names ("key at field"), or nil when the answers pass.
    func refusal(_ answers: [AnswerInput], questions: [StoredQuestion] = Self.exam) -> String? {
        do {
            _ = try AnswerValidation.validate(answers, questions: questions)
            return nil
        } catch {
            return error.message.key + " at " + (error.message.values["field"].flatMap(Self.text) ?? "")
        }
    }

    static func text(_ value: MessageValue) -> String? {
        if case .text(let text) = value { return text }
        return nil
    }

    @Test func answersOfTheRightShapePassAsTheyAre() throws {
        let answers = [
            AnswerInput(questionId: 1, choiceIds: ["a"], sequence: 3),
            AnswerInput(questionId: 2, choiceIds: ["a", "c"]),
            AnswerInput(questionId: 3, text: "Paris"),
            AnswerInput(questionId: 4, text: "A long thought."),
            AnswerInput(questionId: 5, number: 2.5),
            AnswerInput(questionId: 6, matches: ["i1": "o2", "i2": "o2"]),
            AnswerInput(questionId: 8, value: false),
            // An empty answer clears its question, the description's too.
            AnswerInput(questionId: 7),
        ]
        #expect(try AnswerValidation.validate(answers, questions: Self.exam) == answers)
        #expect(try AnswerValidation.validate([], questions: Self.exam).isEmpty)
    }

    @Test func eachAnswerNamesAQuestionOfTheExamOnce() {
        #expect(refusal([AnswerInput(questionId: 99, text: "x")]) == "validation-question.not-in-exam at answers[0].questionId")
        let twice = [AnswerInput(questionId: 3, text: "x"), AnswerInput(questionId: 3, text: "y")]
        #expect(refusal(twice) == "validation-question.answered-twice at answers[1]")
        let tooMany = (0...AnswerValidation.maxAnswers).map { AnswerInput(questionId: $0) }
        #expect(refusal(tooMany)?.hasPrefix("validation-question.too-many-answers ") == true)
        #expect(
            refusal(Array(tooMany.prefix(AnswerValidation.maxAnswers)), questions: tooMany.map { Questions.make($0.questionId, .essay) })
                == nil)
    }

    @Test func anAnswerSendsOneFieldTheOneItsKindAsksFor() {
        #expect(refusal([AnswerInput(questionId: 3, text: "x", number: 1)]) == "validation-question.send-only at answers[0]")
        #expect(refusal([AnswerInput(questionId: 3, number: 1)]) == "validation-question.send at answers[0]")
        #expect(refusal([AnswerInput(questionId: 1, value: true)]) == "validation-question.send at answers[0]")
        #expect(refusal([AnswerInput(questionId: 8, choiceIds: ["a"])]) == "validation-question.send at answers[0]")
        #expect(refusal([AnswerInput(questionId: 6, text: "i1")]) == "validation-question.send at answers[0]")
        #expect(refusal([AnswerInput(questionId: 7, text: "x")]) == "validation-question.description-takes-no-answer at answers[0]")
        #expect(refusal([AnswerInput(questionId: 3, text: "x", sequence: -1)]) == "validation.zero-or-more at answers[0].sequence")
    }

    @Test func choicesAreTheQuestionsOwnEachOnce() {
        #expect(
            refusal([AnswerInput(questionId: 1, choiceIds: ["a", "b"])]) == "validation-question.one-choice-only at answers[0].choiceIds")
        #expect(refusal([AnswerInput(questionId: 2, choiceIds: ["a", "a"])]) == "validation-question.choice-twice at answers[0].choiceIds")
        #expect(
            refusal([AnswerInput(questionId: 2, choiceIds: ["a", "d"])]) == "validation-question.not-a-choice-of at answers[0].choiceIds")
        #expect(refusal([AnswerInput(questionId: 2, choiceIds: [])]) == nil)
    }

    @Test func aMatchingAnswerPairsTheQuestionsItemsWithItsOptions() {
        #expect(refusal([AnswerInput(questionId: 6, matches: ["i3": "o1"])]) == "validation-question.not-an-item at answers[0].matches")
        #expect(refusal([AnswerInput(questionId: 6, matches: ["i1": "o3"])]) == "validation-question.not-an-option at answers[0].matches")
    }

    @Test func textsHaveTheirLengthsAndNoNULAndNumbersAreFinite() {
        let longest = String(repeating: "x", count: AnswerValidation.maxTextLength)
        #expect(refusal([AnswerInput(questionId: 3, text: longest)]) == nil)
        #expect(refusal([AnswerInput(questionId: 3, text: longest + "x")]) == "validation.at-most-characters at answers[0].text")
        // A short answer is counted in scalars (as stored), an essay in characters (as read).
        let marked = String(repeating: "e\u{0301}", count: AnswerValidation.maxTextLength / 2 + 1)
        #expect(refusal([AnswerInput(questionId: 3, text: marked)])?.hasPrefix("validation.at-most-characters ") == true)
        let essay = String(repeating: "e\u{0301}", count: AnswerValidation.maxEssayLength)
        #expect(refusal([AnswerInput(questionId: 4, text: essay)]) == nil)
        #expect(refusal([AnswerInput(questionId: 4, text: essay + "x")]) == "validation-question.essay-too-long at answers[0].text")
        #expect(refusal([AnswerInput(questionId: 3, text: "a\0b")]) == "validation.text-nul at answers[0].text")
        #expect(refusal([AnswerInput(questionId: 4, text: "\0")]) == "validation.text-nul at answers[0].text")
        for number in [Double.nan, .infinity, -.infinity] {
            #expect(refusal([AnswerInput(questionId: 5, number: number)]) == "validation.finite at answers[0].number")
        }
    }

    @Test func quotesAndCombiningMarksAreTextLikeAnyOther() throws {
        for text in Self.breakers {
            let answers = [AnswerInput(questionId: 3, text: text), AnswerInput(questionId: 4, text: text)]
            #expect(try AnswerValidation.validate(answers, questions: Self.exam) == answers)
        }
    }

    @Test func aChoiceOrMatchWithAMarkIsNotTheOneWithout() throws {
        let marked = Questions.make(
            9, .multipleChoice, choices: [Questions.choice("\""), Questions.choice("\"\u{0301}", correct: true), Questions.choice("a,b")])
        for id in ["\"", "\"\u{0301}", "a,b"] {
            #expect(refusal([AnswerInput(questionId: 9, choiceIds: [id])], questions: [marked]) == nil)
        }
        for id in Self.breakers where !["\"", "\"\u{0301}"].contains(id) {
            let refused = refusal([AnswerInput(questionId: 9, choiceIds: [id])], questions: [marked])
            #expect(refused?.hasPrefix("validation-question.not-a-choice-of ") == true, "\(id.unicodeScalars.map(\.value))")
        }
        #expect(refusal([AnswerInput(questionId: 6, matches: ["i1\u{0301}": "o1"])])?.hasPrefix("validation-question.not-an-item ") == true)
        #expect(refusal([AnswerInput(questionId: 6, matches: ["i1": "o1\""])])?.hasPrefix("validation-question.not-an-option ") == true)
    }
}
