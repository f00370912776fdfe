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
        if let minutes = accommodation.extraMinutes {
            guard extraMinutes.contains(minutes) else {
                throw InvalidInput(
                    "validation.range-from",
                    ["field": "extraMinutes", "min": .integer(extraMinutes.lowerBound), "max": .integer(extraMinutes.upperBound)])
            }
            valid.extraMinutes = minutes
        }
        valid.note = try accommodation.note.map { try Validators.text($0, field: "note", length: 0...500) }
        valid.gradeThresholdOffsetPercent = try accommodation.gradeThresholdOffsetPercent.map(GradeThresholdOffset.checked)
        return valid
    }

    public static func validate(_ override: ExamOverride) throws -> ExamOverride {
        var valid = ExamOverride(opensAt: override.opensAt, closesAt: override.closesAt)
        if let attempts = override.extraAttempts {
            guard extraAttempts.contains(attempts) else {
                throw InvalidInput(
                    "validation.range-from",
                    ["field": "extraAttempts", "min": .integer(extraAttempts.lowerBound), "max": .integer(extraAttempts.upperBound)])
            }
            valid.extraAttempts = attempts
        }
        if let minutes = override.timeLimitMinutes {
            guard ExamValidation.timeLimitMinutes.contains(minutes) else {
                throw InvalidInput(
                    "validation.range",
                    [
                        "field": "timeLimitMinutes", "min": .integer(ExamValidation.timeLimitMinutes.lowerBound),
                        "max": .integer(ExamValidation.timeLimitMinutes.upperBound),
                    ])
            }
            valid.timeLimitMinutes = minutes
        }
        if let opensAt = override.opensAt, let closesAt = override.closesAt, opensAt >= closesAt {
            throw InvalidInput("validation.closes-after-opens")
        }
        return valid
    }

    public static func validate(_ extension: ExtendAttemptRequest) throws -> Int {
        guard extensionMinutes.contains(`extension`.minutes) else {
            throw InvalidInput(
                "validation.range-from",
                ["field": "minutes", "min": .integer(extensionMinutes.lowerBound), "max": .integer(extensionMinutes.upperBound)])
        }
        return `extension`.minutes
    }
}
