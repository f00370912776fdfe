import Foundation
import Logging
import Synchronization

/// A log handler that keeps every line it is given, for tests that read what was logged.
struct CapturingLogHandler: LogHandler {
    final class Lines: Sendable {
        private let storage = Mutex<[String]>([])

        func append(_ line: String) { storage.withLock { $0.append(line) } }
        var all: [String] { storage.withLock { $0 } }
    }

    let lines: Lines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        lines.append("\(event.level) \(event.message) \(fields)")
    }
}
