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
}
