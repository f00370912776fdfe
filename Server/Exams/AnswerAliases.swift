import Crypto
import ExamPrepShared
import Foundation

/// The ids a student sees for a question's choices, a matching question's items and its
/// options: aliases that say nothing about the answer. An author who writes choices `a, b, c`
/// with `a` right (and an import in file order did the same) would otherwise hand students
/// the key in the ids: `["a"]` without reading scored full marks, shuffled or not.
///
/// An alias is ten base-32 letters of SHA-256(seed, part, question, id): the seed is random
/// per attempt, per practice session, and per student for the lists of mistakes and due
/// reviews (`alias_seed`, migration 021), never sent to a client. The same seed gives the same
/// aliases, so a resumed attempt and its saved answers look the same, and an answer is read
/// back to the author's ids before it is stored: grading, regrades, statistics and exports see
/// only those. A nil seed (attempts and sessions from before aliases) shows the ids as they
/// are, so an answer a client queued before the change still saves.
public struct AnswerAliases: Sendable {
    public let seed: UUID?

    public init(seed: UUID?) {
        self.seed = seed
    }

    /// Which ids of a question an alias stands for: each part hashes apart.
    enum Part: UInt8 {
        case choice = 1
        case item, option
    }

    /// The question as a student sees it: every choice, item and option under its alias (the
    /// right answers too, so that a review shows them as the student knows them).
    public func shown(_ question: StoredQuestion) -> StoredQuestion {
        guard seed != nil else { return question }
        var shown = question
        let choices = aliases(question.choices.map(\.key), .choice, question: question.id)
        shown.choices = question.choices.map { choice in
            var aliased = choice
            aliased.key = choices[choice.key] ?? choice.key
            return aliased
        }
        let items = aliases(question.key.items?.map(\.id) ?? [], .item, question: question.id)
        let options = aliases(question.key.options?.map(\.id) ?? [], .option, question: question.id)
        shown.key.items = question.key.items?.map { Self.renamed($0, items) }
        shown.key.options = question.key.options?.map { Self.renamed($0, options) }
        shown.key.pairs = question.key.pairs.map { pairs in
            Dictionary(pairs.map { (items[$0.key] ?? $0.key, options[$0.value] ?? $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        return shown
    }

    /// As `shown`, with the choices and a matching question's options in an order of the
    /// seed's own: by their aliases, which the seed scatters like a shuffle. Practice sessions
    /// and the lists of due reviews and mistakes show questions so (an exam's attempt keeps
    /// the order drawn at its start instead, `AttemptOrder`); the same seed always gives the
    /// same order. Without a seed, the author's order.
    public func shownShuffled(_ question: StoredQuestion) -> StoredQuestion {
        var shown = shown(question)
        guard seed != nil else { return shown }
        shown.choices.sort { $0.key < $1.key }
        shown.key.options?.sort { $0.id < $1.id }
        return shown
    }

    private static func renamed(_ entry: Choice, _ aliases: [String: String]) -> Choice {
        var renamed = entry
        renamed.id = aliases[entry.id] ?? entry.id
        return renamed
    }

    /// `answer` (to the author's ids of `question`) under the aliases a student sees.
    public func shown(_ answer: AnswerInput, of question: StoredQuestion) -> AnswerInput {
        guard seed != nil else { return answer }
        return translate(
            answer, choices: aliases(question.choices.map(\.key), .choice, question: question.id),
            items: aliases(question.key.items?.map(\.id) ?? [], .item, question: question.id),
            options: aliases(question.key.options?.map(\.id) ?? [], .option, question: question.id))
    }

    /// `answer`, checked against `shown(question)`, back under the author's ids of `question`.
    public func real(_ answer: AnswerInput, of question: StoredQuestion) -> AnswerInput {
        guard seed != nil else { return answer }
        func inverse(_ map: [String: String]) -> [String: String] {
            Dictionary(map.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        }
        return translate(
            answer, choices: inverse(aliases(question.choices.map(\.key), .choice, question: question.id)),
            items: inverse(aliases(question.key.items?.map(\.id) ?? [], .item, question: question.id)),
            options: inverse(aliases(question.key.options?.map(\.id) ?? [], .option, question: question.id)))
    }

    private func translate(_ answer: AnswerInput, choices: [String: String], items: [String: String], options: [String: String])
        -> AnswerInput
    {
        var translated = answer
        translated.choiceIds = answer.choiceIds?.map { choices[$0] ?? $0 }
        translated.matches = answer.matches.map { matches in
            Dictionary(matches.map { (items[$0.key] ?? $0.key, options[$0.value] ?? $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        return translated
    }

    /// The alias of each of `ids` (one part of one question), unique among them: a collision
    /// of two hashes (about one in 10^13 for 100 options) takes the later one's position too.
    private func aliases(_ ids: [String], _ part: Part, question: Int) -> [String: String] {
        var byID: [String: String] = [:]
        var taken = Set<String>()
        for (position, id) in ids.enumerated() where byID[id] == nil {
            var alias = self.alias(id, part, question: question)
            if !taken.insert(alias).inserted {
                alias += "-\(position)"
                taken.insert(alias)
            }
            byID[id] = alias
        }
        return byID
    }

    private func alias(_ id: String, _ part: Part, question: Int) -> String {
        guard let seed else { return id }
        var hash = SHA256()
        withUnsafeBytes(of: seed.uuid) { hash.update(bufferPointer: $0) }
        hash.update(data: [part.rawValue])
        withUnsafeBytes(of: Int64(question).littleEndian) { hash.update(bufferPointer: $0) }
        hash.update(data: Array(id.utf8))
        let digest = Array(hash.finalize())
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)
        // Ten letters of five bits each from the first 50 bits.
        var bits = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        var letters: [UInt8] = []
        for _ in 0..<10 {
            letters.append(alphabet[Int(bits >> 59)])
            bits <<= 5
        }
        return String(decoding: letters, as: UTF8.self)
    }
}
