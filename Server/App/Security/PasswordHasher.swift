import Foundation
import NIOCore
import ServiceLifecycle
import Synchronization

/// Hashes and verifies passwords through libcrypt on the threads of a `HashingQueue`; a
/// service whose `run()` owns those threads.
///
/// It owns the whole question of what can be verified: a password the stored hash cannot
/// judge in full never matches, and an unknown account costs the same work as a wrong
/// password (a decoy hash is verified instead), so neither timing nor answer tells them apart.
final class PasswordHasher: Service, Sendable {
    let scheme: HashScheme
    /// How long a login may wait for a hashing thread before it is refused with 503.
    let maxWait: Duration
    let queue: HashingQueue
    /// Made on a hashing thread when the service starts (libcrypt is not called elsewhere).
    private let prepared = Mutex<Task<Prepared, any Error>?>(nil)

    private struct Prepared: Sendable {
        /// The stored-hash prefix of the current scheme and cost, e.g. `$y$j9T$` or `$2b$12$`.
        var currentParameters: String
        /// The hash of a random password, verified in place of an unknown account's.
        var decoy: String
    }

    /// - Parameter times: a job's expected duration and the clock of deadlines (`HashingTimes`).
    /// - Parameter backlog: true while other work of the server waits for the database; the
    ///   hashing threads then pause (see `HashingQueue`).
    init(
        scheme: HashScheme, threads: Int = System.coreCount, maxWait: Duration, times: HashingTimes = .server,
        backlog: (@Sendable () -> Bool)? = nil
    ) {
        self.scheme = scheme
        self.maxWait = maxWait
        self.queue = HashingQueue(threads: threads, times: times, backlog: backlog)
    }

    var statistics: HashingQueue.Statistics { queue.statistics }

    /// Starts the hashing threads, prepares the decoy, answers jobs that waited past their
    /// bound (twice a second), and stops the threads at shutdown (jobs still waiting then
    /// fail; running ones finish).
    func run() async throws {
        queue.start()
        await prepare()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [queue] in
                while (try? await Task.sleep(for: .milliseconds(500))) != nil { queue.shedOverdue() }
            }
            try? await gracefulShutdown()
            group.cancelAll()
        }
        await queue.stop()
    }

    /// A new hash of `password` with the current scheme (registration, password change).
    func hash(_ password: String, priority: HashingQueue.Priority = .normal) async throws -> String {
        let scheme = scheme
        return try await queue.run(priority: priority, maxWait: maxWait) {
            try Crypt.hash(password, setting: try Crypt.makeSetting(prefix: scheme.prefix, cost: scheme.cost))
        }
    }

    /// Whether `password` matches `storedHash`. With `nil` (no such account), or a password
    /// the hash cannot judge in full, the same work is done against the decoy and the answer
    /// is false.
    func verify(_ password: String, against storedHash: String?) async throws -> Bool {
        let target: String
        if let storedHash, Self.canVerify(password, against: storedHash) {
            target = storedHash
        } else {
            target = try await preparation().decoy
        }
        let computed = try await queue.run(priority: .high, maxWait: maxWait) { try? Crypt.hash(password, setting: target) }
        guard let storedHash, target == storedHash, let computed else { return false }
        return Self.constantTimeEquals(computed, storedHash)
    }

    /// Throws `HashingOverloaded` when a job of `priority` would be refused now (see
    /// `HashingQueue.admits`): asked before a login's or a registration's database work.
    func admits(_ priority: HashingQueue.Priority) throws {
        try queue.admits(priority, maxWait: maxWait)
    }

    /// True when `storedHash` was made with another scheme or cost than the current one.
    func needsRehash(_ storedHash: String) async throws -> Bool {
        !storedHash.hasPrefix(try await preparation().currentParameters)
    }

    /// A password the stored hash cannot judge in full never matches: a NUL cuts a C string,
    /// libcrypt refuses passphrases past its limit, and bcrypt ignores everything past byte
    /// 72, so a different tail must not log in. A stored value that is no `$…$` crypt hash
    /// (`!`: an account imported without a password) matches nothing, after the decoy's work,
    /// so that its answer takes as long as any other.
    static func canVerify(_ password: String, against storedHash: String) -> Bool {
        guard storedHash.hasPrefix("$") else { return false }
        guard !password.unicodeScalars.contains("\0") else { return false }
        let limit = HashScheme.isBcrypt(storedHash) ? HashScheme.bcryptMaxPasswordBytes : Crypt.maxPassphraseBytes
        return password.utf8.count <= limit
    }

    /// The decoy and parameters, made once: callers that arrive while they are being made
    /// wait for that one job (a failed attempt is retried by the next caller).
    private func preparation() async throws -> Prepared {
        let task = prepared.withLock { prepared -> Task<Prepared, any Error> in
            if let existing = prepared { return existing }
            let scheme = scheme
            let queue = queue
            let maxWait = maxWait
            let made = Task {
                try await queue.run(priority: .high, maxWait: maxWait) {
                    let setting = try Crypt.makeSetting(prefix: scheme.prefix, cost: scheme.cost)
                    return Prepared(
                        currentParameters: Self.parameters(ofSetting: setting), decoy: try Crypt.hash(UUID().uuidString, setting: setting))
                }
            }
            prepared = made
            return made
        }
        do {
            return try await task.value
        } catch {
            prepared.withLock { if $0 == task { $0 = nil } }
            throw error
        }
    }

    /// Waits until the decoy and parameters are made (the server does before it takes its first
    /// request, so the first login waits for no extra hash and the jobs counted as completed
    /// are the requests' own). A failure is left to the next caller to retry.
    func prepare() async {
        _ = try? await preparation()
    }

    /// `$y$j9T$salt` → `$y$j9T$`; `$2b$12$salt` → `$2b$12$`.
    private static func parameters(ofSetting setting: String) -> String {
        let parts = setting.split(separator: "$", omittingEmptySubsequences: false)
        // "", scheme, params, salt...
        guard parts.count >= 3 else { return setting }
        return parts[0...2].joined(separator: "$") + "$"
    }

    private static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices {
            difference |= left[index] ^ right[index]
        }
        return difference == 0
    }
}
