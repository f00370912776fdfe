import ExamPrepRules
import ExamPrepShared
import Logging

/// A teacher reads, sets and clears their course's grade scale, as the API and the `/teach`
/// course page both do: the same check of what was sent (`GradeScaleRequest.scale`), refused
/// as `InvalidInput` before anything is written. Changing the scale regrades nothing: grades
/// are computed when read (`GradeLookup`).
struct GradeScaleActions: Sendable {
    /// What became of a request for a course's scale.
    enum Outcome: Sendable, Equatable {
        /// The course's scale now (no bands: percentages only).
        case scale(GradeScale)
        /// Not the faculty member's course, or none: nothing changed.
        case noSuchCourse
    }

    let scales: GradeScaleRepository
    let clock: ServerClock

    func scale(courseID: Int, facultyID: Int, logger: Logger) async throws -> Outcome {
        try await scales.scale(courseID: courseID, facultyID: facultyID, logger: logger).map(Outcome.scale) ?? .noSuchCourse
    }

    func set(_ request: GradeScaleRequest, courseID: Int, facultyID: Int, logger: Logger) async throws -> Outcome {
        let scale: GradeScale
        do {
            guard let asked = try request.scale() else { throw InvalidInput("grades.bands-or-preset") }
            scale = asked
        } catch let problem as GradeScaleProblem {
            throw InvalidInput(problem.message)
        }
        guard try await scales.set(scale, courseID: courseID, facultyID: facultyID, now: clock.now(), logger: logger) else {
            return .noSuchCourse
        }
        logger.notice(
            "grade scale set",
            metadata: ["course_id": "\(courseID)", "preset": "\(scale.preset?.rawValue ?? "-")", "bands": "\(scale.bands.count)"])
        return .scale(scale)
    }

    func clear(courseID: Int, facultyID: Int, logger: Logger) async throws -> Outcome {
        guard try await scales.clear(courseID: courseID, facultyID: facultyID, now: clock.now(), logger: logger) else {
            return .noSuchCourse
        }
        logger.notice("grade scale cleared", metadata: ["course_id": "\(courseID)"])
        return .scale(GradeScale(bands: []))
    }
}
