/// A save under an `Idempotency-Key`, beside what the attempt kept under that key (it keeps
/// the answers of its last saves with their keys and the hash of what each asked for): the
/// same request again, a client's retry, is answered as it was the first time and changes
/// nothing; other answers under a kept key are a client's bug, refused, and change nothing
/// either. `Kept` is the answer kept.
public enum RepeatedKey<Kept: Sendable>: Sendable {
    /// No answer is kept under the key (or the save sent none): a save like any other.
    case firstTime
    /// The same request again: `Kept` is its answer.
    case repeatOf(Kept)
    /// The key came with other answers before.
    case reused

    /// `kept` is the answer kept under the save's key, if any; `keptHash` the hash of the
    /// request it answered (nil for answers kept before hashes were: taken to be the same);
    /// `requestHash` the hash of this request, made alike.
    public init(kept: Kept?, keptHash: String?, requestHash: String) {
        guard let kept else {
            self = .firstTime
            return
        }
        self = keptHash.map { $0 == requestHash } ?? true ? .repeatOf(kept) : .reused
    }
}

extension RepeatedKey {
    /// Whether `key` is an `Idempotency-Key` the rule keeps: 1–200 visible ASCII characters
    /// (no space, no control character).
    public static func isValidKey(_ key: String) -> Bool {
        (1...200).contains(key.utf8.count) && key.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) }
    }
}
