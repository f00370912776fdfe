import Synchronization

/// Question texts already turned into HTML, keyed by the text: at most `capacity` of them.
/// When full it starts again empty (an exam's questions are few and read by everyone, so
/// they come back at once).
public final class RichTextCache: Sendable {
    private let capacity: Int
    private let entries = Mutex<[String: String]>([:])

    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// The HTML kept for `text`, if any.
    public func html(for text: String) -> String? {
        entries.withLock { $0[text] }
    }

    /// Keeps `html` for `text`, emptying the cache first when it is full.
    public func keep(_ html: String, for text: String) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[text] = html
        }
    }

    /// How many texts are kept.
    public var count: Int { entries.withLock { $0.count } }
}
