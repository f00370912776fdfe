import Foundation

/// Why a type of ours refuses a value while decoding, by key: carried as a `DecodingError`'s
/// underlying error, so that the server says it in the reader's language (the error's
/// `debugDescription` keeps the English, for logs and for a client that reads no catalogue).
public struct DecodingReason: Error, Sendable, Hashable {
    public let message: Message

    public init(_ message: Message) {
        self.message = message
    }

    /// The context of a refusal at `codingPath`, saying `message`.
    public static func context(_ message: Message, at codingPath: [any CodingKey]) -> DecodingError.Context {
        DecodingError.Context(
            codingPath: codingPath, debugDescription: Catalogue.of(.en).string(message), underlyingError: DecodingReason(message))
    }

    /// A value `container` holds that its type refuses.
    public static func refused(_ message: Message, in container: any SingleValueDecodingContainer) -> DecodingError {
        .dataCorrupted(context(message, at: container.codingPath))
    }
}
