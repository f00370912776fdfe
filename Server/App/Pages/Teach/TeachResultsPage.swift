import ExamPrepShared
import Foundation

/// What `teach-grades.mustache` shows: a course's grade book as a table sorted by a column.
struct TeachGradesPage: Sendable {
    struct Column: Sendable {
        var label: String
        var link: String
        /// `ascending`/`descending` on the sorted column (its `aria-sort`), nil on the others.
        var sort: String?
        /// The sorted column's order in words ("sorted ascending").
        var sortText: String?
    }

    struct Row: Sendable {
        /// The person's label (`PersonLabel`: name and number, or the address).
        var student: String
        var examTitle: String
        /// The attempt the grade comes from; nil for an exam not sat (no link).
        var attemptID: Int?
        /// The points, or "-" for an exam not sat, as the other cells.
        var score: String
        var percent: String
        var submitted: String
        /// The score's grade on the course's scale, "pending" while an essay waits, empty
        /// without a scale.
        var grade: String
    }

    var courseID: Int
    var courseName: String
    /// "Grade book", or "Grade book: " and the exam's title.
    var heading: String
    var columns: [Column]
    var rows: [Row]
    var hasRows: Bool
    /// Whether the course has a grade scale (a grade column is shown).
    var showsGrades: Bool
    var csvPath: String
    var exam: String?

    /// The grade book's columns: (key, its label's key, how lines compare). An exam not sat
    /// sorts below every score and every time.
    static let sorts: [(key: String, label: String, less: @Sendable (GradeBookLine, GradeBookLine) -> Bool)] = [
        ("student", "teach.student", { ($0.order, $0.examID) < ($1.order, $1.examID) }),
        ("exam", "results.grades.exam", { $0.examTitle.localizedStandardCompare($1.examTitle) == .orderedAscending }),
        ("score", "results.grades.score", { ratio($0) < ratio($1) }),
        ("submitted", "results.grades.submitted", { ($0.entry?.submittedAt ?? .distantPast) < ($1.entry?.submittedAt ?? .distantPast) }),
    ]

    static func ratio(_ line: GradeBookLine) -> Double {
        guard let entry = line.entry else { return -1 }
        return entry.maxScore > 0 ? entry.score / entry.maxScore : 0
    }

    /// A line as a row, in the reader's language; a dash in each cell of an exam not sat.
    static func row(_ line: GradeBookLine, timeZone: String, language: Language) -> Row {
        let catalogue = Catalogue.of(language)
        let student =
            line.studentID == nil
            ? catalogue.string(Message("results.deleted-account"))
            : PersonLabel.of(name: line.name, email: line.email, number: line.studentNumber)
        guard let entry = line.entry else {
            return Row(student: student, examTitle: line.examTitle, attemptID: nil, score: "-", percent: "-", submitted: "-", grade: "-")
        }
        let points = Message(
            entry.needsGrading == true ? "results.grades.points-pending" : "results.grades.points",
            ["score": .decimal(entry.score), "max": .decimal(entry.maxScore)])
        return Row(
            student: student, examTitle: entry.examTitle, attemptID: entry.attemptId, score: catalogue.string(points),
            percent: percent(ratio(line) * 100, catalogue),
            submitted: PageTime.text(entry.submittedAt, timeZone: timeZone, language: language),
            grade: GradeText.text(entry.grade, pending: entry.needsGrading, catalogue))
    }

    /// "12.5 %" ("12,5 %"); "-" for none.
    static func percent(_ value: Double?, _ catalogue: Catalogue) -> String {
        value.map { catalogue.string(Message("results.percent", ["value": .decimal($0)])) } ?? "-"
    }

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
    /// "Statistics: " and the exam's title.
    var heading: String
    var attempts: Int
    var allAttempts: Bool
    var summary: [String]
    var notes: [String]
    var hasNotes: Bool
    var items: [Item]
    var hasItems: Bool
    /// Whether any question is flagged: without, the "Look at it" column is not shown.
    var hasFlags: Bool
    var bins: [Bin]
    var histogramPath: String
    var histogramText: String
    var csvPath: String
    /// How many students earned each grade of the course's scale (none without a scale).
    var gradeCounts: [GradeCount] = []
    var hasGradeCounts = false

    struct GradeCount: Sendable {
        var grade: String
        var count: Int
    }

    init(examID: Int, title: String, report: ExamStatistics, all: Bool, catalogue: Catalogue) {
        self.examID = examID
        self.title = title
        heading = catalogue.string(Message("results.statistics.heading", ["title": .text(title)]))
        attempts = report.attempts
        allAttempts = all
        let query = all ? "?attempts=all" : ""
        let percent = { (value: Double?) in TeachGradesPage.percent(value, catalogue) }
        func said(_ key: String, _ value: String) -> String { catalogue.string(Message(key, ["value": .text(value)])) }
        let count = all ? "results.statistics.submitted-attempts" : "results.statistics.first-attempts-count"
        summary = [
            catalogue.string(Message(count, ["count": .integer(report.attempts)])),
            said("results.statistics.mean", percent(report.mean)), said("results.statistics.median", percent(report.median)),
            said("results.statistics.deviation", percent(report.standardDeviation)),
            said("results.statistics.alpha", report.cronbachAlpha.map { catalogue.written(.decimal($0)) } ?? "-"),
        ]
        notes = report.notes.map { Self.words($0, catalogue) }
        hasNotes = !notes.isEmpty
        let flags = Dictionary(grouping: report.flags, by: \.questionId)
        items = report.questions.enumerated().map { index, question in
            let prompt =
                question.prompt ?? catalogue.string(Message("results.statistics.question-number", ["id": .integer(question.questionId)]))
            return Item(
                number: index + 1, prompt: TeachBankPage.title(name: nil, prompt: prompt),
                kind: question.kind.map { TeachBankPage.kind($0, catalogue: catalogue) } ?? "-", attempts: question.attempts,
                facility: percent(question.facility * 100),
                discrimination: question.discrimination.map { catalogue.written(.decimal($0)) } ?? "-",
                options: (question.options ?? []).map { "\($0.name): \($0.chosen)" }.joined(separator: ", "),
                flags: (flags[question.questionId] ?? []).map { Self.words($0.kind, of: question, catalogue) }.joined(separator: "; "))
        }
        hasItems = !items.isEmpty
        hasFlags = !report.flags.isEmpty
        bins = report.scoreHistogram.map {
            Bin(band: "\(catalogue.written(.decimal($0.from)))–\(percent($0.to))", count: $0.count)
        }
        histogramPath = "/teach/exams/\(examID)/statistics/histogram.svg" + query
        histogramText =
            catalogue.string(
                Message("results.statistics.histogram-text", ["count": .integer(report.attempts), "mean": .text(percent(report.mean))]))
            + " " + bins.filter { $0.count > 0 }.map { "\($0.band): \($0.count)" }.joined(separator: "; ")
        csvPath = "/teach/exams/\(examID)/statistics.csv" + query
    }

    /// Why `question` is flagged, in words; an option is named by its letter and text.
    static func words(_ flag: QuestionFlag.Kind, of question: QuestionStatistics, _ catalogue: Catalogue) -> String {
        switch flag {
        case .everyoneRight: catalogue.string(Message("results.flag.everyone-right"))
        case .everyoneWrong: catalogue.string(Message("results.flag.everyone-wrong"))
        case .negativeDiscrimination: catalogue.string(Message("results.flag.negative-discrimination"))
        case .unchosenDistractor(let option):
            catalogue.string(Message("results.flag.unchosen-distractor", ["option": .text(question.optionName(option))]))
        case .tooEasy: catalogue.string(Message("results.flag.too-easy"))
        case .tooHard: catalogue.string(Message("results.flag.too-hard"))
        }
    }

    static func words(_ note: ExamNote, _ catalogue: Catalogue) -> String {
        let key =
            switch note.kind {
            case .meanBelowGuidance: "results.note.mean-below"
            case .meanAboveGuidance: "results.note.mean-above"
            case .spreadBelowGuidance: "results.note.spread-below"
            case .spreadAboveGuidance: "results.note.spread-above"
            case .reliabilityUnsatisfactory: "results.note.reliability-unsatisfactory"
            case .reliabilityBelowSatisfactory: "results.note.reliability-below-satisfactory"
            }
        return catalogue.string(Message(key, ["value": .decimal(note.value)]))
    }
}
