import ExamPrepShared
import Foundation
import Testing

@testable import ExamPrepServer

/// A teacher's results pages drawn with their models as `TeachResultsPageController` and
/// `TeachGradingPageController` make them: the grade book, the essays to grade, the statistics.
extension TemplateRenderTests {
    @Test("the grade book draws its sortable columns, a row per grade and a dash for an exam not sat, in English and in Polish")
    func teachGradesPage() throws {
        let entry = GradeBookEntry(
            studentId: 8, email: "zolc@example.org", examId: 11, examTitle: "Test \(Self.hostile)", attemptId: 40, score: 7.5,
            maxScore: 12, submittedAt: Self.moment, grade: "4", name: "Żółć \(Self.hostile)", studentNumber: "s1234")
        let lines = [
            GradeBookLine(
                studentID: 8, name: "Żółć \(Self.hostile)", email: "zolc@example.org", studentNumber: "s1234", examID: 11,
                examTitle: "Test \(Self.hostile)", entry: entry, order: 0),
            GradeBookLine(
                studentID: 9, name: nil, email: "jan@example.org", studentNumber: nil, examID: 11, examTitle: "Test \(Self.hostile)",
                entry: nil, order: 1),
        ]
        let drawn = try Self.draw(
            "teach-grades", role: .faculty,
            shows: [
                .value(Self.course.name), .html("href=\"/teach/courses/3/grades.csv\" download"), .html("aria-sort=\"ascending\""),
                .html("href=\"/teach/courses/3/grades?sort=score\""), .value("Żółć \(Self.hostile) (s1234)"),
                .html("href=\"/teach/attempts/40\""), .html("<td>4</td>"), .value("jan@example.org"), .html("<td>-</td>"),
                .html("href=\"/teach/courses/3/grades\">"), .sentence("results.no-submitted-attempt"),
            ]
        ) { catalogue in
            let columns = TeachGradesPage.sorts.map { sort in
                TeachGradesPage.Column(
                    label: catalogue.string(Message(sort.label)), link: "/teach/courses/3/grades?sort=\(sort.key)",
                    sort: sort.key == "student" ? "ascending" : nil, sortText: sort.key == "student" ? Self.hostile : nil)
            }
            let rows = lines.map { TeachGradesPage.row($0, timeZone: "Europe/Warsaw", language: catalogue.language) }
            return [
                TeachGradesPage(
                    courseID: 3, courseName: Self.course.name, heading: catalogue.string(Message("teach.grade-book")), columns: columns,
                    rows: rows, hasRows: true, showsGrades: true, csvPath: "/teach/courses/3/grades.csv", exam: "Test \(Self.hostile)"),
                TeachGradesPage(
                    courseID: 3, courseName: Self.course.name, heading: Self.hostile, columns: columns, rows: [], hasRows: false,
                    showsGrades: false, csvPath: "/teach/courses/3/grades.csv", exam: nil),
            ]
        }
        #expect(drawn[.pl]?.first.map { Self.holds($0, "7,5") } == true, "the Polish grade book writes a decimal comma")
    }

    @Test("the essays to grade draw what each student wrote and the form of its points and comment, in English and in Polish")
    func teachGradingPage() throws {
        let exam = Exam(
            id: 11, courseId: 3, title: "Test \(Self.hostile)", instructions: "", timeLimitMinutes: nil, opensAt: nil, closesAt: nil,
            maxAttempts: 1,
            status: .published,
            questions: [
                Question(
                    id: 30, kind: .essay, prompt: "Explain \(Self.hostile)", points: 4, choices: nil, answer: nil, graderInfo: Self.hostile)
            ])
        let essays = [
            EssayGradingRepository.EssayInQueue(
                essay: EssayToGrade(
                    attemptId: 40, studentId: 8, questionId: 30, text: "I wrote \(Self.hostile)", maxPoints: 4, studentName: "Żółć",
                    studentNumber: "s1234", attemptNumber: 2),
                email: "zolc@example.org"),
            EssayGradingRepository.EssayInQueue(
                essay: EssayToGrade(
                    attemptId: 41, studentId: nil, questionId: 30, text: "", points: 2.5, comment: Self.hostile, maxPoints: 4),
                email: nil),
        ]
        let drawn = try Self.draw(
            "teach-grading", role: .faculty,
            shows: [
                .value("Test \(Self.hostile)"), .value("I wrote \(Self.hostile)"), .value("Żółć (s1234)"),
                .html("action=\"/teach/attempts/40/grades/30\""), .html("id=\"a40-q30-points\""), .html("value=\"2.5\""),
                .sentence("results.grading.nothing-written"),
                .html("Explain &quot;\u{0301}&#39; &lt;script&gt;"), .sentence("results.deleted-account"),
                .html("href=\"/teach/exams/11/grading?pending=true\""),
                .html("href=\"/teach/exams/11/grading\">"), .value("error \(Self.hostile)"), .sentence("results.grading.no-essays"),
            ]
        ) { catalogue in
            let title = exam.title
            return [false, true].map { pendingOnly in
                let items = pendingOnly ? [] : essays.map { TeachGradingPage.item($0, exam: exam, catalogue: catalogue) }
                return TeachGradingPage(
                    examID: 11, title: title, heading: catalogue.string(Message("results.grading.heading", ["title": .text(title)])),
                    items: items, hasItems: !items.isEmpty, pendingCount: 1,
                    pending: catalogue.string(Message("results.grading.pending", ["count": .integer(1)])), pendingOnly: pendingOnly,
                    notice: Self.hostile, error: "error \(Self.hostile)")
            }
        }
        // Only the essay left empty says nothing was written.
        let nothing = try #require(Catalogue.of(.en).text("results.grading.nothing-written"))
        #expect(drawn[.en]?.first.map { $0.components(separatedBy: HTMLEscaping.escape(nothing)).count - 1 } == 1)
    }

    @Test("an exam's statistics draw the summary, the notes, each question's figures and flags, and the grades, in English and in Polish")
    func teachStatisticsPage() throws {
        let report = ExamStatistics(
            attempts: 12, mean: 62.5, median: 60, standardDeviation: 14, cronbachAlpha: 0.71,
            scoreHistogram: [HistogramBin(from: 0, to: 50, count: 3), HistogramBin(from: 50, to: 100, count: 9)],
            questions: [
                QuestionStatistics(
                    questionId: 30, attempts: 12, kind: .singleChoice, prompt: "Pick \(Self.hostile)", facility: 1, discrimination: 0.25,
                    standardDeviation: 0.4, options: [OptionCount(id: "a", chosen: 12, letter: "A", text: Self.hostile)])
            ], flags: [QuestionFlag(questionId: 30, kind: .everyoneRight)], notes: [ExamNote(kind: .meanAboveGuidance, value: 62.5)])
        let drawn = try Self.draw(
            "teach-statistics", role: .faculty,
            shows: [
                .value("Test \(Self.hostile)"), .html("href=\"/teach/exams/11/statistics?attempts=all\""),
                .html("href=\"/teach/exams/11/statistics\""), .html("src=\"/teach/exams/11/statistics/histogram.svg\""),
                .html("href=\"/teach/exams/11/statistics.csv\" download"), .value("Pick \(Self.hostile)"),
                .sentence("results.flag.everyone-right"), .html("<th scope=\"row\">5</th><td>7</td>"),
                .sentence("results.no-submitted-attempt"), .sentence("grades.distribution-caption"),
            ]
        ) { catalogue in
            var page = TeachStatisticsPage(examID: 11, title: "Test \(Self.hostile)", report: report, all: false, catalogue: catalogue)
            (page.gradeCounts, page.hasGradeCounts) = ([.init(grade: "5", count: 7)], true)
            let empty = ExamStatistics(
                attempts: 0, mean: nil, median: nil, standardDeviation: nil, cronbachAlpha: nil, scoreHistogram: [], questions: [],
                flags: [],
                notes: [])
            return [page, TeachStatisticsPage(examID: 11, title: "Test \(Self.hostile)", report: empty, all: true, catalogue: catalogue)]
        }
        #expect(drawn[.en]?.first.map { Self.holds($0, "<div class=\"notice\" role=\"note\">") } == true, "the note about the mean")
    }
}
