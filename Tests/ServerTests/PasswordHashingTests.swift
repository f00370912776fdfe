import ExamPrepPostgres
import ExamPrepRules
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import NIOCore
import Synchronization
import Testing

@testable import ExamPrepServer

@Suite("Password hashing", .hangGuard)
struct PasswordHashingTests {
    /// bcrypt test vectors of the OpenBSD implementation ("U*U"), in the three spellings the
    /// first version's bcryptjs and other tools write.
    static let legacyHashes = [
        "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW",
        "$2b$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW",
        "$2y$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW",
    ]

    /// A running hasher for the duration of `body`, by default with a test's hashing times:
    /// every job expected to take 50 ms, and a clock of deadlines that moves only when the test
    /// moves it (so that no job is shed or overdue because the machine is busy).
    static func withHasher<R: Sendable>(
        _ scheme: HashScheme, threads: Int = 1, maxWait: Duration = .seconds(30), times: HashingTimes = TestClock().hashingTimes(),
        _ body: (PasswordHasher) async throws -> R
    ) async throws -> R {
        let hasher = PasswordHasher(scheme: scheme, threads: threads, maxWait: maxWait, times: times)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await hasher.run() }
            defer { group.cancelAll() }
            return try await body(hasher)
        }
    }

    /// Waits until the hasher has made its decoy (a login of an unknown account verifies
    /// against it) and is idle: the jobs a test queues afterwards are the only ones.
    static func prepared(_ hasher: PasswordHasher) async throws {
        #expect(try await !hasher.verify("an unknown account's login", against: nil))
        try await eventually("the hasher to be idle (the decoy made)") {
            hasher.statistics.running == 0 && hasher.statistics.waiting == 0
        }
    }

    /// Runs `body` while a `HashingHold` keeps a thread of `hasher` busy: with one thread,
    /// whatever `body` queues waits in line.
    static func whileHeld<R: Sendable>(_ hasher: PasswordHasher, _ body: () async throws -> R) async throws -> R {
        let hold = HashingHold()
        hold.attach(hasher.queue)
        return try await hold.whileOccupying(body)
    }

    /// The expected wait that decides shedding follows the jobs' usual duration: one job held
    /// up in a surge does not double it (a weighted average of the last few did, and shed logins).
    @Test func oneSlowJobDoesNotMakeTheQueueShed() {
        var durations = JobDurations(first: 0.05)
        #expect(durations.mean == 0.05)
        for _ in 0..<JobDurations.kept { durations.add(0.01) }
        durations.add(0.3)
        #expect(durations.mean < 0.015)
        for _ in 0..<JobDurations.kept { durations.add(0.02) }
        #expect(abs(durations.mean - 0.02) < 1e-9, "only the last \(JobDurations.kept) jobs count")
    }

    #if os(Linux)
        /// A login surge keeps the cores busy without delaying other requests: the hashing runs
        /// on threads of a lower priority than the others.
        @Test func hashingThreadsGiveWayToEveryOtherThread() async throws {
            try await Self.withHasher(.yescrypt(cost: 1)) { (hasher: PasswordHasher) async throws in
                let niceness = try await hasher.queue.run(priority: .high, maxWait: .seconds(30)) { ProcessTuning.currentThreadNiceness }
                #expect(niceness == ProcessTuning.hashingNiceness)
                #expect(
                    (ProcessTuning.currentThreadNiceness ?? 0) < ProcessTuning.hashingNiceness, "the test's own thread is an ordinary one")
            }
        }

        /// A thread that wakes up to answer a request takes the core from a hashing thread at
        /// once: the hashing threads have the longest time slice Linux gives (6.12 and later;
        /// a waking thread with a shorter slice preempts), and a thread a hashing thread starts
        /// gets the default slice back.
        @Test func hashingThreadsHaveTheLongestSliceAndTheirThreadsTheDefault() async throws {
            try await Self.withHasher(.yescrypt(cost: 1)) { (hasher: PasswordHasher) async throws in
                let slices = try await hasher.queue.run(priority: .high, maxWait: .seconds(30)) { () -> [Duration?] in
                    let started = SliceSeen()
                    let done = DispatchSemaphore(value: 0)
                    let thread = Thread {
                        started.slice.withLock { $0 = ProcessTuning.currentThreadSlice }
                        done.signal()
                    }
                    thread.start()
                    done.wait()
                    return [ProcessTuning.currentThreadSlice, started.slice.withLock { $0 }]
                }
                let ordinary = ProcessTuning.currentThreadSlice
                if Self.kernelHasSlices {
                    #expect(ordinary != nil && ordinary != ProcessTuning.hashingSlice, "the test's own thread has the default slice")
                    #expect(slices == [ProcessTuning.hashingSlice, ordinary])
                } else {
                    #expect(slices == [nil, nil])
                }
            }
        }

        /// The slice a thread started by a hashing thread found it had.
        final class SliceSeen: Sendable {
            let slice = Mutex<Duration?>(nil)
        }

        /// Linux 6.12 or later: a normal thread's sched_runtime is its time slice.
        static var kernelHasSlices: Bool {
            var name = utsname()
            uname(&name)
            let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let numbers = release.split(separator: ".").prefix(2).map { Int($0.prefix { $0.isNumber }) ?? 0 }
            guard numbers.count == 2 else { return false }
            return (numbers[0], numbers[1]) >= (6, 12)
        }
    #endif

    @Test func yescryptIsTheDefaultAndVerifies() async throws {
        try await Self.withHasher(.default) { (hasher: PasswordHasher) async throws in
            let hash = try await hasher.hash("correct horse battery")
            #expect(hash.hasPrefix("$y$"))
            #expect(try await hasher.verify("correct horse battery", against: hash))
            #expect(try await !hasher.verify("correct horse batterY", against: hash))
            #expect(try await !hasher.needsRehash(hash))
        }
    }

    @Test(arguments: legacyHashes)
    func bcryptFromAnotherToolVerifiesAndNeedsUpgrade(hash: String) async throws {
        try await Self.withHasher(.yescrypt(cost: 1)) { (hasher: PasswordHasher) async throws in
            #expect(try await hasher.verify("U*U", against: hash))
            #expect(try await !hasher.verify("U*V", against: hash))
            #expect(try await hasher.needsRehash(hash))
        }
    }

    @Test func aStoredValueThatIsNoCryptHashMatchesNothing() async throws {
        try await Self.withHasher(.yescrypt(cost: 1)) { (hasher: PasswordHasher) async throws in
            for password in ["!", "", "*0", "anything at all"] {
                #expect(try await !hasher.verify(password, against: "!"))
            }
            #expect(!PasswordHasher.canVerify("!", against: "!"))
        }
    }

    /// Every job is expected to take a second and the only thread is held (half a second of
    /// its job counts as left): a job is let in while the work ahead of it is within its bound
    /// of 2.5 s, so three are; the fourth (3.5 s ahead) is refused at once, told to come back
    /// when 1.25 s of work is left, and the three run once the thread is free.
    @Test func workThatWouldWaitTooLongIsRefusedAtOnceWithRetryAfter() async throws {
        let times = TestClock().hashingTimes(jobSeconds: 1)
        try await Self.withHasher(.yescrypt(cost: 1), maxWait: .milliseconds(2_500), times: times) {
            (hasher: PasswordHasher) async throws in
            try await Self.prepared(hasher)
            let admitted = try await Self.whileHeld(hasher) {
                var queued: [Task<String, any Error>] = []
                for count in 1...3 {
                    queued.append(Task { try await hasher.hash("admitted \(count)") })
                    try await eventually("\(count) jobs in line") { hasher.statistics.waiting == count }
                }
                let refusal = await #expect(throws: HashingOverloaded.self) { try await hasher.hash("one too many") }
                #expect(refusal?.retryAfter == 3)
                #expect(hasher.statistics.shed == 1 && hasher.statistics.waiting == 3)
                return queued
            }
            for job in admitted { #expect(try await job.value.hasPrefix("$y$")) }
            #expect(hasher.statistics.shed == 1 && hasher.statistics.overdue == 0)
        }
    }

    /// A refused caller is told to come back when the work ahead has shrunk to half its bound:
    /// let in then, and the threads still busy while it was away (told the whole wait, a crowd
    /// came back, with its jitter, to idle threads).
    @Test func aRefusedCallerComesBackWhenHalfTheBoundIsLeft() {
        #expect(HashingQueue.retryAfter(wait: 60, bound: 45) == 38)
        #expect(HashingQueue.retryAfter(wait: 16, bound: 15) == 9)
        #expect(HashingQueue.retryAfter(wait: 0.2, bound: 0) == 1)
        #expect(HashingQueue.retryAfter(wait: 3, bound: 45) == 1, "never less than a second")
    }

    /// A login asks the queue before its database work; the answer is the one `run` would give.
    @Test func theAdmissionCheckRefusesAsTheQueueWouldWithoutQueueing() async throws {
        try await Self.withHasher(.yescrypt(cost: 1), threads: 1, maxWait: .zero) { (hasher: PasswordHasher) async throws in
            try await Self.prepared(hasher)
            try hasher.admits(.high)
            let shedBefore = hasher.statistics.shed
            try await Self.whileHeld(hasher) {
                let refusal = #expect(throws: HashingOverloaded.self) { try hasher.admits(.high) }
                #expect((refusal?.retryAfter ?? 0) >= 1)
                #expect(hasher.statistics.shed == shedBefore + 1)
                #expect(hasher.statistics.waiting == 0, "nothing was queued")
            }
        }
    }

    /// Issue 42: on a machine busier than the recent jobs said, a login admitted on a short
    /// estimate waited past its bound and its client gave up (a timeout, not a 503). A job still
    /// waiting a second after its bound is now answered 503 with Retry-After, as if shed, by the
    /// hasher's own sweep (twice a second). The queue's clock is the test's: the job is overdue
    /// when the test says its bound and grace are over, however long the machine took.
    @Test func aJobStillWaitingPastItsBoundIsAnsweredAsShed() async throws {
        let clock = TestClock()
        try await Self.withHasher(.yescrypt(cost: 1), threads: 1, maxWait: .milliseconds(200), times: clock.hashingTimes()) {
            (hasher: PasswordHasher) async throws in
            try await Self.prepared(hasher)
            try await Self.whileHeld(hasher) {
                // Admitted: one job running, a short one by the estimate, well inside 200 ms.
                let waiting = Task { try await hasher.hash("waits behind the hold") }
                try await eventually("the job in line") { hasher.statistics.waiting == 1 }
                hasher.queue.shedOverdue()
                #expect(hasher.statistics.waiting == 1 && hasher.statistics.overdue == 0, "within its bound and grace it waits")
                clock.advance(by: 0.2 + Double(HashingQueue.overdueGrace.components.seconds) + 0.001)
                let error = await #expect(throws: HashingOverloaded.self) { try await waiting.value }
                #expect((error?.retryAfter ?? 0) >= 1)
                #expect(hasher.statistics.overdue == 1)
                #expect(hasher.statistics.shed == 0)
                #expect(hasher.statistics.waiting == 0)
            }
        }
    }

    /// The only thread is held (not busy with a slow hash, which on a fast machine ended before
    /// the jobs behind it were all in line, and the test waited for a line that never formed).
    @Test func aQueuedJobWhoseTaskIsCancelledNeverRuns() async throws {
        try await Self.withHasher(.yescrypt(cost: 1), threads: 1) { (hasher: PasswordHasher) async throws in
            try await Self.prepared(hasher)
            try await Self.whileHeld(hasher) {
                let queued = (0..<3).map { _ in Task { try await hasher.hash("queued") } }
                try await eventually("3 jobs in line") { hasher.statistics.waiting == 3 }
                for task in queued { task.cancel() }
                for task in queued {
                    await #expect(throws: CancellationError.self) { try await task.value }
                }
                #expect(hasher.statistics.cancelled == 3)
                #expect(hasher.statistics.waiting == 0)
                #expect(hasher.statistics.running == 1, "only the hold ran")
            }
        }
    }

    /// The order is what is tested (the hashing's cost is not: it is the cheapest).
    @Test func logInsGoBeforeNewHashes() async throws {
        try await Self.withHasher(.yescrypt(cost: 1), threads: 1) { (hasher: PasswordHasher) async throws in
            let hash = try await hasher.hash("password one")
            // The only hashing thread is held until every job below is in line (and let go
            // when the test ends early, so that no thread outlives it).
            try await Gate.whileClosed("the held hashing thread's gate") { gate in
                let blocker = Task { try await hasher.queue.run(priority: .normal, maxWait: .seconds(30)) { try gate.waitBlocking() } }
                try await eventually("the blocker to hold the thread") { hasher.statistics.running == 1 }
                let order = OrderLog()
                let registrations = (0..<3).map { index in
                    Task {
                        _ = try await hasher.hash("new \(index)")
                        order.append("hash")
                    }
                }
                try await eventually("3 hashes in line") { hasher.statistics.waiting == 3 }
                let login = Task {
                    _ = try await hasher.verify("password one", against: hash)
                    order.append("login")
                }
                try await eventually("the login in line too") { hasher.statistics.waiting == 4 }
                gate.open()
                _ = try await blocker.value
                try await login.value
                for registration in registrations { try await registration.value }
                #expect(order.entries.first == "login")
            }
        }
    }

    /// While other work waits (requests in the database pool's line), a free hashing thread
    /// waits before its next job, and runs it once that work is done. The first estimate of a
    /// job's duration bounds the pause, so it is an hour here: only the backlog clearing lets
    /// the job run.
    @Test func aFreeHashingThreadWaitsWhileOtherWorkWaitsAndRunsOnceItIsDone() async throws {
        let backlog = BacklogFlag(true)
        let queue = HashingQueue(threads: 1, times: HashingTimes(expectedJobSeconds: 3_600), backlog: { backlog.standing })
        queue.start()
        let job = Task { try await queue.run(priority: .high, maxWait: .seconds(7_200)) { 42 } }
        try await eventually("the job in line") { queue.statistics.waiting == 1 }
        try await Task.sleep(for: .milliseconds(200))
        #expect(queue.statistics.waiting == 1, "not started while other work waits")
        #expect(queue.statistics.completed == 0)
        backlog.standing = false
        #expect(try await job.value == 42)
        // Counted from when the thread chose to wait, which a busy machine may start late: more
        // than nothing, never a bound on the clock.
        #expect(queue.statistics.pausedSeconds > 0, "the pause is counted for the metrics")
        await queue.stop()
    }

    /// A backlog that never clears slows the hashing (each pause at most a job's mean
    /// hashing time) but never stops it; and a queue stopping ends a pause at once.
    @Test func aBacklogThatNeverClearsNeverStopsTheHashing() async throws {
        let queue = HashingQueue(threads: 1, times: HashingTimes(expectedJobSeconds: 0.02), backlog: { true })
        queue.start()
        for index in 0..<5 {
            #expect(try await queue.run(priority: .high, maxWait: .seconds(3_600)) { index } == index)
        }
        #expect(queue.statistics.completed == 5)
        let stopping = HashingQueue(threads: 1, times: HashingTimes(expectedJobSeconds: 3_600), backlog: { true })
        stopping.start()
        let abandoned = Task { try await stopping.run(priority: .high, maxWait: .seconds(7_200)) { 1 } }
        try await eventually("the job in line") { stopping.statistics.waiting == 1 }
        await stopping.stop()
        await #expect(throws: HashingStopped.self) { try await abandoned.value }
        await queue.stop()
    }

    @Test(arguments: legacyHashes)
    func aLegacyBcryptAccountLogsInAndIsUpgraded(hash: String) async throws {
        let database = try await TestDatabase.makeDatabase(migrated: true)
        try await TestServer.run(configure: { $0.database = .external(database) }) { server in
            let email = uniqueEmail("legacy")
            try await insertUser(database, email: email, hash: hash)
            #expect(try await server.login(email, password: "U*U").success)
            let stored = try await PostgresPool(configuration: database, maxConnections: 1, logger: .init(label: "test")).whileRunning {
                try await $0.query("SELECT password_hash FROM users WHERE email = \(email)").single().decode(
                    "password_hash", as: String.self)
            }
            #expect(stored.hasPrefix("$y$"))
            #expect(try await server.login(email, password: "U*U").success)
        }
    }

    @Test func aLongPasswordCannotLogInWithADifferentTail() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail()
            let head = String(repeating: "a", count: 72)
            try await server.register(email, password: head + "-the-real-tail", role: .student).expect(.created)
            try await server.post(APIPaths.login, json: LoginRequest(email: email, password: head + "-another-tail"))
                .expect(.badRequest)
            #expect(try await server.login(email, password: head + "-the-real-tail").success)
        }
    }

    @Test func bcryptConfiguredRejectsPasswordsOver72BytesInsteadOfCuttingThem() async throws {
        try await TestServer.run(configure: { try? $0.setHashScheme("bcrypt", cost: 4) }) { server in
            let reply = try await server.register(uniqueEmail(), password: String(repeating: "ü", count: 40), role: .student)
            #expect(reply.status == .badRequest)
            #expect(reply.error?.message == "Password may be at most 72 bytes in UTF-8 with the configured hashing scheme.")
        }
    }

    @Test func aLegacyBcryptHashNeverMatchesAPasswordLongerThan72Bytes() async throws {
        let database = try await TestDatabase.makeDatabase(migrated: true)
        try await TestServer.run(configure: { $0.database = .external(database) }) { server in
            let head = String(repeating: "b", count: 72)
            let hash = try await Self.withHasher(.bcrypt(cost: 4)) { try await $0.hash(head + "tail-one") }
            let email = uniqueEmail("legacy")
            try await insertUser(database, email: email, hash: hash)
            try await server.post(APIPaths.login, json: LoginRequest(email: email, password: head + "tail-two"))
                .expect(.badRequest)
        }
    }
}

/// Inserts an account as an import from the first version would: with its own hash.
func insertUser(_ database: PostgresConfiguration, email: String, hash: String, role: Role = .student) async throws {
    _ = try await PostgresPool(configuration: database, maxConnections: 1, logger: .init(label: "test")).whileRunning { pool in
        try await pool.execute(
            """
            INSERT INTO users (email, email_key, password_hash, role_id)
            VALUES (\(email), \(EmailAddress.key(email)), \(hash), \(role.rawValue))
            """)
    }
}

/// Records the order in which concurrent work finished.
final class OrderLog: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ entry: String) { storage.withLock { $0.append(entry) } }
    var entries: [String] { storage.withLock { $0 } }
}

/// Whether other work waits, as a test sets it for a `HashingQueue`'s backlog.
private final class BacklogFlag: Sendable {
    private let value: Mutex<Bool>

    init(_ standing: Bool) {
        value = Mutex(standing)
    }

    var standing: Bool {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
