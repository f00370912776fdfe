import ExamPrepExams
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
/// 2,000 attempts of one exam cost 2,000 short lists of ids. Past `capacity` attempts, the
/// oldest half is dropped, with the questions no attempt still kept shows. An attempt a
/// student submits on this replica is forgotten at once (its questions stay until the next
/// halving, or until no attempt is kept); one the sweep submits stays until it is dropped.
final class AttemptQuestionCache: Sendable {
    private struct Shown {
        var questionID: Int
        var points: Int
    }

    private struct Contents {
        var questions: [Int: StoredQuestion] = [:]
        var attempts: [Int: [Shown]] = [:]
        /// Attempt ids in the order they were kept, for dropping the oldest.
        var order: [Int] = []
    }

    let capacity: Int
    private let contents = Mutex(Contents())

    init(capacity: Int = 8_192) {
        self.capacity = max(capacity, 2)
    }

    /// The attempt's questions in their drawn order, or nil when they are not kept.
    func questions(attemptID: Int) -> [StoredQuestion]? {
        contents.withLock { contents in
            guard let shown = contents.attempts[attemptID] else { return nil }
            var questions: [StoredQuestion] = []
            questions.reserveCapacity(shown.count)
            for entry in shown {
                guard var question = contents.questions[entry.questionID] else { return nil }
                question.points = entry.points
                questions.append(question)
            }
            return questions
        }
    }

    /// Keeps the questions an attempt drew (each with the points the attempt gives it).
    func keep(_ questions: [StoredQuestion], attemptID: Int) {
        contents.withLock { contents in
            if contents.attempts[attemptID] == nil {
                if contents.attempts.count >= capacity { Self.dropOldestHalf(&contents) }
                contents.order.append(attemptID)
            }
            for question in questions where contents.questions[question.id] == nil {
                contents.questions[question.id] = question
            }
            contents.attempts[attemptID] = questions.map { Shown(questionID: $0.id, points: $0.points) }
        }
    }

    /// Forgets a submitted attempt.
    func forget(attemptID: Int) {
        contents.withLock { contents in
            guard contents.attempts.removeValue(forKey: attemptID) != nil else { return }
            if let place = contents.order.firstIndex(of: attemptID) { contents.order.remove(at: place) }
            if contents.attempts.isEmpty { contents.questions.removeAll() }
        }
    }

    var attemptCount: Int { contents.withLock { $0.attempts.count } }

    private static func dropOldestHalf(_ contents: inout Contents) {
        let dropped = contents.order.prefix(contents.order.count / 2)
        for attemptID in dropped { contents.attempts.removeValue(forKey: attemptID) }
        contents.order.removeFirst(dropped.count)
        // Questions no kept attempt shows any more go too.
        let shown = Set(contents.attempts.values.flatMap { $0.map(\.questionID) })
        contents.questions = contents.questions.filter { shown.contains($0.key) }
    }
}
