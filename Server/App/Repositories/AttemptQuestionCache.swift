import ExamPrepExams
import ExamPrepShared
import Synchronization

/// The questions each running attempt shows, kept in memory so that a save (a dozen or more
/// per student and exam) validates its answers without reading them again: without it, the
/// questions, their choices and their answer keys made up a third of a save's statements and
/// most of its decoding.
///
/// Safe to keep because none of it changes once the attempt has started: the attempt's draw
/// (`attempt_questions`, with each question's points) is written when it starts, and a
/// question's row is never rewritten once an attempt showed it (an edit then makes a new
/// version with a new id). Attempts that show their exam's questions directly (from before
/// draws) are not kept: their exam could still be rewritten. Each replica keeps its own; a
/// miss reads the database as before.
///
/// Questions are kept once per version id and shared by the attempts that show them, so
/// 2,000 attempts of one exam cost 2,000 short lists of ids. Bounded by what it holds, not
/// only by how many attempts: at most `capacity` attempts and `maxBytes` of questions (an
/// estimate of their text), the attempts kept longest going first; a question goes as soon as
/// no kept attempt shows it. An attempt is forgotten when it is graded here, and the sweep
/// forgets every kept attempt that ended elsewhere (another replica, a deleted course).
final class AttemptQuestionCache: Sendable {
    private struct Shown {
        var questionID: Int
        var points: Int
    }

    private struct Kept {
        var question: StoredQuestion
        var bytes: Int
        /// How many kept attempts show it.
        var references: Int
    }

    private struct Contents {
        var questions: [Int: Kept] = [:]
        /// What each kept attempt shows, the attempt kept longest going first (`ExpiringCache`,
        /// bounded by count; these do not age: an attempt is forgotten when it ends).
        var attempts: ExpiringCache<Int, [Shown]>
        var bytes = 0

        /// Forgets what `shown` held of the questions: each goes when no kept attempt shows it.
        mutating func release(_ shown: [Shown]) {
            for entry in shown {
                guard var kept = questions[entry.questionID] else { continue }
                kept.references -= 1
                if kept.references > 0 {
                    questions[entry.questionID] = kept
                } else {
                    questions.removeValue(forKey: entry.questionID)
                    bytes -= kept.bytes
                }
            }
        }

        mutating func remove(_ attemptID: Int) {
            if let shown = attempts.remove(attemptID) { release(shown) }
        }

        /// The kept questions `shown`, in that order, each worth its points there; nil when one
        /// of them is not kept.
        func questions(_ shown: some Collection<Shown>) -> [StoredQuestion]? {
            var questions: [StoredQuestion] = []
            questions.reserveCapacity(shown.count)
            for entry in shown {
                guard var question = self.questions[entry.questionID]?.question else { return nil }
                question.points = entry.points
                questions.append(question)
            }
            return questions
        }
    }

    let capacity: Int
    let maxBytes: Int
    private let contents: Mutex<Contents>

    /// 64 MiB hold the questions of every attempt of a large exam hour many times over (2,000
    /// attempts drawing 40 of 200 bank questions keep 200 questions).
    init(capacity: Int = 8_192, maxBytes: Int = 64 << 20) {
        self.capacity = max(capacity, 2)
        self.maxBytes = max(maxBytes, 1)
        contents = Mutex(Contents(attempts: ExpiringCache(maxCount: self.capacity, clock: .system)))
    }

    /// The questions `attempt` shows, as it shows them (`LoadedAttempt.ordered`), or nil when
    /// they are not kept.
    func questions(of attempt: LoadedAttempt) -> [StoredQuestion]? {
        questions(attemptID: attempt.id).map(attempt.ordered)
    }

    /// The attempt's questions in their drawn order, or nil when they are not kept.
    func questions(attemptID: Int) -> [StoredQuestion]? {
        contents.withLock { contents in
            contents.attempts.value(for: attemptID).flatMap { contents.questions($0) }
        }
    }

    /// The questions `shown` as kept, each worth its points there, in that order; nil when one
    /// of them is not kept. A start reads its exam's own questions so: by id (the row of an id
    /// never changes) instead of again for every student.
    func questions(shown: [(id: Int, points: Int)]) -> [StoredQuestion]? {
        contents.withLock { contents in
            contents.questions(shown.lazy.map { Shown(questionID: $0.id, points: $0.points) })
        }
    }

    /// Keeps the questions an attempt drew (each with the points the attempt gives it). An
    /// attempt whose questions alone pass `maxBytes` is not kept (its saves read them).
    func keep(_ questions: [StoredQuestion], attemptID: Int) {
        let sizes = questions.map(Self.estimatedBytes)
        guard sizes.reduce(0, +) <= maxBytes else { return }
        contents.withLock { contents in
            contents.remove(attemptID)
            for (question, bytes) in zip(questions, sizes) {
                if contents.questions[question.id] == nil {
                    contents.questions[question.id] = Kept(question: question, bytes: bytes, references: 0)
                    contents.bytes += bytes
                }
                contents.questions[question.id]?.references += 1
            }
            for evicted in contents.attempts.insert(questions.map { Shown(questionID: $0.id, points: $0.points) }, for: attemptID) {
                contents.release(evicted)
            }
            // The newest (this one) stays: it fits alone.
            while contents.bytes > maxBytes, contents.attempts.count > 1, let oldest = contents.attempts.removeOldest() {
                contents.release(oldest.value)
            }
        }
    }

    /// Forgets an attempt that ended, and the questions no other kept attempt shows.
    func forget(attemptID: Int) {
        contents.withLock { contents in contents.remove(attemptID) }
    }

    /// Forgets attempts that ended.
    func forget(_ attemptIDs: some Sequence<Int>) {
        contents.withLock { contents in
            for attemptID in attemptIDs { contents.remove(attemptID) }
        }
    }

    /// The attempts kept now.
    var attemptIDs: [Int] { contents.withLock { $0.attempts.keys } }
    var attemptCount: Int { contents.withLock { $0.attempts.count } }
    var questionCount: Int { contents.withLock { $0.questions.count } }
    /// The estimated size of the questions kept now.
    var bytes: Int { contents.withLock { $0.bytes } }

    /// What a question costs in memory, about: its texts' bytes and a fixed cost per part.
    static func estimatedBytes(_ question: StoredQuestion) -> Int {
        func text(_ value: String?) -> Int { 16 + (value?.utf8.count ?? 0) }
        func choices(_ list: [Choice]?) -> Int { (list ?? []).reduce(0) { $0 + 32 + text($1.id) + text($1.text) + text($1.feedback) } }
        var bytes = 256 + text(question.prompt) + text(question.generalFeedback)
        bytes += question.choices.reduce(0) { $0 + 48 + text($1.key) + text($1.text) + text($1.feedback) }
        bytes += question.textAnswers.reduce(0) { $0 + 32 + text($1.text) + text($1.feedback) }
        bytes += (question.key.numbers ?? []).reduce(0) { $0 + 64 + text($1.feedback) }
        bytes += choices(question.key.items) + choices(question.key.options)
        bytes += (question.key.pairs ?? [:]).reduce(0) { $0 + text($1.key) + text($1.value) }
        bytes += text(question.key.feedbackWhenRight) + text(question.key.feedbackWhenWrong)
        bytes += text(question.bank.name) + text(question.bank.topic) + question.bank.tags.reduce(0) { $0 + text($1) }
        return bytes
    }
}
