import Foundation
import Testing

@testable import ExamPrepServer

/// The process settings made before `main` (a C constructor in `Server/CProcess`): a linker
/// that dropped the constructor's object, or a constructor that stopped running, would leave
/// glibc with up to eight malloc arenas per core and nobody would notice but the memory bill.
@Suite("Process settings")
struct ProcessTuningTests {
    @Test func mallocArenasAreCappedBeforeMainUnlessTheEnvironmentDecides() {
        let environmentDecides = ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] != nil
        #if os(Linux)
            #expect(ProcessTuning.mallocArenasCapped == !environmentDecides)
        #else
            #expect(!ProcessTuning.mallocArenasCapped)
        #endif
    }
}
