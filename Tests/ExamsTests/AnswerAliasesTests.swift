import ExamPrepExams
import ExamPrepShared
import Foundation
import Testing

/// The ids a student sees for choices, items and options: aliases of the attempt's seed that
/// say nothing of the answer, the same for the same seed, and read back to the author's ids.
@Suite("Exams: the ids a student sees")
struct AnswerAliasesTests {
    static let seed = UUID(uuidString: "6F1D2C3B-4A59-4867-8E7D-1C2B3A495867")
    static let other = UUID(uuidString: "0A1B2C3D-4E5F-4061-8273-A4B5C6D7E8F9")
    /// Ids with quotes, backslashes and commas, and the same followed by a combining mark:
    /// each is an id of its own.
    static let ids = ["a", "b", "c", "\"", "\"\u{0301}", "\\", "a,b", "{x}", "e\u{0301}"]

    static let choices = Questions.make(1, .multipleChoice, choices: ids.map { Questions.choice($0, correct: $0 == "a") })
    static let pairs = ["i1": "o1", "i\"\u{0301}": "o,2"]
    static let matching = Questions.make(
        2, .matching,
        key: AnswerKey(
            items: [Choice(id: "i1", text: "Item"), Choice(id: "i\"\u{0301}", text: "Other")],
            options: [Choice(id: "o1", text: "Option"), Choice(id: "o,2", text: "Another")],
            pairs: pairs))

    @Test func withoutASeedTheAuthorsIdsAreShown() {
        let aliases = AnswerAliases(seed: nil)
        #expect(aliases.shown(Self.choices) == Self.choices)
        #expect(aliases.shownShuffled(Self.choices) == Self.choices)
        let answer = AnswerInput(questionId: 1, choiceIds: ["a"])
        #expect(aliases.shown(answer, of: Self.choices) == answer && aliases.real(answer, of: Self.choices) == answer)
    }

    @Test func aliasesAreTenBase32LettersUniqueAndSayNothingOfTheIds() {
        let shown = AnswerAliases(seed: Self.seed).shown(Self.choices)
        let keys = shown.choices.map(\.key)
        #expect(Set(keys).count == Self.ids.count)
        let alphabet = Set("abcdefghijklmnopqrstuvwxyz234567")
        for key in keys {
            #expect(key.count == 10 && key.allSatisfy(alphabet.contains), "\(key)")
            #expect(!Self.ids.contains(key))
        }
        // Texts and which one is right stay with their choice, in the author's order.
        #expect(shown.choices.map(\.text) == Self.choices.choices.map(\.text))
        #expect(shown.choices.map(\.correct) == Self.choices.choices.map(\.correct))
    }

    /// An alias never changes between versions of the server: a client that queued answers
    /// under the aliases it was shown saves them after an upgrade.
    @Test func anAliasIsTheSameInEveryVersion() {
        let shown = AnswerAliases(seed: Self.seed).shown(AnswerInput(questionId: 1, choiceIds: ["a", "e\u{0301}"]), of: Self.choices)
        #expect(shown.choiceIds == ["7vxukghlml", "3ntfo3hfas"])
    }

    @Test func theSameSeedGivesTheSameAliasesAnotherSeedOthers() {
        let first = AnswerAliases(seed: Self.seed).shown(Self.choices).choices.map(\.key)
        #expect(AnswerAliases(seed: Self.seed).shown(Self.choices).choices.map(\.key) == first)
        let other = AnswerAliases(seed: Self.other).shown(Self.choices).choices.map(\.key)
        #expect(Set(other).isDisjoint(with: first))
        // Another question's choices of the same ids get other aliases.
        var second = Self.choices
        second.id = 3
        #expect(Set(AnswerAliases(seed: Self.seed).shown(second).choices.map(\.key)).isDisjoint(with: first))
    }

    @Test func anAnswerUnderTheAliasesReadsBackToTheAuthorsIds() {
        let aliases = AnswerAliases(seed: Self.seed)
        for id in Self.ids {
            let answer = AnswerInput(questionId: 1, choiceIds: [id, "a"], sequence: 4)
            let shown = aliases.shown(answer, of: Self.choices)
            #expect(shown.choiceIds != answer.choiceIds && shown.sequence == 4)
            #expect(aliases.real(shown, of: Self.choices) == answer)
        }
        let matches = AnswerInput(questionId: 2, matches: ["i1": "o,2", "i\"\u{0301}": "o1"])
        let shown = aliases.shown(matches, of: Self.matching)
        #expect(shown.matches?.keys.contains("i1") == false)
        #expect(aliases.real(shown, of: Self.matching) == matches)
    }

    @Test func aMatchingQuestionsKeyIsShownUnderTheSameAliases() throws {
        let aliases = AnswerAliases(seed: Self.seed)
        let shown = aliases.shown(Self.matching)
        let pairs = try #require(shown.key.pairs)
        let answer = aliases.shown(AnswerInput(questionId: 2, matches: Self.pairs), of: Self.matching)
        #expect(answer.matches == pairs)
        #expect(Set(pairs.keys) == Set(shown.key.items?.map(\.id) ?? []))
        #expect(Set(pairs.values) == Set(shown.key.options?.map(\.id) ?? []))
    }

    /// An id the question does not have stays as it was: validation refuses it, and it never
    /// passes for another.
    @Test func anUnknownIdIsLeftAsItIs() {
        let aliases = AnswerAliases(seed: Self.seed)
        let answer = AnswerInput(questionId: 1, choiceIds: ["z\"\u{0301}"])
        #expect(aliases.real(answer, of: Self.choices) == answer)
    }

    @Test func shuffledIsInTheSeedsOwnOrderTheSameEachTime() {
        let aliases = AnswerAliases(seed: Self.seed)
        let shuffled = aliases.shownShuffled(Self.choices)
        #expect(shuffled.choices.map(\.key) == shuffled.choices.map(\.key).sorted())
        #expect(Set(shuffled.choices.map(\.key)) == Set(aliases.shown(Self.choices).choices.map(\.key)))
        #expect(aliases.shownShuffled(Self.choices) == shuffled)
    }
}
