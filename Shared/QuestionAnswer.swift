/// The right answer of a question, as JSON spells it: a string (the right choice of a
/// single-choice question, or the one accepted short answer), an array of strings (the
/// right choices of a multiple-choice question, or the accepted short answers) or a
/// boolean (true/false). Which one a question needs depends on its kind; the server says
/// so with a 400 naming the question.
public enum QuestionAnswer: Codable, Sendable, Hashable {
    case text(String)
    case texts([String])
    case bool(Bool)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(String.self) {
            self = .text(value)
        } else if let values = try? container.decode([String].self) {
            self = .texts(values)
        } else {
            throw DecodingError.typeMismatch(
                QuestionAnswer.self,
                .init(codingPath: decoder.codingPath, debugDescription: "an answer is a string, an array of strings, or true/false"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let value): try container.encode(value)
        case .texts(let values): try container.encode(values)
        case .bool(let value): try container.encode(value)
        }
    }

    /// The strings of `.text` or `.texts`; nil for a boolean.
    public var strings: [String]? {
        switch self {
        case .text(let value): [value]
        case .texts(let values): values
        case .bool: nil
        }
    }
}
