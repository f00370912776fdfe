import ExamPrepShared
import Foundation

/// The rules of accommodations, overrides and extensions (docs/API.md, "Exam day"): each
/// broken one is `InvalidInput` naming the field.
enum ExamDayValidation {
    static let timeMultiplier = 1.0...4.0
    static let extraMinutes = 0...1440
    static let extraAttempts = 0...100
    static let extensionMinutes = 1...1440

    static func validate(_ accommodation: Accommodation) throws -> Accommodation {
        var valid = Accommodation()
        if let multiplier = accommodation.timeMultiplier {
            guard multiplier.isFinite, timeMultiplier.contains(multiplier) else {
                throw InvalidInput("timeMultiplier must be from 1.0 to 4.0.")
            }
            valid.timeMultiplier = (multiplier * 100).rounded() / 100
        }
        if let minutes = accommodation.extraMinutes {
            guard extraMinutes.contains(minutes) else { throw InvalidInput("extraMinutes must be from 0 to 1440.") }
            valid.extraMinutes = minutes
        }
        valid.note = try accommodation.note.map { try Validators.text($0, field: "note", length: 0...500) }
        return valid
    }

    static func validate(_ override: ExamOverride) throws -> ExamOverride {
        var valid = ExamOverride(opensAt: override.opensAt, closesAt: override.closesAt)
        if let attempts = override.extraAttempts {
            guard extraAttempts.contains(attempts) else { throw InvalidInput("extraAttempts must be from 0 to 100.") }
            valid.extraAttempts = attempts
        }
        if let minutes = override.timeLimitMinutes {
            guard ExamValidation.timeLimitMinutes.contains(minutes) else {
                throw InvalidInput(
                    "timeLimitMinutes must be \(ExamValidation.timeLimitMinutes.lowerBound) to \(ExamValidation.timeLimitMinutes.upperBound)."
                )
            }
            valid.timeLimitMinutes = minutes
        }
        if let opensAt = override.opensAt, let closesAt = override.closesAt, opensAt >= closesAt {
            throw InvalidInput("closesAt must be later than opensAt.")
        }
        return valid
    }

    static func validate(_ extension: ExtendAttemptRequest) throws -> Int {
        guard extensionMinutes.contains(`extension`.minutes) else { throw InvalidInput("minutes must be from 1 to 1440.") }
        return `extension`.minutes
    }
}
