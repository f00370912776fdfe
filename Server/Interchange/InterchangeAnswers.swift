import Foundation

extension InterchangeQuestion {
    /// A choice of a single- or multiple-choice question.
    public struct Choice: Codable, Sendable, Hashable {
        /// The choice as shown to students, escapes resolved.
        public var text: String
        /// Credit in percent of the question's points, −100…100 (GIFT keeps 5 decimals).
        public var weight: Double
        /// Feedback shown to a student who picked this choice (GIFT's `#…`).
        public var feedback: String?
        /// The picture shown with the choice (Moodle XML's first picture of the answer's text).
        public var image: InterchangePicture?

        public init(text: String, weight: Double, feedback: String? = nil, image: InterchangePicture? = nil) {
            self.text = text
            self.weight = weight
            self.feedback = feedback
            self.image = image
        }
    }

    /// An accepted answer of a short-answer question.
    public struct TextAnswer: Codable, Sendable, Hashable {
        /// The expected text (compared case-insensitively; `*` is Moodle's wildcard).
        public var text: String
        /// Credit in percent, −100…100; GIFT's default is 100.
        public var weight: Double
        /// Feedback shown to a student whose answer matched this one.
        public var feedback: String?

        public init(text: String, weight: Double = 100, feedback: String? = nil) {
            self.text = text
            self.weight = weight
            self.feedback = feedback
        }
    }

    /// An accepted answer of a numerical question, laid out like the API's
    /// `{value, tolerance?, min?, max?, weight?}`.
    ///
    /// GIFT writes it three ways: `v` (exact: ``tolerance`` is nil), `v:t` (``tolerance``
    /// is t) and `a..b` (``min`` and ``max`` are set, ``value`` is their midpoint as
    /// Moodle stores it, ``tolerance`` is nil).
    public struct NumericalAnswer: Codable, Sendable, Hashable {
        public var value: Double
        public var tolerance: Double?
        public var min: Double?
        public var max: Double?
        /// Credit in percent, −100…100; GIFT's default is 100.
        public var weight: Double
        public var feedback: String?

        public init(
            value: Double, tolerance: Double? = nil, min: Double? = nil, max: Double? = nil,
            weight: Double = 100, feedback: String? = nil
        ) {
            self.value = value
            self.tolerance = tolerance
            self.min = min
            self.max = max
            self.weight = weight
            self.feedback = feedback
        }

        /// An exact value, optionally with a tolerance (`v` or `v:t`).
        public static func exact(
            _ value: Double, tolerance: Double? = nil, weight: Double = 100, feedback: String? = nil
        ) -> NumericalAnswer {
            NumericalAnswer(value: value, tolerance: tolerance, weight: weight, feedback: feedback)
        }

        /// A closed range `min..max`; the value is the midpoint, as Moodle stores it.
        public static func range(
            _ min: Double, _ max: Double, weight: Double = 100, feedback: String? = nil
        ) -> NumericalAnswer {
            let sum = (min + max) / 2
            let midpoint = sum.isFinite ? sum : min / 2 + max / 2  // no overflow near ±Double.max
            return NumericalAnswer(value: midpoint, min: min, max: max, weight: weight, feedback: feedback)
        }

        /// Whether this answer is written as a range (`min..max`).
        public var isRange: Bool { min != nil && max != nil }
    }

    /// One item of a matching question with the option that matches it.
    public struct MatchingPair: Codable, Sendable, Hashable {
        public var item: String
        public var option: String

        public init(item: String, option: String) {
            self.item = item
            self.option = option
        }
    }
}
