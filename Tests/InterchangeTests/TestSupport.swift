import Foundation
import Testing

@testable import ExamPrepInterchange

/// Short builders that keep expected questions readable in the tests.
typealias Q = InterchangeQuestion

func right(_ text: String, _ feedback: String? = nil) -> Q.Choice {
    Q.Choice(text: text, weight: 100, feedback: feedback)
}

func wrong(_ text: String, _ feedback: String? = nil) -> Q.Choice {
    Q.Choice(text: text, weight: 0, feedback: feedback)
}

func weighted(_ weight: Double, _ text: String, _ feedback: String? = nil) -> Q.Choice {
    Q.Choice(text: text, weight: weight, feedback: feedback)
}

func accept(_ text: String, _ weight: Double = 100, _ feedback: String? = nil) -> Q.TextAnswer {
    Q.TextAnswer(text: text, weight: weight, feedback: feedback)
}

func pair(_ item: String, _ option: String) -> Q.MatchingPair {
    Q.MatchingPair(item: item, option: option)
}

/// An expected question together with a piece of text that identifies its first line in
/// the fixture, so line numbers are checked without counting by hand.
struct Expected: Sendable, CustomTestStringConvertible {
    let marker: String
    var nth = 1
    let question: Q
    var testDescription: String { marker }
}

/// An expected skip: the marker of its first line, its name and a part of its reason.
struct ExpectedSkip: Sendable, CustomTestStringConvertible {
    let marker: String
    var nth = 1
    let name: String?
    let reason: String
    var testDescription: String { "\(marker) — \(reason)" }
}

/// The 1-based number of the `nth` line of `source` that starts with `marker` once
/// trimmed (0 if there is none).
func lineNumber(of marker: String, in source: String, nth: Int = 1) -> Int {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let matching = lines.indices.filter {
        lines[$0].trimmingCharacters(in: .whitespaces).hasPrefix(marker)
    }
    guard nth >= 1, nth <= matching.count else { return 0 }
    return matching[nth - 1] + 1
}

/// Checks that `result` holds exactly `questions` and `skips`, at the right lines.
func check(
    _ result: GIFTParseResult, source: String, questions: [Expected], skips: [ExpectedSkip],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(result.questions.count == questions.count, sourceLocation: sourceLocation)
    #expect(result.skipped.count == skips.count, sourceLocation: sourceLocation)
    for expected in questions {
        let line = lineNumber(of: expected.marker, in: source, nth: expected.nth)
        #expect(line > 0, "marker not found: \(expected.marker)", sourceLocation: sourceLocation)
        let found = result.questions.first { $0.line == line }
        #expect(found == expected.question, "at line \(line): \(expected.marker)", sourceLocation: sourceLocation)
    }
    for expected in skips {
        let line = lineNumber(of: expected.marker, in: source, nth: expected.nth)
        #expect(line > 0, "marker not found: \(expected.marker)", sourceLocation: sourceLocation)
        let found = result.skipped.first { $0.line == line }
        #expect(found != nil, "no skip at line \(line): \(expected.marker)", sourceLocation: sourceLocation)
        if let found {
            #expect(found.name == expected.name, sourceLocation: sourceLocation)
            #expect(found.reason.contains(expected.reason), "\(found.reason)", sourceLocation: sourceLocation)
        }
    }
}
