import Foundation
import Logging
import Synchronization

/// Starts of one exam that arrive together are written together: one transaction for a
/// group of students instead of one each (`AttemptRepository.startTogether`). A class that
/// starts at once then pays a transaction's fixed costs (its round trips, BEGIN and COMMIT,
/// the commit's flush, every question row's key lock taken once) once a group, and its rows
/// go in with one statement per table.
///
/// Nothing waits for a group to fill: a start that finds no group of its exam being written
/// is written at once (a group of one); those that arrive meanwhile wait for it and go
/// together next, at most `maxGroup` of them, with at most `maxWriting` groups of an exam
/// being written at the same time. A student is in a group once (a second start of theirs,
/// from another tab, waits for the next group, where it finds the first one's attempt).
final class StartBatcher: Sendable {
    /// What one start asks for.
    struct Start: Sendable {
        var studentID: Int
        var origin: AttemptRepository.Origin
        var now: Date
    }

    /// Writes a group, answering each start in its order: its outcome, or nil for a start
    /// that its student's own transaction must make (`AttemptRepository.startTogether`).
    typealias Write = @Sendable (_ examID: Int, _ group: [Start], _ logger: Logger) async throws -> [AttemptRepository.Starting?]

    private struct Waiting: Sendable {
        var start: Start
        var answer: CheckedContinuation<AttemptRepository.Starting?, any Error>
    }

    private struct Lane: Sendable {
        var waiting: [Waiting] = []
        var writing = 0
    }

    /// What `/metrics` shows of it.
    struct Statistics: Sendable {
        /// Starts waiting now for their exam's next group.
        var waiting = 0
        /// Groups written since the server started, and the starts in them.
        var groups = 0
        var starts = 0
    }

    let maxGroup: Int
    let maxWriting: Int
    private let lanes = Mutex<[Int: Lane]>([:])
    private let counts = Mutex(Statistics())

    var statistics: Statistics {
        var statistics = counts.withLock { $0 }
        statistics.waiting = lanes.withLock { $0.values.reduce(0) { $0 + $1.waiting.count } }
        return statistics
    }

    init(maxGroup: Int = 32, maxWriting: Int = 2) {
        self.maxGroup = max(1, maxGroup)
        self.maxWriting = max(1, maxWriting)
    }

    /// The start's outcome once its group is written (nil: make it alone). A group that fails
    /// as a whole throws its error to each of its starts.
    func start(examID: Int, _ start: Start, logger: Logger, write: @escaping Write) async throws -> AttemptRepository.Starting? {
        try await withCheckedThrowingContinuation { answer in
            let group = lanes.withLock { lanes in
                lanes[examID, default: Lane()].waiting.append(Waiting(start: start, answer: answer))
                return Self.nextGroup(of: examID, in: &lanes, maxGroup: maxGroup, maxWriting: maxWriting)
            }
            guard let group else { return }
            Task { await self.write(group, examID: examID, logger: logger, with: write) }
        }
    }

    /// Writes `group`, then each next group of the exam while starts wait and no more than
    /// `maxWriting` groups are being written.
    private func write(_ first: [Waiting], examID: Int, logger: Logger, with write: Write) async {
        var group = first
        while true {
            counts.withLock {
                $0.groups += 1
                $0.starts += group.count
            }
            do {
                let outcomes = try await write(examID, group.map(\.start), logger)
                for (index, waiting) in group.enumerated() {
                    waiting.answer.resume(returning: outcomes.indices.contains(index) ? outcomes[index] : nil)
                }
            } catch {
                for waiting in group { waiting.answer.resume(throwing: error) }
            }
            let next = lanes.withLock { lanes in
                lanes[examID]?.writing -= 1
                let next = Self.nextGroup(of: examID, in: &lanes, maxGroup: maxGroup, maxWriting: maxWriting)
                if let lane = lanes[examID], lane.writing == 0, lane.waiting.isEmpty { lanes.removeValue(forKey: examID) }
                return next
            }
            guard let next else { return }
            group = next
        }
    }

    /// The next group of the exam, taken from its line and counted as being written, when
    /// starts wait and fewer than `maxWriting` groups are being written; nil otherwise. The
    /// first `maxGroup` waiting starts of different students, in the order they came.
    private static func nextGroup(of examID: Int, in lanes: inout [Int: Lane], maxGroup: Int, maxWriting: Int) -> [Waiting]? {
        guard var lane = lanes[examID], !lane.waiting.isEmpty, lane.writing < maxWriting else { return nil }
        var group: [Waiting] = []
        var students = Set<Int>()
        var left: [Waiting] = []
        for waiting in lane.waiting {
            if group.count < maxGroup, students.insert(waiting.start.studentID).inserted {
                group.append(waiting)
            } else {
                left.append(waiting)
            }
        }
        lane.waiting = left
        lane.writing += 1
        lanes[examID] = lane
        return group
    }
}
