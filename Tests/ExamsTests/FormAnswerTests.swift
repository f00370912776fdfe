import ExamPrepExams
import ExamPrepShared
import Testing

/// A question's form on a page without JavaScript, made into its answer: every kind, a choice
/// left as it was, a cleared multiple choice, the number field's forms (a decimal comma,
/// "1e3", no number), and texts with quotes and combining marks kept as sent.
@Suite("Exams: a question form's fields made into its answer")
struct FormAnswerTests {
    /// The fields of a form as sent: a name may come more than once (checkboxes).
    static func fields(_ sent: [(String, String)]) -> (String) -> [String] {
        { name in sent.filter { $0.0 == name }.map(\.1) }
    }

    static func answer(_ kind: QuestionKind, _ sent: [(String, String)], items: [Choice]? = nil) -> FormAnswer {
        FormAnswer(StudentQuestion(id: 7, kind: kind, prompt: "?", points: 1, choices: nil, items: items), fields: fields(sent))
    }

    /// Quotes and combining marks, alone and together (Swift sees `"` + U+0301 as one
    /// character that is not a quote; anything reading scalars sees the quote).
    static let fuzz = ["\"", "\"\u{0301}", "e\u{0301}", "\u{0301}", "'\u{0301}x", "a\"b\u{0301}\""]

    @Test func aSingleChoiceIsTheFirstChoiceSent() {
        #expect(Self.answer(.singleChoice, [("choice", "b"), ("choice", "c")]) == .answer(AnswerInput(questionId: 7, choiceIds: ["b"])))
        #expect(Self.answer(.singleChoice, [("go", "next")]) == .unchanged)
        for id in Self.fuzz {
            #expect(Self.answer(.singleChoice, [("choice", id)]) == .answer(AnswerInput(questionId: 7, choiceIds: [id])))
        }
    }

    @Test func aMultipleChoiceIsEveryTickedBoxAndUntickingAllClearsIt() {
        #expect(
            Self.answer(.multipleChoice, [("answered", "1"), ("choice", "a"), ("choice", "c")])
                == .answer(AnswerInput(questionId: 7, choiceIds: ["a", "c"])))
        #expect(Self.answer(.multipleChoice, [("answered", "1")]) == .answer(AnswerInput(questionId: 7)), "all unticked: cleared")
        #expect(Self.answer(.multipleChoice, []) == .unchanged, "no form of the question: left as it was")
        #expect(Self.answer(.multipleChoice, Self.fuzz.map { ("choice", $0) }) == .answer(AnswerInput(questionId: 7, choiceIds: Self.fuzz)))
    }

    @Test func trueOrFalseIsOneOfTheTwoWords() {
        #expect(Self.answer(.trueFalse, [("value", "true")]) == .answer(AnswerInput(questionId: 7, value: true)))
        #expect(Self.answer(.trueFalse, [("value", "false")]) == .answer(AnswerInput(questionId: 7, value: false)))
        for other in ["", "TRUE", "1", "true\u{0301}", "\"true\""] {
            #expect(Self.answer(.trueFalse, [("value", other)]) == .unchanged)
        }
        #expect(Self.answer(.trueFalse, []) == .unchanged)
    }

    @Test func aTextIsKeptAsSentAndBlankClearsIt() {
        for kind in [QuestionKind.shortAnswer, .essay] {
            #expect(Self.answer(kind, [("text", " Wut ")]) == .answer(AnswerInput(questionId: 7, text: " Wut ")))
            #expect(Self.answer(kind, [("text", " \n\t ")]) == .answer(AnswerInput(questionId: 7)))
            #expect(Self.answer(kind, []) == .answer(AnswerInput(questionId: 7)))
            for text in Self.fuzz {
                #expect(Self.answer(kind, [("text", text)]) == .answer(AnswerInput(questionId: 7, text: text)))
            }
        }
    }

    @Test func aNumberTakesADecimalCommaAndAnExponent() {
        let cases: [(String, Double)] = [("3.5", 3.5), ("-2", -2), ("3,5", 3.5), (" 1e3 ", 1000), ("0", 0)]
        for (typed, value) in cases {
            #expect(Self.answer(.numerical, [("number", typed)]) == .answer(AnswerInput(questionId: 7, number: value)), "\(typed)")
        }
        #expect(Self.answer(.numerical, [("number", "  ")]) == .answer(AnswerInput(questionId: 7)), "blank clears it")
        for typed in ["abc", "1,2,3", "inf", "nan", "1e999", "3.5\u{0301}", "\"3\"", String(repeating: "1", count: 65)] {
            #expect(Self.answer(.numerical, [("number", typed)]) == .notANumber(typed), "\(typed)")
        }
        // Shown again as typed, at most 100 characters of it.
        let long = String(repeating: "x", count: 150)
        #expect(Self.answer(.numerical, [("number", long)]) == .notANumber(String(repeating: "x", count: 100)))
        #expect(FormAnswer.number("1e3") == 1000 && FormAnswer.number("3,5") == 3.5 && FormAnswer.number("abc") == nil)
    }

    @Test func aMatchingIsEachItemsChosenOption() {
        let items = [Choice(id: "i1", text: "One"), Choice(id: "i\"\u{0301}", text: "Two"), Choice(id: "i3", text: "Three")]
        #expect(
            Self.answer(.matching, [("match-i1", "o2"), ("match-i\"\u{0301}", "o\"\u{0301}"), ("match-i3", "")], items: items)
                == .answer(AnswerInput(questionId: 7, matches: ["i1": "o2", "i\"\u{0301}": "o\"\u{0301}"])))
        #expect(Self.answer(.matching, [("match-i3", ""), ("match-other", "o1")], items: items) == .unchanged)
    }

    @Test func aDescriptionHasNoAnswer() {
        #expect(Self.answer(.description, [("text", "x"), ("choice", "a")]) == .unchanged)
    }
}
