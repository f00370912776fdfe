import Foundation

/// The scales a school most often uses, chosen by name instead of sent band by band.
public enum GradeScalePreset: String, Codable, Sendable, CaseIterable {
    /// A Polish school's 1–6 at the common thresholds 30, 50, 70, 85 and 95 %.
    case plSchool = "pl-school"
    /// The same with "+" and "-" inside each grade (2-, 2, 2+, …).
    case plSchoolSigns = "pl-school-signs"
    /// A Polish university's 2, 3, 3,5, 4, 4,5 and 5 at 50, 60, 70, 80 and 90 %.
    case plUniversity = "pl-university"
    /// A–F at 60, 70, 80 and 90 %.
    case letters

    /// The preset's bands, as a scale that names it.
    public var scale: GradeScale {
        let bands: [(Decimal, String)] =
            switch self {
            case .plSchool: [(0, "1"), (30, "2"), (50, "3"), (70, "4"), (85, "5"), (95, "6")]
            case .plSchoolSigns:
                [
                    (0, "1"), (30, "2-"), (35, "2"), (45, "2+"), (50, "3-"), (55, "3"), (65, "3+"), (70, "4-"), (75, "4"), (80, "4+"),
                    (85, "5-"), (88, "5"), (92, "5+"), (95, "6"),
                ]
            case .plUniversity: [(0, "2"), (50, "3"), (60, "3,5"), (70, "4"), (80, "4,5"), (90, "5")]
            case .letters: [(0, "F"), (60, "D"), (70, "C"), (80, "B"), (90, "A")]
            }
        return GradeScale(bands: bands.map { GradeBand(minPercent: $0.0, grade: $0.1) }, preset: self)
    }
}

/// Why a scale a person sent is refused; `message` says it by key (area `grades`).
public enum GradeScaleProblem: Error, Sendable, Equatable {
    case noBands
    case tooManyBands(max: Int)
    case firstNotZero
    case outOfRange(band: Int)
    case tooPrecise(band: Int)
    case notAscending(band: Int)
    case gradeEmpty(band: Int)
    case gradeTooLong(band: Int, max: Int)
    case gradeControl(band: Int)
    case gradeTwice(band: Int)
    /// An accommodation's threshold offset outside 0…`max` percentage points.
    case offsetOutOfRange(max: Int)

    public var message: Message {
        switch self {
        case .noBands: Message("grades.no-bands")
        case .tooManyBands(let max): Message("grades.too-many-bands", ["count": .integer(max)])
        case .firstNotZero: Message("grades.first-not-zero")
        case .outOfRange(let band): Message("grades.out-of-range", ["band": .integer(band)])
        case .tooPrecise(let band): Message("grades.too-precise", ["band": .integer(band)])
        case .notAscending(let band): Message("grades.not-ascending", ["band": .integer(band)])
        case .gradeEmpty(let band): Message("grades.grade-empty", ["band": .integer(band)])
        case .gradeTooLong(let band, let max): Message("grades.grade-too-long", ["band": .integer(band), "count": .integer(max)])
        case .gradeControl(let band): Message("grades.grade-control", ["band": .integer(band)])
        case .gradeTwice(let band): Message("grades.grade-twice", ["band": .integer(band)])
        case .offsetOutOfRange(let max): Message("grades.offset-out-of-range", ["count": .integer(max)])
        }
    }
}
