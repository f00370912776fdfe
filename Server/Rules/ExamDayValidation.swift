import ExamPrepShared
import Foundation

/// The rules of accommodations, overrides and extensions (docs/API.md, "Exam day"): each
/// broken one is `InvalidInput` naming the field.
public enum ExamDayValidation {
    static let timeMultiplier = 1.0...4.0
    static let extraMinutes = 0...1440
    static let extraAttempts = 0...100
    static let extensionMinutes = 1...1440

    public static func validate(_ accommodation: Accommodation) throws -> Accommodation {
        var valid = Accommodation()
        if let multiplier = accommodation.timeMultiplier {
            guard multiplier.isFinite, timeMultiplier.contains(multiplier) else {
                throw InvalidInput("validation.time-multiplier")
            }
            valid.timeMultiplier = (multiplier * 100).rounded() / 100
        }
        valid.extraMinutes = try accommodation.extraMinutes.map { try number($0, in: extraMinutes, field: "extraMinutes") }
        valid.note = try accommodation.note.map { try Validators.text($0, field: "note", length: 0...500) }
        valid.gradeThresholdOffsetPercent = try accommodation.gradeThresholdOffsetPercent.map(GradeThresholdOffset.checked)
        return valid
    }

    public static func validate(_ override: ExamOverride) throws -> ExamOverride {
        var valid = ExamOverride(opensAt: override.opensAt, closesAt: override.closesAt)
        valid.extraAttempts = try override.extraAttempts.map { try number($0, in: extraAttempts, field: "extraAttempts") }
        valid.timeLimitMinutes = try override.timeLimitMinutes.map {
            try number($0, in: ExamValidation.timeLimitMinutes, field: "timeLimitMinutes", refusal: "validation.range")
        }
        if let opensAt = override.opensAt, let closesAt = override.closesAt, opensAt >= closesAt {
            throw InvalidInput("validation.closes-after-opens")
        }
        return valid
    }

    public static func validate(_ extension: ExtendAttemptRequest) throws -> Int {
        try number(`extension`.minutes, in: extensionMinutes, field: "minutes")
    }

    /// `value` when `range` holds it, else the refusal naming `field` and the range's ends
    /// ("… from 0 to 1440", or `refusal`'s wording).
    private static func number(_ value: Int, in range: ClosedRange<Int>, field: String, refusal: String = "validation.range-from")
        throws -> Int
    {
        guard range.contains(value) else {
            throw InvalidInput(refusal, ["field": .text(field), "min": .integer(range.lowerBound), "max": .integer(range.upperBound)])
        }
        return value
    }
}
