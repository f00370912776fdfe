import ExamPrepShared
import Foundation

/// What `teach-grades.mustache` shows: a course's grade book as a table sorted by a column.
struct TeachGradesPage: Sendable {
    struct Column: Sendable {
        var label: String
        var link: String
        /// `ascending`/`descending` on the sorted column (its `aria-sort`), nil on the others.
        var sort: String?
    }

    struct Row: Sendable {
        var email: String
        var examTitle: String
        var attemptID: Int
        var score: String
        var percent: String
        var submitted: String
    }

    var courseID: Int
    var courseName: String
    var columns: [Column]
    var rows: [Row]
    var hasRows: Bool
    var csvPath: String
    var exam: String?

    /// The grade book's columns: (key, label, how rows compare).
    static let sorts: [(key: String, label: String, less: @Sendable (GradeBookEntry, GradeBookEntry) -> Bool)] = [
        ("student", "Student", { $0.email.localizedStandardCompare($1.email) == .orderedAscending }),
        ("exam", "Exam", { $0.examTitle.localizedStandardCompare($1.examTitle) == .orderedAscending }),
        ("score", "Score", { ratio($0) < ratio($1) }),
        ("submitted", "Submitted", { $0.submittedAt < $1.submittedAt }),
    ]

    static func ratio(_ entry: GradeBookEntry) -> Double { entry.maxScore > 0 ? entry.score / entry.maxScore : 0 }

    static func number(_ value: Double) -> String {
        value.formatted(.number.precision(.fractionLength(0...2)).locale(Locale(identifier: "en_GB")))
    }
}

/// What `teach-statistics.mustache` shows: the item analysis of an exam, its flags and notes
/// in words, and the score histogram (the API's SVG) with a text alternative.
struct TeachStatisticsPage: Sendable {
    struct Item: Sendable {
        var number: Int
        var prompt: String
        var kind: String
        var attempts: Int
        var facility: String
        var discrimination: String
        var options: String
        var flags: String
    }

    struct Bin: Sendable {
        var band: String
        var count: Int
    }

    var examID: Int
    var title: String
    var attempts: Int
    var allAttempts: Bool
    var summary: [String]
    var notes: [String]
    var hasNotes: Bool
    var items: [Item]
    var hasItems: Bool
    var bins: [Bin]
    var histogramPath: String
    var histogramText: String
    var csvPath: String

    init(examID: Int, title: String, report: ExamStatistics, all: Bool) {
        self.examID = examID
        self.title = title
        attempts = report.attempts
        allAttempts = all
        let query = all ? "?attempts=all" : ""
        let percent = { (value: Double?) in value.map { TeachGradesPage.number($0) + " %" } ?? "-" }
        summary = [
            "\(report.attempts) \(all ? "submitted attempts" : "first attempts")", "mean \(percent(report.mean))",
            "median \(percent(report.median))", "standard deviation \(percent(report.standardDeviation))",
            "Cronbach's alpha \(report.cronbachAlpha.map(TeachGradesPage.number) ?? "-")",
        ]
        notes = report.notes.map { Self.words($0) }
        hasNotes = !notes.isEmpty
        let flags = Dictionary(grouping: report.flags, by: \.questionId)
        items = report.questions.enumerated().map { index, question in
            Item(
                number: index + 1, prompt: TeachBankPage.title(name: nil, prompt: question.prompt ?? "Question \(question.questionId)"),
                kind: question.kind?.rawValue.replacingOccurrences(of: "_", with: " ") ?? "-", attempts: question.attempts,
                facility: TeachGradesPage.number(question.facility * 100) + " %",
                discrimination: question.discrimination.map(TeachGradesPage.number) ?? "-",
                options: (question.options ?? []).map { "\($0.id): \($0.chosen)" }.joined(separator: ", "),
                flags: (flags[question.questionId] ?? []).map { Self.words($0.kind) }.joined(separator: "; "))
        }
        hasItems = !items.isEmpty
        bins = report.scoreHistogram.map {
            Bin(band: "\(TeachGradesPage.number($0.from))–\(TeachGradesPage.number($0.to)) %", count: $0.count)
        }
        histogramPath = "/teach/exams/\(examID)/statistics/histogram.svg" + query
        histogramText =
            "Histogram of \(report.attempts) scores; mean \(percent(report.mean)). "
            + bins.filter { $0.count > 0 }.map { "\($0.band): \($0.count)" }.joined(separator: "; ")
        csvPath = "/teach/exams/\(examID)/statistics.csv" + query
    }

    static func words(_ flag: QuestionFlag.Kind) -> String {
        switch flag {
        case .everyoneRight: "everyone got it right: it tells students apart by nothing"
        case .everyoneWrong: "everyone got it wrong: check the key"
        case .negativeDiscrimination: "stronger students did worse on it: check the key and the wording"
        case .unchosenDistractor(let option): "nobody chose option \(option): replace it"
        case .tooEasy: "very easy"
        case .tooHard: "very hard: check the key"
        }
    }

    static func words(_ note: ExamNote) -> String {
        let value = TeachGradesPage.number(note.value)
        return switch note.kind {
        case .meanBelowGuidance: "The mean (\(value) %) is below the guidance: the exam may be too hard."
        case .meanAboveGuidance: "The mean (\(value) %) is above the guidance: the exam may be too easy to tell students apart."
        case .spreadBelowGuidance: "The spread (\(value) %) is below the guidance: scores are bunched up."
        case .spreadAboveGuidance: "The spread (\(value) %) is above the guidance: scores are unusually spread out."
        case .reliabilityUnsatisfactory: "Cronbach's alpha (\(value)) is unsatisfactory: consider remedial measures."
        case .reliabilityBelowSatisfactory: "Cronbach's alpha (\(value)) is usable, not yet satisfactory."
        }
    }
}
