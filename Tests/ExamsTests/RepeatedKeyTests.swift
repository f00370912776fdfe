import ExamPrepExams
import Testing

/// A save that repeats an `Idempotency-Key`: the same request gets its first answer, other
/// answers are refused, and a key with nothing kept is a save like any other.
@Suite("Exams: a save under a repeated key")
struct RepeatedKeyTests {
    func verdict(kept: String?, keptHash: String?, requestHash: String) -> String {
        switch RepeatedKey(kept: kept, keptHash: keptHash, requestHash: requestHash) {
        case .firstTime: "first"
        case .repeatOf(let kept): "repeat of \(kept)"
        case .reused: "reused"
        }
    }

    @Test func aKeyWithNothingKeptIsAFirstSave() {
        #expect(verdict(kept: nil, keptHash: nil, requestHash: "h") == "first")
        #expect(verdict(kept: nil, keptHash: "other", requestHash: "h") == "first")
    }

    @Test func theSameRequestGetsItsFirstAnswer() {
        #expect(verdict(kept: "saved 2", keptHash: "h", requestHash: "h") == "repeat of saved 2")
    }

    @Test func otherAnswersUnderAKeptKeyAreRefused() {
        #expect(verdict(kept: "saved 2", keptHash: "h", requestHash: "h2") == "reused")
        // Hashes are compared as they are: a combining mark makes another hash.
        #expect(verdict(kept: "saved 2", keptHash: "h\"", requestHash: "h\"\u{0301}") == "reused")
    }

    /// Answers kept before their hashes were are taken to be the same request.
    @Test func anAnswerKeptWithoutAHashIsRepeated() {
        #expect(verdict(kept: "saved 2", keptHash: nil, requestHash: "h") == "repeat of saved 2")
    }

    /// The key's format is the rule's too: 1–200 visible ASCII characters.
    @Test func aKeyIsOneToTwoHundredVisibleASCIICharacters() {
        typealias Rule = RepeatedKey<String>
        #expect(Rule.isValidKey("a") && Rule.isValidKey(String(repeating: "~", count: 200)))
        #expect(Rule.isValidKey("7f3c-41d2_save.12"))
        for bad in ["", String(repeating: "k", count: 201), "with space", "tab\t", "zaż", "e\u{0301}", "nul\u{0}"] {
            #expect(!Rule.isValidKey(bad), "\(bad.debugDescription)")
        }
        #expect(Rule.isValidKey("\"'"), "a quote is a visible character")
    }
}
