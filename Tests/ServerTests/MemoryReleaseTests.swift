import ExamPrepTestSupport
import Testing

@testable import ExamPrepServer

/// The periodic `malloc_trim` waits out a login surge: it would hold each malloc arena's lock
/// while the surge's memory is still in use (21-22 ms a trim in the 5,000-student exam hour).
@Suite("Giving memory back")
struct MemoryReleaseTests {
    @Test func trimsWaitWhileLoginsWaitForAHashingThread() async throws {
        try await PasswordHashingTests.withHasher(.yescrypt(cost: 1), threads: 1) { (hasher: PasswordHasher) async throws in
            try await PasswordHashingTests.prepared(hasher)
            #expect(MemoryRelease.isDue(hashing: hasher.statistics))
            try await PasswordHashingTests.whileHeld(hasher) {
                #expect(MemoryRelease.isDue(hashing: hasher.statistics), "one job running is no surge")
                let waiting = Task { try await hasher.hash("waits behind the hold") }
                try await eventually("a login in line") { hasher.statistics.waiting == 1 }
                #expect(!MemoryRelease.isDue(hashing: hasher.statistics))
                waiting.cancel()
                _ = try? await waiting.value
            }
            #expect(MemoryRelease.isDue(hashing: hasher.statistics))
        }
    }
}
