import Foundation
import Logging
import NIOCore
import NIOPosix
import Synchronization

/// Hashes and verifies passwords through libcrypt on a small pool of dedicated threads
/// (about one per core), so logins queue there instead of stalling an event loop. When the
/// queue is full, callers get 503 with `Retry-After` at once.
final class PasswordHasher: Sendable {
    let scheme: HashScheme
    private let threadPool: NIOThreadPool
    private let maxQueued: Int
    private let queued = Atomic<Int>(0)
    /// The stored-hash prefix of the current scheme and cost, e.g. `$y$j9T$` or `$2b$12$`.
    private let currentParameters: String
    /// A hash of a random password, verified when the email is unknown so that an unknown
    /// email costs the same work as a wrong password.
    private let decoyHash: String

    /// Starts the hashing threads and makes the decoy hash on one of them.
    static func start(scheme: HashScheme, threads: Int = System.coreCount, maxQueued: Int = 64) async throws -> PasswordHasher {
        let threadPool = NIOThreadPool(numberOfThreads: max(1, threads))
        threadPool.start()
        do {
            let (setting, decoyHash) = try await threadPool.runIfActive {
                let setting = try Crypt.makeSetting(prefix: scheme.prefix, cost: scheme.cost)
                return (setting, try Crypt.hash(UUID().uuidString, setting: setting))
            }
            return PasswordHasher(
                scheme: scheme, threadPool: threadPool, maxQueued: maxQueued,
                currentParameters: parameters(ofSetting: setting), decoyHash: decoyHash)
        } catch {
            try? await threadPool.shutdownGracefully()
            throw error
        }
    }

    private init(scheme: HashScheme, threadPool: NIOThreadPool, maxQueued: Int, currentParameters: String, decoyHash: String) {
        self.scheme = scheme
        self.threadPool = threadPool
        self.maxQueued = maxQueued
        self.currentParameters = currentParameters
        self.decoyHash = decoyHash
    }

    /// Jobs waiting or running, for metrics.
    var queueDepth: Int { queued.load(ordering: .relaxed) }

    func hash(_ password: String) async throws -> String {
        let scheme = scheme
        return try await run {
            let setting = try Crypt.makeSetting(prefix: scheme.prefix, cost: scheme.cost)
            return try Crypt.hash(password, setting: setting)
        }
    }

    /// Verifies `password` against `storedHash`; with `nil` (unknown account) it does the
    /// same work against a decoy and answers false.
    func verify(_ password: String, against storedHash: String?) async throws -> Bool {
        let target = storedHash ?? decoyHash
        let computed = try await run { try? Crypt.hash(password, setting: target) }
        guard let storedHash, let computed else { return false }
        return Self.constantTimeEquals(computed, storedHash)
    }

    /// True when `storedHash` was made with another scheme or cost than the current one.
    func needsRehash(_ storedHash: String) -> Bool {
        !storedHash.hasPrefix(currentParameters)
    }

    func shutdown() async {
        try? await threadPool.shutdownGracefully()
    }

    private func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        let depth = queued.wrappingAdd(1, ordering: .relaxed).newValue
        defer { queued.wrappingSubtract(1, ordering: .relaxed) }
        guard depth <= maxQueued else {
            throw APIError.unavailable("Too many logins are being processed; try again in a moment.", retryAfter: 1)
        }
        return try await threadPool.runIfActive(work)
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
