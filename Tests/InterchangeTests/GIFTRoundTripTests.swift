import Foundation
import Testing

@testable import ExamPrepInterchange

/// Import → export → import gives equal questions; the writer's output is tidy GIFT.
@Suite("GIFT round trip")
struct GIFTRoundTripTests {
    static let fixtures: [(String, String)] = [
        ("Moodle documentation", MoodleDocFixture.text),
        ("rules", RuleFixture.text),
        ("skips", GIFTSkipTests.source),
    ]

    @Test("every fixture reads back equal after export", arguments: 0..<fixtures.count)
    func fixtureRoundTrip(index: Int) {
        let first = GIFTParser.parse(Self.fixtures[index].1)
        #expect(!first.questions.isEmpty)
        let exported = GIFTWriter.write(first.questions)
        let second = GIFTParser.parse(exported)
        #expect(second.skipped.isEmpty, "\(second.skipped)")
        #expect(second.questions == first.questions)
        // Exporting again gives the very same text.
        #expect(GIFTWriter.write(second.questions) == exported)
        for question in first.questions {
            #expect(GIFTWriter.roundTripProblems(of: question).isEmpty, "\(question.text)")
        }
    }

    /// Questions built in code with the characters and values most likely to break.
    static let tricky: [Q] = [
        Q(
            name: "a::b \\ {c} #d ~e =f", text: "Text with ~ = # { } : \\ \\n and\nreal new line",
            kind: .singleChoice(choices: [right("=x", "#fb ~ ="), wrong("~y"), weighted(-50, "\\", "\\")])),
        Q(text: "[html] looks like a format", kind: .trueFalse(answer: true, feedbackWhenWrong: nil, feedbackWhenRight: nil)),
        Q(text: "// looks like a comment", kind: .trueFalse(answer: false, feedbackWhenWrong: "#", feedbackWhenRight: nil)),
        Q(text: "$CATEGORY: not a category", kind: .trueFalse(answer: false, feedbackWhenWrong: nil, feedbackWhenRight: "####")),
        Q(
            textFormat: .html, text: "<b>x</b>", generalFeedback: "general # ####",
            kind: .singleChoice(choices: [right("a"), right("b"), wrong("%50%c"), weighted(0.00001, "d")])),
        Q(text: "Percent texts", kind: .multipleChoice(choices: [weighted(100, "%10%"), wrong("%0% x")])),
        Q(text: "Short", kind: .shortAnswer(answers: [accept("%50%"), accept("T"), accept("*", 0, "other")])),
        Q(
            text: "Numbers",
            kind: .numerical(
                answers: [
                    .exact(0.1 + 0.2, tolerance: 1e-5), .exact(1e20, weight: 33.33333), .exact(-0.0, tolerance: 0),
                    .range(-1e-7, Double.leastNonzeroMagnitude, weight: -12.5, feedback: "tiny"),
                ], otherwiseFeedback: "~ other ~")),
        Q(text: "Single numeral", kind: .numerical(answers: [.exact(42)], otherwiseFeedback: nil)),
        Q(text: "Match", kind: .matching(pairs: [pair("a = b", "x -> y"), pair("c#d", "{z}")], distractors: ["~w", "-> v"])),
        Q(
            name: "combining", text: "e\u{301} {\u{301} }\u{301} \\\u{301} #\u{301}",
            kind: .singleChoice(choices: [right("=\u{301}"), wrong("~\u{301}", "#\u{301}")])),
        Q(text: "Arrow answer", kind: .shortAnswer(answers: [accept("a->b", 100, "=fb")])),
        Q(text: "Arrow answer with percent", kind: .shortAnswer(answers: [accept("%5%->")])),
        Q(text: "Arrow in a feedback", kind: .shortAnswer(answers: [accept("a", 100, "-> b")])),
        Q(text: "Emoji 👩‍👩‍👧 and RTL עברית", kind: .shortAnswer(answers: [accept("🙂")])),
        Q(text: "Blank _____ in the middle", kind: .trueFalse(answer: true, feedbackWhenWrong: nil, feedbackWhenRight: nil)),
        Q(text: "_____ first, then ______ a longer one", kind: .numerical(answers: [.exact(2)], otherwiseFeedback: nil)),
        Q(text: "Blank at the end _____", kind: .singleChoice(choices: [right("a"), wrong("b")])),
        Q(text: "A\n_____\n{braces} and \"quotes\" e\u{301} after", kind: .shortAnswer(answers: [accept("x")])),
        Q(text: "_____\u{301} combining on the blank _____", kind: .matching(pairs: [pair("a", "b"), pair("c", "d")], distractors: [])),
        Q(name: "essay", text: "Write _____ about {this} \"quoted\" e\u{301}", generalFeedback: "graded # by hand", kind: .essay),
        Q(text: "A description with {braces}, ~ = # : \\ and _____ blanks.", kind: .description),
        Q(textFormat: .markdown, text: "[not a format] *description*", kind: .description),
    ]

    @Test("questions built in code read back equal, with categories, tags and ids")
    func trickyRoundTrip() {
        var questions = Self.tricky
        for index in questions.indices {
            questions[index].category = index % 3 == 0 ? [] : ["Topic \(index % 2)", "a/b"]
            questions[index].tags = index.isMultiple(of: 2) ? ["t]ag", "week \(index)"] : []
            questions[index].id = index.isMultiple(of: 4) ? "id-\(index)]" : nil
        }
        let exported = GIFTWriter.write(questions)
        let back = GIFTParser.parse(exported)
        #expect(back.skipped.isEmpty, "\(back.skipped)")
        #expect(back.questions == questions)
        for question in questions {
            #expect(GIFTWriter.roundTripProblems(of: question) == [], "\(question.text)")
        }
    }

    @Test("awkward categories, tags and texts are written so that they read back")
    func awkwardMetadata() {
        let base = Q(text: "x", kind: .trueFalse(answer: true, feedbackWhenWrong: nil, feedbackWhenRight: nil))
        var questions: [Q] = []
        for category in [["a/", "/b"], ["$x$", "top", "y"], ["top"], ["a//b", "c"], []] {
            var question = base
            question.category = category
            questions.append(question)
        }
        var tagged = base
        tagged.tags = ["ends with \\", "has ] bracket", "\\]"]
        tagged.id = "id\\"
        questions.append(tagged)
        var bom = base
        bom.text = "\u{FEFF}starts with a byte order mark"
        questions.insert(bom, at: 0)
        let back = GIFTParser.parse(GIFTWriter.write(questions))
        #expect(back.skipped.isEmpty)
        #expect(back.questions == questions)
    }

    @Test("values GIFT cannot write are reported, not silently changed")
    func unrepresentable() {
        let cases: [(Q, String)] = [
            (Q(text: " leading space", kind: .trueFalse(answer: true, feedbackWhenWrong: nil, feedbackWhenRight: nil)), "text"),
            (Q(text: "cr\r", kind: .trueFalse(answer: true, feedbackWhenWrong: nil, feedbackWhenRight: nil)), "text"),
            (Q(name: "", text: "x", kind: .trueFalse(answer: true, feedbackWhenWrong: "", feedbackWhenRight: nil)), "name"),
            (Q(text: "x", kind: .matching(pairs: [pair("a->b", "c"), pair("d", "e")], distractors: [])), "answers"),
            (Q(text: "x", kind: .shortAnswer(answers: [accept("a->b"), accept("c")])), "skipped"),  // reads as matching
            (Q(text: "x", kind: .singleChoice(choices: [weighted(50, "a"), wrong("b")])), "answers"),
            (Q(text: "x", kind: .singleChoice(choices: [right("a"), wrong("")])), "skipped"),
            (Q(text: "x", kind: .numerical(answers: [.exact(.nan)], otherwiseFeedback: nil)), "skipped"),
            (Q(text: "x", kind: .numerical(answers: [.exact(1, weight: 100.000001)], otherwiseFeedback: nil)), "answers"),
            (Q(tags: ["two\nlines"], text: "x", kind: .shortAnswer(answers: [accept("a")])), "tags"),
            (Q(category: ["", "a"], text: "x", kind: .shortAnswer(answers: [accept("a")])), "category"),
        ]
        for (question, field) in cases {
            let problems = GIFTWriter.roundTripProblems(of: question)
            #expect(problems.contains { $0.contains(field) }, "\(question.text): \(problems)")
        }
    }

    @Test("the writer's layout: weights without needless decimals, categories on change")
    func writerLayout() {
        let questions = [
            Q(
                category: ["A"], text: "One",
                kind: .multipleChoice(choices: [
                    weighted(50, "a"), weighted(50.0, "b"), weighted(-33.333333, "c"), weighted(12.5, "d"),
                ])),
            Q(category: ["A"], text: "Two", kind: .numerical(answers: [.exact(1822, tolerance: 2)], otherwiseFeedback: nil)),
            Q(text: "Three", kind: .trueFalse(answer: true, feedbackWhenWrong: nil, feedbackWhenRight: "yes")),
        ]
        let expected = """
            $CATEGORY: A

            One {
            \t~%50%a
            \t~%50%b
            \t~%-33.33333%c
            \t~%12.5%d
            }

            Two {#1822:2}

            $CATEGORY: $course$/top

            Three {TRUE##yes}


            """
        #expect(GIFTWriter.write(questions) == expected)
        #expect(GIFTNumbers.formatWeight(100) == "100")
        #expect(GIFTNumbers.formatWeight(-0.000001) == "0")
        #expect(GIFTNumbers.formatWeight(33.333333333) == "33.33333")
        #expect(GIFTNumbers.formatNumber(3.0) == "3")
        #expect(GIFTNumbers.formatNumber(0.0005) == "0.0005")
    }

    @Test("the model survives JSON encoding unchanged")
    func codable() throws {
        let questions = GIFTParser.parse(RuleFixture.text).questions + Self.tricky.filter { !$0.text.contains("Numbers") }
        let data = try JSONEncoder().encode(questions)
        let decoded = try JSONDecoder().decode([Q].self, from: data)
        #expect(decoded == questions)
        #expect(decoded.map(\.line) == questions.map(\.line))
    }
}
