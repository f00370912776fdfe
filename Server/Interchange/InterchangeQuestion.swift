import Foundation

/// How a question's prompt is to be rendered, as named by GIFT's `[format]` marker.
///
/// GIFT names four formats; a question without a marker is `moodle` (Moodle's
/// "auto-format"). The raw values are the exact, lower-case names GIFT uses.
public enum InterchangeTextFormat: String, Codable, Sendable, Hashable, CaseIterable {
    case moodle
    case html
    case markdown
    case plain
}

/// One question read from (or written to) an interchange file such as GIFT or Aiken.
///
/// The shape follows the server's question model (API part three, "Question banks and
/// interchange") so that the server can map it field by field: a topic path, tags, a
/// prompt, optional general feedback and one of eight kinds with weights in percent.
///
/// Equality and hashing compare content only: ``line`` records where the question came
/// from and is ignored, so a question read back from exported GIFT equals the original.
public struct InterchangeQuestion: Codable, Sendable, Hashable {
    /// The name from `::name::`, or nil when the file gave none.
    public var name: String?
    /// The category path from the last `$CATEGORY: a/b/c` before the question, as topic
    /// path segments (`["a", "b", "c"]`); empty when no category was set.
    public var category: [String]
    /// Tags from `// [tag:…]` comment lines inside the question's block.
    public var tags: [String]
    /// The identifier from a `// [id:…]` comment line inside the question's block.
    public var id: String?
    /// The format of ``text`` (and, by GIFT's rule, of the feedback texts).
    public var textFormat: InterchangeTextFormat
    /// The prompt with escapes resolved; `\n` in GIFT becomes a newline.
    public var text: String
    /// General feedback, GIFT's `####…`, shown whatever the answer.
    public var generalFeedback: String?
    /// The kind of question with its answers.
    public var kind: Kind
    /// The question's points (Moodle XML's `<defaultgrade>`); nil when the file gives none
    /// (GIFT never does).
    public var points: Int?
    /// An essay's notes for whoever grades it (Moodle XML's `<graderinfo>`); GIFT has none.
    public var graderInfo: String?
    /// The picture shown with the prompt (Moodle XML's first `@@PLUGINFILE@@` picture of the
    /// question text); GIFT carries none.
    public var image: InterchangePicture?
    /// The 1-based line of the source where the question starts (its first line that is
    /// not a comment); 0 for questions built in code. Not part of equality.
    public var line: Int

    /// Creates a question; every field but ``text`` and ``kind`` has a neutral default.
    public init(
        name: String? = nil,
        category: [String] = [],
        tags: [String] = [],
        id: String? = nil,
        textFormat: InterchangeTextFormat = .moodle,
        text: String,
        generalFeedback: String? = nil,
        kind: Kind,
        points: Int? = nil,
        graderInfo: String? = nil,
        image: InterchangePicture? = nil,
        line: Int = 0
    ) {
        self.image = image
        self.points = points
        self.graderInfo = graderInfo
        self.name = name
        self.category = category
        self.tags = tags
        self.id = id
        self.textFormat = textFormat
        self.text = text
        self.generalFeedback = generalFeedback
        self.kind = kind
        self.line = line
    }

    /// Content equality: every field except ``line``.
    public static func == (lhs: InterchangeQuestion, rhs: InterchangeQuestion) -> Bool {
        lhs.name == rhs.name
            && lhs.category == rhs.category
            && lhs.tags == rhs.tags
            && lhs.id == rhs.id
            && lhs.textFormat == rhs.textFormat
            && lhs.text == rhs.text
            && lhs.generalFeedback == rhs.generalFeedback
            && lhs.kind == rhs.kind
            && lhs.points == rhs.points
            && lhs.graderInfo == rhs.graderInfo
            && lhs.image == rhs.image
    }

    /// Hashes the same fields that ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(category)
        hasher.combine(tags)
        hasher.combine(id)
        hasher.combine(textFormat)
        hasher.combine(text)
        hasher.combine(generalFeedback)
        hasher.combine(kind)
        hasher.combine(points)
        hasher.combine(graderInfo)
        hasher.combine(image)
    }
}

extension InterchangeQuestion {
    /// The kinds of question, with their answers. A missing-word question is one of these
    /// with ``GIFTParser/blank`` in its text.
    public enum Kind: Codable, Sendable, Hashable {
        /// One choice is picked (GIFT: at least one `=` answer). Weights may give partial
        /// or negative credit to the other choices.
        case singleChoice(choices: [Choice])
        /// Several choices may be picked (GIFT: `~%w%` weights and no `=` answer).
        case multipleChoice(choices: [Choice])
        /// A statement that is true or false. GIFT's first feedback is shown to a student
        /// who answered wrongly, the second to one who answered rightly.
        case trueFalse(answer: Bool, feedbackWhenWrong: String?, feedbackWhenRight: String?)
        /// Typed text compared case-insensitively with each answer; an answer `*` is
        /// Moodle's wildcard and is kept verbatim.
        case shortAnswer(answers: [TextAnswer])
        /// A number compared with exact values, tolerances or ranges. `otherwiseFeedback`
        /// is GIFT's `~#…`: feedback for any answer that matches none of `answers`.
        case numerical(answers: [NumericalAnswer], otherwiseFeedback: String?)
        /// Items matched to options; `distractors` are options that match no item
        /// (GIFT's `= -> option`).
        case matching(pairs: [MatchingPair], distractors: [String])
        /// Answered in free text and graded by hand (GIFT's `{}`).
        case essay
        /// Text shown between questions, never answered nor scored (GIFT: a block without braces).
        case description

        /// A short lower-case name for reports ("single choice", "numerical", …).
        public var displayName: String {
            switch self {
            case .singleChoice: "single choice"
            case .multipleChoice: "multiple choice"
            case .trueFalse: "true/false"
            case .shortAnswer: "short answer"
            case .numerical: "numerical"
            case .matching: "matching"
            case .essay: "essay"
            case .description: "description"
            }
        }
    }
}
