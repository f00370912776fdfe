import ExamPrepTestSupport
import Foundation
import Logging
import Testing

@testable import ExamPrepServer

/// `StartBatcher`, the line in which an exam's starts wait to be written together, with a
/// write of the test's own that holds each group until the test lets it go.
@Suite("Starts written together: an exam's line")
struct StartBatcherTests {
    /// Records each group written and holds it while the gate is closed.
    actor Writes {
        private(set) var groups: [[Int]] = []
        private var open = false
        private var held: [CheckedContinuation<Void, Never>] = []
        /// A student whose group fails.
        let failing: Int?

        init(failing: Int? = nil) {
            self.failing = failing
        }

        struct Failed: Error {}

        func write(_ group: [StartBatcher.Start]) async throws -> [AttemptRepository.Starting?] {
            groups.append(group.map(\.studentID))
            if !open { await withCheckedContinuation { held.append($0) } }
            if let failing, group.contains(where: { $0.studentID == failing }) { throw Failed() }
            // Each student's own answer: not found for even students, alone for odd ones.
            return group.map { $0.studentID.isMultiple(of: 2) ? .notFound : nil }
        }

        func letGo() {
            open = true
            for continuation in held { continuation.resume() }
            held = []
        }
    }

    static let logger = Logger(label: "examprep.test.batcher")

    /// Starts `studentID` on exam 1 in a task of its own: `true` when it was answered not
    /// found, `false` when left to go alone; throws what its group threw.
    static func start(_ studentID: Int, _ batcher: StartBatcher, _ writes: Writes) -> Task<Bool, any Error> {
        Task {
            let origin = AttemptRepository.Origin(sessionID: UUID(), place: "place")
            let outcome = try await batcher.start(
                examID: 1, StartBatcher.Start(studentID: studentID, origin: origin, now: Date()), logger: logger
            ) { _, group, _ in try await writes.write(group) }
            if case .notFound = outcome { return true }
            return false
        }
    }

    @Test func aStartAloneIsWrittenAtOnceAndGetsItsOwnAnswer() async throws {
        let batcher = StartBatcher()
        let writes = Writes()
        await writes.letGo()
        #expect(try await Self.start(2, batcher, writes).value == true)
        #expect(try await Self.start(3, batcher, writes).value == false)
        #expect(await writes.groups == [[2], [3]])
        #expect(batcher.statistics.groups == 2 && batcher.statistics.starts == 2 && batcher.statistics.waiting == 0)
    }

    @Test func startsThatArriveWhileAGroupIsWrittenGoTogetherNextInTheOrderTheyCame() async throws {
        let batcher = StartBatcher(maxGroup: 3, maxWriting: 1)
        let writes = Writes()
        var tasks = [Self.start(10, batcher, writes)]
        try await eventually("the first group is being written") { await writes.groups.count == 1 }
        for (index, student) in [11, 12, 13, 14].enumerated() {
            tasks.append(Self.start(student, batcher, writes))
            try await eventually("\(index + 1) starts wait") { batcher.statistics.waiting == index + 1 }
        }
        await writes.letGo()
        let answers = try await tasks.asyncMap { try await $0.value }
        #expect(answers == [true, false, true, false, true])
        #expect(await writes.groups == [[10], [11, 12, 13], [14]])
        #expect(batcher.statistics.waiting == 0)
    }

    @Test func aStudentIsInAGroupOnceTheirSecondStartGoesInTheNext() async throws {
        let batcher = StartBatcher(maxGroup: 8, maxWriting: 1)
        let writes = Writes()
        var tasks = [Self.start(20, batcher, writes)]
        try await eventually("the first group is being written") { await writes.groups.count == 1 }
        for (index, student) in [21, 21, 22].enumerated() {
            tasks.append(Self.start(student, batcher, writes))
            try await eventually("\(index + 1) starts wait") { batcher.statistics.waiting == index + 1 }
        }
        await writes.letGo()
        for task in tasks { _ = try await task.value }
        #expect(await writes.groups == [[20], [21, 22], [21]])
    }

    @Test func groupsOfOneExamAreWrittenAtMostMaxWritingAtATime() async throws {
        let batcher = StartBatcher(maxGroup: 8, maxWriting: 2)
        let writes = Writes()
        let first = [Self.start(30, batcher, writes), Self.start(31, batcher, writes)]
        try await eventually("two groups are being written") { await writes.groups.count == 2 }
        let third = Self.start(32, batcher, writes)
        try await eventually("the third start waits") { batcher.statistics.waiting == 1 }
        #expect(await writes.groups.count == 2)
        await writes.letGo()
        for task in first + [third] { _ = try await task.value }
        #expect(await writes.groups.map { $0.sorted() }.sorted { $0[0] < $1[0] } == [[30], [31], [32]])
    }

    @Test func aGroupThatFailsThrowsToEachOfItsStartsAndTheNextIsStillWritten() async throws {
        let batcher = StartBatcher(maxGroup: 8, maxWriting: 1)
        let writes = Writes(failing: 41)
        var tasks = [Self.start(40, batcher, writes)]
        try await eventually("the first group is being written") { await writes.groups.count == 1 }
        for (index, student) in [41, 42].enumerated() {
            tasks.append(Self.start(student, batcher, writes))
            try await eventually("\(index + 1) starts wait") { batcher.statistics.waiting == index + 1 }
        }
        await writes.letGo()
        #expect(try await tasks[0].value == true)
        for task in tasks.dropFirst() {
            await #expect(throws: Writes.Failed.self) { try await task.value }
        }
        #expect(try await Self.start(43, batcher, writes).value == false)
        #expect(await writes.groups == [[40], [41, 42], [43]])
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var mapped: [T] = []
        for element in self { mapped.append(try await transform(element)) }
        return mapped
    }
}
