import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

@testable import ExamPrepServer

/// A save's Idempotency-Key is kept with the hash of its answers in the API's JSON: the bytes
/// `PlainAnswersJSON` writes for the usual save must be the encoder's, byte for byte, or a
/// student's repeated save would be refused as a reused key (across a rolling restart too,
/// where the other replica hashed it with the encoder).
@Suite("A save's answers hash as the JSON encoder writes them")
struct PlainAnswersJSONTests {
    /// Strings a student or client may send: quotes, backslashes, control characters,
    /// combining marks, right-to-left text, emoji, slashes.
    static let pieces = [
        "a", "choice-1", "B", " ", "42", "\"", "'", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{301}",
        "e\u{301}", "\"\u{301}", "'\u{301}", "😀", "👩‍👩‍👧", "עברית", "\u{2028}", "\u{FEFF}", "é", "<b>", "&amp;",
    ]

    private static func string(_ rng: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...4, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
    }

    private static func answer(_ rng: inout SplitMix64) -> AnswerInput {
        var answer = AnswerInput(questionId: Int.random(in: -3...Int.max / 2, using: &rng))
        if Bool.random(using: &rng) { answer.choiceIds = (0..<Int.random(in: 0...3, using: &rng)).map { _ in string(&rng) } }
        if Int.random(in: 0..<4, using: &rng) == 0 { answer.value = Bool.random(using: &rng) }
        if Int.random(in: 0..<3, using: &rng) == 0 { answer.text = string(&rng) }
        if Int.random(in: 0..<8, using: &rng) == 0 { answer.number = Double.random(in: -1e6...1e6, using: &rng) }
        if Int.random(in: 0..<8, using: &rng) == 0 { answer.matches = [string(&rng): string(&rng)] }
        if Bool.random(using: &rng) { answer.sequence = Int.random(in: -5...1_000_000, using: &rng) }
        if Bool.random(using: &rng) {
            let seconds = Double(Int.random(in: 0...253_402_300_799, using: &rng))
            answer.savedAt = Date(timeIntervalSince1970: Int.random(in: 0..<6, using: &rng) == 0 ? seconds + 0.25 : seconds)
        }
        return answer
    }

    private static func encoded(_ answers: [AnswerInput]) throws -> [UInt8] {
        Array(try ExamPrepJSON.makeEncoder().encode(answers))
    }

    @Test func theUsualSaveIsWrittenDirectlyAsTheEncoderWritesIt() throws {
        let saves: [[AnswerInput]] = [
            [AnswerInput(questionId: 7, choiceIds: ["b"], sequence: 3, savedAt: Date(timeIntervalSince1970: 1_795_841_248))],
            [AnswerInput(questionId: 1, value: true), AnswerInput(questionId: 2, text: "Paris / Île-de-France")],
            [AnswerInput(questionId: 3, choiceIds: [], sequence: 0)],
            [AnswerInput(questionId: 4)],
            [],
        ]
        for save in saves {
            let direct = try #require(PlainAnswersJSON.bytes(save))
            #expect(direct == (try Self.encoded(save)), "\(String(decoding: direct, as: UTF8.self))")
        }
    }

    @Test func whatItDoesNotWriteItLeavesToTheEncoder() {
        let notPlain: [AnswerInput] = [
            AnswerInput(questionId: 1, number: 2.5),
            AnswerInput(questionId: 1, matches: ["a": "b"]),
            AnswerInput(questionId: 1, text: "say \"hi\""),
            AnswerInput(questionId: 1, choiceIds: ["a\\b"]),
            AnswerInput(questionId: 1, text: "line\nbreak"),
            AnswerInput(questionId: 1, savedAt: Date(timeIntervalSince1970: 1_795_841_248.5)),
            AnswerInput(questionId: 1, savedAt: Date(timeIntervalSince1970: -1)),
        ]
        for answer in notPlain { #expect(PlainAnswersJSON.bytes([AnswerInput(questionId: 9), answer]) == nil) }
    }

    @Test func generatedSavesHashAlikeEitherWay() throws {
        var rng = SplitMix64(seed: 0x5A5E)
        var written = 0
        for _ in 0..<3_000 {
            let save = (0..<Int.random(in: 0...3, using: &rng)).map { _ in Self.answer(&rng) }
            guard let direct = PlainAnswersJSON.bytes(save) else { continue }
            written += 1
            let encoded = try Self.encoded(save)
            #expect(direct == encoded, "\(String(decoding: direct, as: UTF8.self)) against \(String(decoding: encoded, as: UTF8.self))")
            if direct != encoded { break }
            for answer in save {
                #expect(PlainAnswersJSON.text(answer.response) == (try JSONColumn.encode(answer.response)))
            }
        }
        // Most generated saves are plain, so the comparison above is not vacuous.
        #expect(written > 1_000)
    }

    @Test func timesAreWrittenAsTheAPIFormatsThem() throws {
        var rng = SplitMix64(seed: 1_970)
        let edges: [Double] = [0, 86_399, 86_400, 951_782_400, 951_868_799, 4_107_542_400, 253_402_300_799]
        let random = (0..<2_000).map { _ in Double(Int.random(in: 0...253_402_300_799, using: &rng)) }
        for seconds in edges + random {
            let date = Date(timeIntervalSince1970: seconds)
            let text = try #require(PlainAnswersJSON.wholeSecondUTC(date))
            #expect(String(decoding: text, as: UTF8.self) == date.formatted(.iso8601), "\(seconds)")
        }
        #expect(PlainAnswersJSON.wholeSecondUTC(Date(timeIntervalSince1970: 253_402_300_800)) == nil)
    }
}
