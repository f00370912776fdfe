import Foundation
import Synchronization

/// Starts child processes one at a time. Foundation's `Process.run()` on Linux is not safe to
/// call from several threads at once: the test run crashed inside it (a `memcpy` in
/// `Process.run`) when three CLI suites launched `examprep` together. Running one launch at a
/// time costs nothing measurable (a launch is a `posix_spawn`); the processes still run side
/// by side.
public enum ProcessLaunch {
    private static let lock = Mutex(())

    public static func run(_ process: Process) throws {
        try lock.withLock { _ in try process.run() }
    }
}
