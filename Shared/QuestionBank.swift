import Foundation

/// The answer to `POST /api/faculty/courses/{courseId}/questions/import`: how many questions
/// were imported (or would be, on a dry run), the first 100 left out with their line and
/// reason (`skippedCount` says how many were left out in all), and the new questions' ids
/// (none on a dry run).
public struct QuestionImportReport: Codable, Sendable, Hashable {
    public var imported: Int
    public var skipped: [SkippedQuestion]
    public var skippedCount: Int
    public var questionIds: [Int]
    /// Questions imported with something left out (HTML the server does not keep, pictures
    /// from another site), each with what: the first 100 by line.
    public var leftOut: [SkippedQuestion]

    public init(
        imported: Int, skipped: [SkippedQuestion], skippedCount: Int? = nil, questionIds: [Int], leftOut: [SkippedQuestion] = []
    ) {
        self.imported = imported
        self.skipped = skipped
        self.skippedCount = skippedCount ?? skipped.count
        self.questionIds = questionIds
        self.leftOut = leftOut
    }

    private enum CodingKeys: String, CodingKey { case imported, skipped, skippedCount, questionIds, leftOut }

    /// A server from before `skippedCount` listed every question it left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        imported = try container.decode(Int.self, forKey: .imported)
        skipped = try container.decode([SkippedQuestion].self, forKey: .skipped)
        skippedCount = try container.decodeIfPresent(Int.self, forKey: .skippedCount) ?? skipped.count
        questionIds = try container.decode([Int].self, forKey: .questionIds)
        leftOut = try container.decodeIfPresent([SkippedQuestion].self, forKey: .leftOut) ?? []
    }
}

/// A question of an imported file that was not imported: where it starts, its name when it
/// had one, and why.
public struct SkippedQuestion: Codable, Sendable, Hashable {
    public var line: Int
    public var name: String?
    public var reason: String

    public init(line: Int, name: String? = nil, reason: String) {
        self.line = line
        self.name = name
        self.reason = reason
    }
}

/// The formats of `…/questions/import` and `…/questions/export` (`?format=`).
public enum InterchangeFormat: String, Codable, Sendable, Hashable, CaseIterable {
    /// Moodle's GIFT, the default.
    case gift
    /// Aiken: single-choice questions only, import only.
    case aiken
    /// Moodle XML (`<quiz>`), import and export.
    case moodlexml
}

/// `POST /api/faculty/questions/{questionId}/regrade`.
public struct RegradeRequest: Codable, Sendable, Hashable {
    public var mode: RegradeMode
    /// List what would change, and change nothing.
    public var dryRun: Bool

    public init(mode: RegradeMode, dryRun: Bool) {
        self.mode = mode
        self.dryRun = dryRun
    }
}

public enum RegradeMode: String, Codable, Sendable, Hashable, CaseIterable {
    /// Every attempt that had the question gets its full points.
    case fullCredit = "full_credit"
    /// Every attempt's answer is graded again by the question as it is now.
    case currentAnswer = "current_answer"
}

/// One attempt whose score a regrade changes (or would change).
public struct RegradeChange: Codable, Sendable, Hashable {
    public var attemptId: Int
    /// Nil once the student's account was deleted.
    public var studentId: Int?
    public var before: Double
    public var after: Double

    public init(attemptId: Int, studentId: Int?, before: Double, after: Double) {
        self.attemptId = attemptId
        self.studentId = studentId
        self.before = before
        self.after = after
    }
}
