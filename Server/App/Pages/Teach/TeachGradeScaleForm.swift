import ExamPrepRules
import ExamPrepShared
import Foundation

/// The grade scale's form on the course page (`teach-course.mustache`): a choice of percentages
/// only, a preset, or bands of the teacher's own, written one a line ("50 3": the lowest
/// percentage, then the grade), with the refusal of what was sent.
struct TeachGradeScaleForm: Sendable {
    struct Choice: Sendable {
        var value: String
        var label: String
        var selected: Bool
    }

    /// The choice that takes the course back to percentages only, and the one that sends the bands.
    static let percentOnly = "percent"
    static let ownBands = "bands"

    var choices: [Choice]
    var bands: String
    var error: String?

    /// The form as the course's scale is now.
    init(_ scale: GradeScale, catalogue: Catalogue) {
        let chosen = scale.bands.isEmpty ? Self.percentOnly : scale.preset?.rawValue ?? Self.ownBands
        self.init(chosen: chosen, bands: Self.lines(scale.preset == nil ? scale.bands : []), catalogue: catalogue)
    }

    /// The form as it was sent, to correct.
    init(chosen: String, bands: String, error: String? = nil, catalogue: Catalogue) {
        let labels: [(String, Message)] =
            [(Self.percentOnly, Message("grades.choice.percent"))]
            + GradeScalePreset.allCases.map { ($0.rawValue, Self.label($0)) } + [(Self.ownBands, Message("grades.choice.bands"))]
        choices = labels.map { value, label in Choice(value: value, label: catalogue.string(label), selected: value == chosen) }
        self.bands = bands
        self.error = error
    }

    /// A preset as the form names it.
    static func label(_ preset: GradeScalePreset) -> Message {
        switch preset {
        case .plSchool: Message("grades.choice.pl-school")
        case .plSchoolSigns: Message("grades.choice.pl-school-signs")
        case .plUniversity: Message("grades.choice.pl-university")
        case .letters: Message("grades.choice.letters")
        }
    }

    /// "0 1", "30 2", …: one band a line.
    static func lines(_ bands: [GradeBand]) -> String {
        bands.map { "\($0.minPercent) \($0.grade)" }.joined(separator: "\n")
    }

    /// The bands of the text sent: each non-empty line a percentage (a decimal point or comma,
    /// an optional "%" or ":") and the grade after it. A line that does not start with a
    /// percentage is refused naming it.
    static func bands(from text: String) throws -> [GradeBand] {
        var bands: [GradeBand] = []
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = line.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            let number = line.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
            let rest = line.dropFirst(number.count).drop { $0 == "%" || $0 == ":" || $0.isWhitespace }
            guard !number.isEmpty, number.count < 10,
                let percent = Decimal(string: number.replacingOccurrences(of: ",", with: "."), locale: Locale(identifier: "en_US_POSIX"))
            else { throw InvalidInput("grades.line-unreadable", ["line": .integer(index + 1)]) }
            bands.append(GradeBand(minPercent: percent, grade: String(rest)))
        }
        return bands
    }
}
