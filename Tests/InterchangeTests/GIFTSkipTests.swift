import Foundation
import Testing

@testable import ExamPrepInterchange

/// Questions that cannot be imported are reported with their first line, their name and
/// a reason; the questions around them still import.
@Suite("GIFT skipped questions")
struct GIFTSkipTests {
    static let source = ##"""
        // Each block is skipped but the essays, the description, the missing word and "Fine".
        ::Unclosed name Some text {T}

        ::Open::Question { =a ~b

        ::Close first::Question } =a {

        ::Only close::Question =a }

        ::Blank inside::Question {
        =a

        ~b
        }

        ::Essay::Write about it. {}

        ::Essay with feedback::Write. {####Only general feedback}

        ::Description::Just some text.

        ::Missing::Fill {=in} the blank.

        ::Big weight::Pick. {~%500%a ~b}

        // a comment line above the question does not move its line
        ::Weight below::Pick. {=a ~%-100.5%b}

        ::Too much::Pick. {~%60%a ~%60%b}

        ::No credit::Pick. {~a ~b}

        ::One choice::Pick. {~%100%a}

        ::Empty choice::Pick. {=a ~ ~b}

        ::NaN::Number? {#NaN}

        ::Huge::Number? {#1e999}

        ::Hex::Number? {#0x10}

        ::Comma::Number? {#3,14}

        ::Backwards range::Number? {#5..1}

        ::Negative tolerance::Number? {#5:-1}

        ::Numerical partial only::Number? {#=%50%5}

        ::Numerical tilde::Number? {#5 ~oops}

        ::Numerical empty::Number? {#}

        ::Numerical star::Number? {#=*}

        ::Match one::Match. {=a -> b}

        ::Match no arrow::Match. {=a -> b =c}

        ::Match no option::Match. {=a -> b =c -> }

        ::SA partial only::Say. {=%50%half}

        ::SA empty::Say. {=a = }

        ::Empty text::{T}

        ::::{T}

        ::Fine::This one imports. {T}

        ::Trailing backslash::Question {=a ~b \
        """##

    static let skips: [ExpectedSkip] = [
        ExpectedSkip(marker: "::Unclosed name", name: nil, reason: "never closed with ::"),
        ExpectedSkip(marker: "::Open::", name: "Open", reason: "'{' is never closed"),
        ExpectedSkip(marker: "::Close first::", name: "Close first", reason: "'}' comes before the first '{'"),
        ExpectedSkip(marker: "::Only close::", name: "Only close", reason: "'}' without an opening '{'"),
        ExpectedSkip(marker: "::Blank inside::", name: "Blank inside", reason: "'{' is never closed"),
        ExpectedSkip(marker: "~b", name: nil, reason: "'}' without an opening '{'"),
        ExpectedSkip(marker: "::Big weight::", name: "Big weight", reason: "“%500%”, is outside −100…100 %"),
        ExpectedSkip(marker: "::Weight below::", name: "Weight below", reason: "“%-100.5%”, is outside"),
        ExpectedSkip(marker: "::Too much::", name: "Too much", reason: "add up to 120 %"),
        ExpectedSkip(marker: "::No credit::", name: "No credit", reason: "no choice gives credit"),
        ExpectedSkip(marker: "::One choice::", name: "One choice", reason: "at least two choices"),
        ExpectedSkip(marker: "::Empty choice::", name: "Empty choice", reason: "choice 2 is empty"),
        ExpectedSkip(marker: "::NaN::", name: "NaN", reason: "“NaN” in answer 1 is not a finite number"),
        ExpectedSkip(marker: "::Huge::", name: "Huge", reason: "“1e999” in answer 1 is not a finite number"),
        ExpectedSkip(marker: "::Hex::", name: "Hex", reason: "not a finite number"),
        ExpectedSkip(marker: "::Comma::", name: "Comma", reason: "“3,14” in answer 1 is not a finite number"),
        ExpectedSkip(marker: "::Backwards range::", name: "Backwards range", reason: "starts above its end"),
        ExpectedSkip(marker: "::Negative tolerance::", name: "Negative tolerance", reason: "tolerance of answer 1 is negative"),
        ExpectedSkip(marker: "::Numerical partial only::", name: "Numerical partial only", reason: "no answer gives full marks"),
        ExpectedSkip(marker: "::Numerical tilde::", name: "Numerical tilde", reason: "'~' must be followed by #feedback"),
        ExpectedSkip(marker: "::Numerical empty::", name: "Numerical empty", reason: "needs an answer"),
        ExpectedSkip(marker: "::Numerical star::", name: "Numerical star", reason: "“*” in answer 1 is not a finite number"),
        ExpectedSkip(marker: "::Match one::", name: "Match one", reason: "at least two pairs"),
        ExpectedSkip(marker: "::Match no arrow::", name: "Match no arrow", reason: "“c” has no '->'"),
        ExpectedSkip(marker: "::Match no option::", name: "Match no option", reason: "has no option after '->'"),
        ExpectedSkip(marker: "::SA partial only::", name: "SA partial only", reason: "no answer gives full marks"),
        ExpectedSkip(marker: "::SA empty::", name: "SA empty", reason: "answer 2 is empty"),
        ExpectedSkip(marker: "::Empty text::", name: "Empty text", reason: "question text is empty"),
        ExpectedSkip(marker: "::::{T}", name: nil, reason: "question text is empty"),
        ExpectedSkip(marker: "::Trailing backslash::", name: "Trailing backslash", reason: "'{' is never closed"),
    ]

    static let imported = [
        Expected(marker: "::Essay::", question: Q(name: "Essay", text: "Write about it.", kind: .essay)),
        Expected(
            marker: "::Essay with feedback::",
            question: Q(name: "Essay with feedback", text: "Write.", generalFeedback: "Only general feedback", kind: .essay)),
        Expected(marker: "::Description::", question: Q(name: "Description", text: "Just some text.", kind: .description)),
        Expected(
            marker: "::Missing::", question: Q(name: "Missing", text: "Fill _____ the blank.", kind: .shortAnswer(answers: [accept("in")]))),
        Expected(
            marker: "::Fine::",
            question: Q(
                name: "Fine", text: "This one imports.",
                kind: .trueFalse(answer: true, feedbackWhenWrong: nil, feedbackWhenRight: nil))),
    ]

    @Test("every malformed block is skipped at its line, the rest imports")
    func skippedWithLines() {
        check(GIFTParser.parse(Self.source), source: Self.source, questions: Self.imported, skips: Self.skips)
    }

    @Test("skipped reports come in file order")
    func fileOrder() {
        let lines = GIFTParser.parse(Self.source).skipped.map(\.line)
        #expect(lines == lines.sorted())
    }

    @Test("an empty file or one with only comments and blank lines imports nothing")
    func emptyInputs() {
        for text in ["", "\n\n", "// only\n// comments\n", "\u{FEFF}", "\r\n\r\n  \t\r\n"] {
            #expect(GIFTParser.parse(text) == GIFTParseResult())
        }
    }
}
