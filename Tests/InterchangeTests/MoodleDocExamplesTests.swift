import Foundation
import Testing

@testable import ExamPrepInterchange

/// Every example of Moodle's GIFT documentation page, with what is imported for each (nothing is skipped).
@Suite("Moodle documentation examples")
struct MoodleDocExamplesTests {
    static let expectedQuestions: [Expected] = [
        Expected(
            marker: "::Q1::",
            question: Q(
                name: "Q1", text: "1+1=2",
                kind: .trueFalse(answer: true, feedbackWhenWrong: nil, feedbackWhenRight: nil))),
        Expected(
            marker: "::Q2::",
            question: Q(
                name: "Q2", text: "What's between orange and green in the spectrum?",
                kind: .singleChoice(choices: [
                    right("yellow", "right; good!"), wrong("red", "wrong, it's yellow"),
                    wrong("blue", "wrong, it's yellow"),
                ]))),
        Expected(
            marker: "::Q4::",
            question: Q(
                name: "Q4", text: "Which animal eats which food?",
                kind: .matching(pairs: [pair("cat", "cat food"), pair("dog", "dog food")], distractors: []))),
        Expected(
            marker: "::Q5::",
            question: Q(
                name: "Q5", text: "What is a number from 1 to 5?",
                kind: .numerical(answers: [.exact(3, tolerance: 2)], otherwiseFeedback: nil))),
        Expected(
            marker: "::Q6::",
            question: Q(
                name: "Q6", text: "What is a number from 1 to 5?",
                kind: .numerical(answers: [.range(1, 5)], otherwiseFeedback: nil))),
        Expected(
            marker: "::Q7::",
            question: Q(
                name: "Q7", text: "When was Ulysses S. Grant born?",
                kind: .numerical(
                    answers: [
                        .exact(1822, tolerance: 0, feedback: "Correct! Full credit."),
                        .exact(1822, tolerance: 2, weight: 50, feedback: "He was born in 1822. Half credit for being close."),
                    ], otherwiseFeedback: nil))),
        Expected(
            marker: "::Question title",
            question: Q(
                name: "Question title", text: "Question",
                kind: .singleChoice(choices: [
                    right("A correct answer"),
                    wrong("Wrong answer1", "A response to wrong answer1"),
                    wrong("Wrong answer2", "A response to wrong answer2"),
                    wrong("Wrong answer3", "A response to wrong answer3"),
                    wrong("Wrong answer4", "A response to wrong answer4"),
                ]))),
        Expected(
            marker: "Question{= A Correct Answer",
            question: Q(
                text: "Question",
                kind: .singleChoice(choices: [
                    right("A Correct Answer"), wrong("Wrong answer1"), wrong("Wrong answer2"),
                    wrong("Wrong answer3"), wrong("Wrong answer4"),
                ]))),
        Expected(
            marker: "Who's buried in Grant's tomb?{=Grant ~no one",
            question: Q(
                text: "Who's buried in Grant's tomb?",
                kind: .singleChoice(choices: [
                    right("Grant"), wrong("no one"), wrong("Napoleon"), wrong("Churchill"), wrong("Mother Teresa"),
                ]))),
        Expected(
            marker: "::Grants tomb::",
            question: Q(
                name: "Grants tomb", text: "Who is buried in Grant's tomb in New York City?",
                kind: .singleChoice(choices: [
                    right("Grant"),
                    wrong("No one", "Was true for 12 years, but Grant's remains were buried in the tomb in 1897"),
                    wrong("Napoleon", "He was buried in France"), wrong("Churchill", "He was buried in England"),
                    wrong("Mother Teresa", "She was buried in India"),
                ]))),
        Expected(
            marker: "What two people are entombed in Grant's tomb? {",
            question: Q(
                text: "What two people are entombed in Grant's tomb?",
                kind: .multipleChoice(choices: [
                    weighted(-100, "No one"), weighted(50, "Grant"), weighted(50, "Grant's wife"),
                    weighted(-100, "Grant's father"),
                ]))),
        Expected(
            marker: "::TrueStatement about Grant::",
            question: Q(
                name: "TrueStatement about Grant", text: "Grant was buried in a tomb in New York City.",
                kind: .trueFalse(answer: true, feedbackWhenWrong: nil, feedbackWhenRight: nil))),
        Expected(
            marker: "::FalseStatement about sun::",
            question: Q(
                name: "FalseStatement about sun", text: "The sun rises in the West.",
                kind: .trueFalse(answer: false, feedbackWhenWrong: nil, feedbackWhenRight: nil))),
        Expected(
            marker: "Who's buried in Grant's tomb?{=Grant =Ulysses",
            question: Q(
                text: "Who's buried in Grant's tomb?",
                kind: .shortAnswer(answers: [accept("Grant"), accept("Ulysses S. Grant"), accept("Ulysses Grant")]))),
        Expected(
            marker: "Two plus two equals {=four =4}",
            question: Q(
                text: "Two plus two equals", kind: .shortAnswer(answers: [accept("four"), accept("4")]))),
        Expected(
            marker: "Match the following countries",
            question: Q(
                text: "Match the following countries with their corresponding capitals.",
                kind: .matching(
                    pairs: [
                        pair("Canada", "Ottawa"), pair("Italy", "Rome"), pair("Japan", "Tokyo"), pair("India", "New Delhi"),
                    ], distractors: []))),
        Expected(
            marker: "When was Ulysses S. Grant born?{#1822:5}",
            question: Q(
                text: "When was Ulysses S. Grant born?",
                kind: .numerical(answers: [.exact(1822, tolerance: 5)], otherwiseFeedback: nil))),
        Expected(
            marker: "When was Ulysses S. Grant born? {#",
            question: Q(
                text: "When was Ulysses S. Grant born?",
                kind: .numerical(
                    answers: [.exact(1822, tolerance: 0), .exact(1822, tolerance: 2, weight: 50)],
                    otherwiseFeedback: nil))),
        Expected(
            marker: "What's 2 plus 2? {#4}",
            question: Q(
                text: "What's 2 plus 2?", kind: .numerical(answers: [.exact(4)], otherwiseFeedback: nil))),
        Expected(
            marker: "::What's 2 plus 2?::",
            question: Q(
                name: "What's 2 plus 2?", text: "What's 2 plus 2?",
                kind: .numerical(answers: [.exact(4, tolerance: 0)], otherwiseFeedback: nil))),
        Expected(
            marker: "::Kanji Origins::",
            question: Q(
                name: "Kanji Origins", text: "Japanese characters originally\ncame from what country?",
                kind: .shortAnswer(answers: [accept("China")]))),
        Expected(
            marker: "What's the answer to this multiple-choice question?",
            question: Q(
                text: "What's the answer to this multiple-choice question?",
                kind: .singleChoice(choices: [
                    wrong("wrong answer", "feedback comment on the wrong answer"),
                    wrong("another wrong answer", "feedback comment on this wrong answer"),
                    right("right answer", "Very good!"),
                ]))),
        Expected(
            marker: "42 is the Absolute Answer",
            question: Q(
                text: "42 is the Absolute Answer to everything.",
                kind: .trueFalse(
                    answer: false, feedbackWhenWrong: "42is the Ultimate Answer.",
                    feedbackWhenRight: "You gave the right answer."))),
        Expected(
            marker: "Difficult question.",
            question: Q(
                text: "Difficult question.",
                kind: .singleChoice(choices: [
                    wrong("wrong answer"), weighted(50, "half credit answer"), right("full credit answer"),
                ]))),
        Expected(
            marker: "::Jesus' hometown:: Jesus",
            question: Q(
                name: "Jesus' hometown", text: "Jesus Christ was from",
                kind: .shortAnswer(answers: [
                    accept("Nazareth", 100, "Yes! That's right!"), accept("Nazereth", 75, "Right, but misspelled."),
                    accept("Bethlehem", 25, "He was born here, but not raised here."),
                ]))),
        Expected(
            marker: "What two people are entombed in Grant's tomb? {", nth: 2,
            question: Q(
                text: "What two people are entombed in Grant's tomb?",
                kind: .multipleChoice(choices: [
                    wrong("No one"), weighted(50, "Grant"), weighted(50, "Grant's wife"), wrong("Grant's father"),
                ]))),
        Expected(
            marker: "What two people are entombed in Grant's tomb? {", nth: 3,
            question: Q(
                text: "What two people are entombed in Grant's tomb?",
                kind: .multipleChoice(choices: [
                    weighted(-50, "No one"), weighted(50, "Grant"), weighted(50, "Grant's wife"),
                    weighted(-50, "Grant's father"),
                ]))),
        Expected(
            marker: "Which answer equals 5?",
            question: Q(
                text: "Which answer equals 5?",
                kind: .singleChoice(choices: [wrong("= 2 + 2"), right("= 2 + 3"), wrong("= 2 + 4")]))),
        Expected(
            marker: "::GIFT Control Characters::",
            question: Q(
                name: "GIFT Control Characters",
                text: "Which of the following is NOT a control character for the GIFT import format?",
                kind: .singleChoice(choices: [
                    wrong("~", "~ is a control character."), wrong("=", "= is a control character."),
                    wrong("#", "# is a control character."), wrong("{", "{ is a control character."),
                    wrong("}", "} is a control character."),
                    right("\\", "Correct! \\ (backslash) is not a control character. BUT,\nit is used to escape the control characters."),
                ]))),
    ]

    /// The examples Moodle imports as essays, descriptions and missing-word questions (each
    /// of its kind, `_____` where the answers stood).
    static let expectedOtherKinds: [Expected] = [
        Expected(
            marker: "::Q3::",
            question: Q(
                name: "Q3", text: "Two plus _____ equals four.", kind: .shortAnswer(answers: [accept("two"), accept("2")]))),
        Expected(marker: "::Q8::", question: Q(name: "Q8", text: "How are you?", kind: .essay)),
        Expected(
            marker: "Moodle costs {",
            question: Q(
                text: "Moodle costs _____ to download from moodle.org.",
                kind: .singleChoice(choices: [wrong("lots of money"), right("nothing"), wrong("a small amount")]))),
        Expected(
            marker: "Mahatma Gandhi",
            question: Q(
                text: "Mahatma Gandhi's birthday is an Indian holiday on  _____ of October.",
                kind: .singleChoice(choices: [wrong("15th"), wrong("3rd"), right("2nd")]))),
        Expected(
            marker: "Since {",
            question: Q(
                text: "Since _____\nthe town of Hastings England has been \"famous with visitors\".",
                kind: .singleChoice(choices: [wrong("495 AD"), right("1066 AD"), wrong("1215 AD"), wrong("43 AD")]))),
        Expected(
            marker: "What is the value of pi",
            question: Q(
                text: "What is the value of pi (to 3 decimal places)? _____.",
                kind: .numerical(answers: [.exact(3.14159, tolerance: 0.0005)], otherwiseFeedback: nil))),
        Expected(
            marker: "What is the value of pi", nth: 2,
            question: Q(
                text: "What is the value of pi (to 3 decimal places)? _____.",
                kind: .numerical(answers: [.range(3.141, 3.142)], otherwiseFeedback: nil))),
        Expected(
            marker: "Write a short biography",
            question: Q(text: "Write a short biography of Dag Hammarskjöld.", kind: .essay)),
        Expected(
            marker: "You can use your pencil",
            question: Q(text: "You can use your pencil and paper for these next math questions.", kind: .description)),
        Expected(
            marker: "::Thanksgiving Date::",
            question: Q(
                name: "Thanksgiving Date",
                text: "The American holiday of Thanksgiving is\ncelebrated on the _____ Thursday of November.",
                kind: .singleChoice(choices: [wrong("second"), wrong("third"), right("fourth")]))),
        Expected(
            marker: "Deep Thought said",
            question: Q(
                text:
                    "Deep Thought said \" _____  is the Ultimate Answer to the Ultimate Question of Life, The Universe, and Everything.\"",
                kind: .shortAnswer(answers: [
                    accept("forty two", 100, "Correct according to The Hitchhiker's Guide to the Galaxy!"),
                    accept("42", 100, "Correct, as told to Loonquawl and Phouchg"), accept("forty-two", 100, "Correct!"),
                ]))),
        Expected(
            marker: "::Jesus' hometown::Jesus",
            question: Q(
                name: "Jesus' hometown", text: "Jesus Christ was from _____.",
                kind: .singleChoice(choices: [
                    wrong("Jerusalem", "This was an important city, but the wrong answer."),
                    weighted(25, "Bethlehem", "He was born here, but not raised here."),
                    weighted(50, "Galilee", "You need to be more specific."), right("Nazareth", "Yes! That's right!"),
                ]))),
        Expected(
            marker: "[markdown]The *American",
            question: Q(
                textFormat: .markdown, text: "The *American holiday of Thanksgiving* is celebrated on the _____ Thursday of November.",
                kind: .singleChoice(choices: [wrong("second"), wrong("third"), right("fourth")]))),
    ]

    @Test("each documented example imports as Moodle imports it: essays, descriptions and missing words included")
    func documentedExamples() {
        let source = MoodleDocFixture.text
        check(
            GIFTParser.parse(source), source: source, questions: Self.expectedQuestions + Self.expectedOtherKinds, skips: [])
    }

    @Test("the id/tag comment and the category examples: alone they import nothing, above a question they apply")
    func commentAndCategoryBlocks() {
        #expect(GIFTParser.parse("//  [id:123] [tag:basic] [tag:set 1]\n") == GIFTParseResult())
        #expect(GIFTParser.parse("$CATEGORY: tom/dick/harry\n\n$CATEGORY: mycategory\n") == GIFTParseResult())
        let tagged = GIFTParser.parse("//  [id:123] [tag:basic] [tag:set 1]\nWhat's 2 plus 2? {#4}").questions.first
        #expect(tagged?.id == "123")
        #expect(tagged?.tags == ["basic", "set 1"])
        let after = GIFTParser.parse("$CATEGORY: tom/dick/harry\n\nQ {T}\n\n$CATEGORY: mycategory\n\nR {F}\n")
        #expect(after.questions.map(\.category) == [["tom", "dick", "harry"], ["mycategory"]])
    }

    @Test("the documented examples survive export and import unchanged")
    func documentedExamplesRoundTrip() {
        let first = GIFTParser.parse(MoodleDocFixture.text).questions
        let again = GIFTParser.parse(GIFTWriter.write(first))
        #expect(again.skipped.isEmpty)
        #expect(first.count == Self.expectedQuestions.count + Self.expectedOtherKinds.count)
        #expect(again.questions == first)
    }
}
