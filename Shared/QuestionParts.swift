import Foundation

/// One accepted answer of a short-answer question, with the share of the question's points it
/// earns (percent, −100…100, default 100) and feedback for a student who gave it.
public struct TextAnswer: Codable, Sendable, Hashable {
    public var text: String
    public var weight: Double?
    public var feedback: String?

    public init(text: String, weight: Double? = nil, feedback: String? = nil) {
        self.text = text
        self.weight = weight
        self.feedback = feedback
    }
}

/// One accepted answer of a numerical question: `value` within `tolerance` (exact without
/// one), or, with `min` and `max`, anything in that range. `weight` is the share of the
/// question's points in percent (−100…100, default 100).
public struct NumericalAnswer: Codable, Sendable, Hashable {
    public var value: Double
    public var tolerance: Double?
    public var min: Double?
    public var max: Double?
    public var weight: Double?
    public var feedback: String?

    public init(
        value: Double, tolerance: Double? = nil, min: Double? = nil, max: Double? = nil, weight: Double? = nil,
        feedback: String? = nil
    ) {
        self.value = value
        self.tolerance = tolerance
        self.min = min
        self.max = max
        self.weight = weight
        self.feedback = feedback
    }

    /// Whether `number` is right by this answer.
    public func accepts(_ number: Double) -> Bool {
        guard number.isFinite else { return false }
        if let min, let max { return number >= min && number <= max }
        return abs(number - value) <= (tolerance ?? 0)
    }
}

/// A slot of an exam that draws `count` questions from the course's bank for each attempt:
/// those of `topic` (or a topic below it, `topic/…`) carrying every tag of `tags`. Each drawn
/// question is worth `points` (default 1), whatever its own points.
public struct BankDraw: Codable, Sendable, Hashable {
    public var topic: String?
    public var tags: [String]?
    public var count: Int
    public var points: Int?

    public init(topic: String? = nil, tags: [String]? = nil, count: Int, points: Int? = nil) {
        self.topic = topic
        self.tags = tags
        self.count = count
        self.points = points
    }
}

/// A draw at its place among an exam's questions: `position` counts whole questions and
/// draws together, from 0.
public struct ExamDrawSlot: Codable, Sendable, Hashable {
    public var position: Int
    public var fromBank: BankDraw
    /// In an exam the server sends: how many bank questions the slot may draw now (of its topic
    /// and tags, but none of the exam's own questions). Fewer than `fromBank.count`: each
    /// attempt gets only these (and a draft cannot be published so).
    public var available: Int?

    public init(position: Int, fromBank: BankDraw, available: Int? = nil) {
        self.position = position
        self.fromBank = fromBank
        self.available = available
    }
}
