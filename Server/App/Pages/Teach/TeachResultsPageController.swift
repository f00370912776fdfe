import ExamPrepShared
import ExamPrepStatistics
import Foundation
import Hummingbird

/// The results: `GET /teach/courses/{courseId}/grades` (the grade book, sorted by a column,
/// `?exam=` for one exam) and `…/grades.csv` (the API's CSV), `GET /teach/exams/{examId}/statistics`
/// (the item analysis with its flags and guidance in words, the histogram with a text
/// alternative), `…/statistics.csv` and `…/statistics/histogram.svg` (the API's). Another's
/// course or exam is 404.
struct TeachResultsPageController {
    let courses: FacultyCourseActions
    let grades: GradeBookRepository
    let statistics: FacultyStatisticsController
    let renderer: PageRenderer

    func addRoutes(to teachers: RouterGroup<PageContext>) {
        teachers.get("/teach/courses/:courseId/grades", use: gradeBook)
        teachers.get("/teach/courses/:courseId/grades.csv", use: gradeBookCSV)
        teachers.get("/teach/exams/:examId/statistics", use: itemAnalysis)
        teachers.get("/teach/exams/:examId/statistics.csv", use: itemAnalysisCSV)
        teachers.get("/teach/exams/:examId/statistics/histogram.svg", use: histogram)
    }

    @Sendable func gradeBook(_ request: Request, context: PageContext) async throws -> Response {
        let course = try await courses.course(
            try TeachCoursePageController.id("courseId", context), facultyID: context.user.id, logger: context.logger)
        let courseID = course.id ?? 0
        let query = request.uri.queryParameters
        let exam = query.get("exam").flatMap { Int($0) }
        let sort = TeachGradesPage.sorts.first { $0.key == query.get("sort") } ?? TeachGradesPage.sorts[0]
        let descending = query.get("order") == "descending"
        var rows = try await lines(courseID, context: context).filter { exam == nil || $0.examID == exam }
        rows.sort { descending ? sort.less($1, $0) : sort.less($0, $1) }
        let examQuery = exam.map { "&exam=\($0)" } ?? ""
        let catalogue = context.catalogue
        let columns = TeachGradesPage.sorts.map { column in
            let sorted = column.key == sort.key
            let next = sorted && !descending ? "descending" : "ascending"
            return TeachGradesPage.Column(
                label: catalogue.string(Message(column.label)),
                link: "/teach/courses/\(courseID)/grades?sort=\(column.key)&order=\(next)\(examQuery)",
                sort: sorted ? (descending ? "descending" : "ascending") : nil,
                sortText: sorted
                    ? catalogue.string(Message(descending ? "results.grades.sorted-descending" : "results.grades.sorted-ascending")) : nil)
        }
        let examTitle = exam.flatMap { id in rows.first { $0.examID == id }?.examTitle }
        let page = TeachGradesPage(
            courseID: courseID, courseName: course.name,
            heading: catalogue.string(
                examTitle.map { Message("results.grades.heading-exam", ["exam": .text($0)]) } ?? Message("teach.grade-book")),
            columns: columns, rows: rows.map { TeachGradesPage.row($0, timeZone: course.timeZone, language: context.language) },
            hasRows: !rows.isEmpty, showsGrades: rows.contains { $0.entry?.grade != nil }, csvPath: "/teach/courses/\(courseID)/grades.csv",
            exam: examTitle)
        return renderer.render(
            "teach-grades", title: catalogue.string(Message("results.grades.title", ["course": .text(course.name)])), frame: context.frame,
            page: page)
    }

    @Sendable func gradeBookCSV(_ request: Request, context: PageContext) async throws -> Response {
        let course = try await courses.course(
            try TeachCoursePageController.id("courseId", context), facultyID: context.user.id, logger: context.logger)
        let courseID = course.id ?? 0
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8; header=present",
                .contentDisposition: "attachment; filename=\"grades-course-\(courseID).csv\"",
            ],
            body: .init(
                byteBuffer: ByteBuffer(
                    string: GradeBookCSV.render(
                        try await lines(courseID, context: context), style: context.language == .pl ? .semicolon : .comma,
                        timeZone: course.timeZone))))
    }

    @Sendable func itemAnalysis(_ request: Request, context: PageContext) async throws -> Response {
        let examID = try TeachCoursePageController.id("examId", context)
        let attempts = try FacultyStatisticsController.attempts(request.uri.queryParameters.get("attempts"))
        let (title, report) = try await statistics.report(
            examID: examID, attempts: attempts, facultyID: context.user.id, logger: context.logger)
        var page = TeachStatisticsPage(examID: examID, title: title, report: report, all: attempts == .all, catalogue: context.catalogue)
        let distribution = try await grades.gradeDistribution(examID: examID, logger: context.logger)
        page.gradeCounts = distribution.counts.map { TeachStatisticsPage.GradeCount(grade: $0.grade, count: $0.count) }
        if distribution.pending > 0 {
            page.gradeCounts.append(
                TeachStatisticsPage.GradeCount(grade: context.catalogue.string(Message("grades.pending")), count: distribution.pending))
        }
        page.hasGradeCounts = !page.gradeCounts.isEmpty
        return renderer.render(
            "teach-statistics", title: context.catalogue.string(Message("results.statistics.title", ["title": .text(title)])),
            frame: context.frame, page: page)
    }

    @Sendable func itemAnalysisCSV(_ request: Request, context: PageContext) async throws -> Response {
        let examID = try TeachCoursePageController.id("examId", context)
        let attempts = try FacultyStatisticsController.attempts(request.uri.queryParameters.get("attempts"))
        let report = try await statistics.report(examID: examID, attempts: attempts, facultyID: context.user.id, logger: context.logger)
            .report
        let name = "statistics-exam-\(examID)\(attempts == .all ? "-all" : "").csv"
        return FacultyStatisticsController.document(
            StatisticsCSV.render(report), media: .csv, disposition: "attachment; filename=\"\(name)\"")
    }

    @Sendable func histogram(_ request: Request, context: PageContext) async throws -> Response {
        let examID = try TeachCoursePageController.id("examId", context)
        let attempts = try FacultyStatisticsController.attempts(request.uri.queryParameters.get("attempts"))
        let (title, report) = try await statistics.report(
            examID: examID, attempts: attempts, facultyID: context.user.id, logger: context.logger)
        return FacultyStatisticsController.document(HistogramSVG.render(report, title: title), media: .svg, disposition: nil)
    }

    /// The course's whole grade book (every enrolled student, by surname), its attempts past
    /// their end submitted first.
    private func lines(_ courseID: Int, context: PageContext) async throws -> [GradeBookLine] {
        try await statistics.expired.submit(courseID: courseID, now: statistics.clock.now(), logger: context.logger)
        return try await grades.lines(courseID: courseID, logger: context.logger)
    }
}
