import Foundation

/// One place per attempt (`ExamPolicy.oneSession`): the tab or app an attempt belongs to is
/// named by a random token, sent as `X-ExamPrep-Place` with every save, flag, focus batch and
/// submit. The start answers it in the same header; `POST …/attempts/{attemptId}/place` moves
/// the attempt to the place that asks.
public enum AttemptPlaceToken {
    /// The request and response header that carries a place's token.
    public static let header = "X-ExamPrep-Place"
    /// The query parameter (and form field) the pages carry it in, for a browser without JavaScript.
    public static let queryName = "place"
    /// A token is 16–128 characters of `A–Z a–z 0–9 - _`.
    public static let lengths = 16...128

    /// Whether `token` has a token's form.
    public static func isValid(_ token: String) -> Bool {
        lengths.contains(token.utf8.count)
            && token.utf8.allSatisfy { byte in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }

    /// A new token: 32 random letters and digits (about 190 bits).
    public static func make() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<32).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
    }
}

/// `POST /api/students/attempts/{attemptId}/place`: the attempt now belongs to the place that
/// asked (its `X-ExamPrep-Place`, or a token the server made), since `since`; `moves` counts
/// the moves of the attempt so far.
public struct AttemptPlace: Codable, Sendable, Hashable {
    public var attemptId: Int
    public var place: String
    public var since: Date
    public var moves: Int

    public init(attemptId: Int, place: String, since: Date, moves: Int) {
        self.attemptId = attemptId
        self.place = place
        self.since = since
        self.moves = moves
    }
}

extension ErrorReason {
    /// A one-place attempt was moved to another tab or app: this place's change was refused
    /// (409), and moving it back here (`POST …/place`) lets it go on.
    public static let movedAway: ErrorReason = "moved_away"
}
