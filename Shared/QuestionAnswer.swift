/// The right answer of a question, as JSON spells it:
///
/// - a string: the right choice of a single-choice question, or the one accepted short answer;
/// - an array of strings: the right choices of a multiple-choice question, or the accepted
///   short answers;
/// - an array of `{text, weight?, feedback?}` (strings may stand among them): accepted short
///   answers with their weights;
/// - an array of `{value, tolerance?, min?, max?, weight?, feedback?}`: a numerical question's answers;
/// - an object `{itemId: optionId}`: a matching question's pairs;
/// - a boolean: true/false.
///
/// Which one a question needs depends on its kind; the server says so with a 400 naming the
/// question.
public enum QuestionAnswer: Codable, Sendable, Hashable {
    case text(String)
    case texts([String])
    case weightedTexts([TextAnswer])
    case numbers([NumericalAnswer])
    case matches([String: String])
    case bool(Bool)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(String.self) {
            self = .text(value)
        } else if let values = try? container.decode([String].self) {
            self = .texts(values)
        } else if let pairs = try? container.decode([String: String].self) {
            self = .matches(pairs)
        } else if let numbers = try? container.decode([NumericalAnswer].self) {
            self = .numbers(numbers)
        } else if let texts = try? container.decode([TextOrAnswer].self) {
            self = .weightedTexts(texts.map(\.answer))
        } else {
            throw DecodingError.typeMismatch(
                QuestionAnswer.self,
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "an answer is a string, an array of strings or of {text, weight}, an array of {value, tolerance}, "
                        + "an object of item ids to option ids, or true/false"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let value): try container.encode(value)
        case .texts(let values): try container.encode(values)
        case .weightedTexts(let values): try container.encode(values)
        case .numbers(let values): try container.encode(values)
        case .matches(let pairs): try container.encode(pairs)
        case .bool(let value): try container.encode(value)
        }
    }

    /// The strings of `.text`, `.texts` or `.weightedTexts`; nil for the others.
    public var strings: [String]? {
        switch self {
        case .text(let value): [value]
        case .texts(let values): values
        case .weightedTexts(let values): values.map(\.text)
        case .numbers, .matches, .bool: nil
        }
    }

    /// Accepted short answers with their weights: strings count 100 %.
    public var textAnswers: [TextAnswer]? {
        switch self {
        case .text(let value): [TextAnswer(text: value)]
        case .texts(let values): values.map { TextAnswer(text: $0) }
        case .weightedTexts(let values): values
        case .numbers, .matches, .bool: nil
        }
    }
}

/// An accepted short answer as written: a plain string or `{text, weight?, feedback?}`.
private struct TextOrAnswer: Decodable {
    var answer: TextAnswer

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            answer = TextAnswer(text: text)
        } else {
            answer = try container.decode(TextAnswer.self)
        }
    }
}
