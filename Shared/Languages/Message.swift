import Foundation

/// A sentence a person reads: its key in the catalogues (`Catalogue`) and the values it names.
/// A controller, a page or the client says *which* sentence; the reader's catalogue says it in
/// their language. A sentence with a `count` value takes the plural form its language gives
/// that number (`key.one`, `key.few`, … in the catalogue).
public struct Message: Sendable, Hashable {
    public let key: String
    public let values: [String: MessageValue]

    public init(_ key: String, _ values: [String: MessageValue] = [:]) {
        self.key = key
        self.values = values
    }

    /// The value a plural form is chosen by.
    public static let countName = "count"
}

/// A value a sentence names, written in the reader's language (numbers with its separators,
/// dates with its month names and the course's time zone).
public enum MessageValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// Text as it is (a name, a title, an address): never translated.
    case text(String)
    case integer(Int)
    /// A number with a fraction ("12,5" in Polish), at most two decimals.
    case decimal(Double)
    /// A moment, in a time zone (an IANA name): "29 listopada 2026, 10:45".
    case moment(Date, timeZone: String)
    /// A sentence inside the sentence, in the same language.
    indirect case message(Message)

    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
}
