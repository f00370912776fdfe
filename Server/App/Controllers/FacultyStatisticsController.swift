import ExamPrepRules
import ExamPrepShared
import ExamPrepStatistics
import Foundation
import Hummingbird
import Logging

/// `GET /api/faculty/exams/{examId}/statistics`: the item analysis of one of the faculty
/// member's exams (Moodle's quiz statistics) as JSON, the per-question table as CSV, or the score
/// histogram as SVG, by `Accept`; first attempts, or every submitted one with `?attempts=all`.
/// Another's exam is 404; an `Accept` the route cannot serve is 406.
struct FacultyStatisticsController {
    let statistics: StatisticsRepository
    let expired: ExpiredAttemptRepository
    let clock: ServerClock

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let faculty = group.group().add(middleware: RequireRole(.faculty))
        faculty.get(RouterPath(APIPaths.examStatistics.pattern), use: report)
    }

    @Sendable func report(_ request: Request, context: AuthenticatedContext) async throws -> Response {
        let examID = try context.parameters.require("examId", as: Int.self)
        let attempts = try Self.attempts(request.uri.queryParameters.get(APIPaths.statisticsAttemptsQueryItem))
        guard let media = StatisticsMediaType.negotiate(request.headers[.accept]) else {
            throw HTTPFailure(
                .notAcceptable, .notAcceptable, "api-faculty.statistics-not-acceptable", ["types": .text(StatisticsMediaType.served)])
        }
        let (title, report) = try await report(examID: examID, attempts: attempts, facultyID: context.user.id, logger: context.logger)
        switch media {
        case .json:
            return try context.responseEncoder.encode(report, from: request, context: context)
        case .csv:
            let name = "statistics-exam-\(examID)\(attempts == .all ? "-all" : "").csv"
            return Self.document(StatisticsCSV.render(report), media: media, disposition: "attachment; filename=\"\(name)\"")
        case .svg:
            return Self.document(HistogramSVG.render(report, title: title), media: media, disposition: nil)
        }
    }

    /// The item analysis of the faculty member's exam (its attempts past their end submitted
    /// first), with the exam's title: the API's and the statistics page's.
    func report(examID: Int, attempts: StatisticsAttempts, facultyID: Int, logger: Logger) async throws
        -> (title: String, report: ExamStatistics)
    {
        guard let title = try await statistics.examTitle(examID: examID, facultyID: facultyID, logger: logger) else {
            throw FacultyExamActions.noSuchExam(examID)
        }
        try await expired.submit(examID: examID, now: clock.now(), logger: logger)
        var report = ItemAnalysis.compute(try await statistics.input(examID: examID, attempts: attempts, logger: logger))
        report.attemptsIncluded = attempts
        let ungraded = try await statistics.ungradedAttempts(examID: examID, attempts: attempts, logger: logger)
        report.ungradedAttempts = ungraded > 0 ? ungraded : nil
        return (title, report)
    }

    /// `?attempts=`: absent is `first`; anything but `first` or `all` is a 400 naming the field.
    static func attempts(_ value: String?) throws -> StatisticsAttempts {
        guard let value else { return .first }
        guard let attempts = StatisticsAttempts(rawValue: value) else {
            throw InvalidInput("api-faculty.statistics-attempts")
        }
        return attempts
    }

    static func document(_ text: String, media: StatisticsMediaType, disposition: String?) -> Response {
        var response = Response(status: .ok, headers: [.contentType: media.contentType], body: .init(byteBuffer: ByteBuffer(string: text)))
        if let disposition { response.headers[.contentDisposition] = disposition }
        return response
    }
}
