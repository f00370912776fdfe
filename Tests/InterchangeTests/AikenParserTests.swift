import Foundation
import Testing

@testable import ExamPrepInterchange

/// Aiken: single-choice questions, options `A.` or `A)`, then `ANSWER: X`.
@Suite("Aiken")
struct AikenParserTests {
    /// Moodle's documented Aiken example.
    static let moodleExample = """
        What is the correct answer to this question?
        A. Is it this one?
        B. Maybe this answer?
        C. Possibly this one?
        D. Must be this one!
        ANSWER: D

        Which LMS has the most quiz import formats?
        A) Moodle
        B) ATutor
        C) Claroline
        D) Blackboard
        E) WebCT
        F) Ilias
        ANSWER: A
        """

    @Test("Moodle's example imports as two single-choice questions")
    func moodleExample() {
        let result = AikenParser.parse(Self.moodleExample)
        #expect(result.skipped.isEmpty)
        #expect(
            result.questions == [
                Q(
                    textFormat: .plain, text: "What is the correct answer to this question?",
                    kind: .singleChoice(choices: [
                        wrong("Is it this one?"), wrong("Maybe this answer?"), wrong("Possibly this one?"),
                        right("Must be this one!"),
                    ])),
                Q(
                    textFormat: .plain, text: "Which LMS has the most quiz import formats?",
                    kind: .singleChoice(choices: [
                        right("Moodle"), wrong("ATutor"), wrong("Claroline"), wrong("Blackboard"), wrong("WebCT"),
                        wrong("Ilias"),
                    ])),
            ])
        #expect(result.questions.map(\.line) == [1, 8])
    }

    @Test("question text over several lines, Windows line endings, a BOM, tabs and spacing")
    func variants() {
        let text = "\u{FEFF}First line\r\n  second line  \r\nA.\tOne\r\nB) Two {with} ~GIFT~ #chars\r\n\r\nanswer : b\r\n"
        let result = AikenParser.parse(text)
        #expect(result.skipped.isEmpty)
        #expect(
            result.questions == [
                Q(
                    textFormat: .plain, text: "First line\nsecond line",
                    kind: .singleChoice(choices: [wrong("One"), right("Two {with} ~GIFT~ #chars")]))
            ])
    }

    @Test("malformed questions are skipped with their line; the rest imports")
    func malformed() {
        let source = """
            Answer outside the options?
            A. yes
            B. no
            ANSWER: C

            Forgot the answer line
            A. one
            B. two
            Next question right after
            A. left
            B. right
            ANSWER: B

            ANSWER: A

            Only one option
            A. lonely
            ANSWER: A

            Letters out of order
            A. first
            C. third
            ANSWER: A

            A. no question text
            B. at all
            ANSWER: A

            Two letters in the answer
            A. x
            B. y
            ANSWER: AB

            Unfinished at the end
            A. something
            """
        let result = AikenParser.parse(source)
        #expect(
            result.questions == [
                Q(
                    textFormat: .plain, text: "Next question right after",
                    kind: .singleChoice(choices: [wrong("left"), right("right")]))
            ])
        #expect(result.questions.first?.line == 9)
        let skipped = result.skipped.map { "\($0.line): \($0.reason)" }
        #expect(
            skipped == [
                "1: ANSWER: must name one of the options A–B, not “C”",
                "6: the question has no ANSWER: line after its options",
                "14: ANSWER: line without a question",
                "16: a question needs at least two options (A. …, B. …)",
                "20: options must be lettered A, B, C… in order (see line 22)",
                "25: the question has no text before its options",
                "29: ANSWER: must name one of the options A–B, not “AB”",
                "34: the question has no ANSWER: line",
            ])
    }

    @Test("Aiken questions export as GIFT and read back equal")
    func aikenToGIFT() {
        let questions = AikenParser.parse(Self.moodleExample).questions
        let back = GIFTParser.parse(GIFTWriter.write(questions))
        #expect(back.skipped.isEmpty)
        #expect(back.questions == questions)
    }
}
