import ExamPrepShared
import Foundation

// MARK: - Exam day (faculty)

extension APIRequest where Response == Accommodation {
    /// A student's extra time in every exam of a course, running attempts included.
    public static func setAccommodation(_ accommodation: Accommodation, student userId: Int, course courseId: Int) -> Self {
        .init(.put, APIPaths.accommodation(courseId, userId), body: accommodation, requiresAuthentication: true)
    }
}

extension APIRequest where Response == ExamOverride {
    /// One student's own terms for one exam: extra attempts, a window, a time limit.
    public static func setOverride(_ override: ExamOverride, student userId: Int, exam examId: Int) -> Self {
        .init(.put, APIPaths.examOverride(examId, userId), body: override, requiresAuthentication: true)
    }
}

extension APIRequest where Response == SuccessResponse {
    public static func removeAccommodation(student userId: Int, course courseId: Int) -> Self {
        .init(.delete, APIPaths.accommodation(courseId, userId), requiresAuthentication: true)
    }

    public static func removeOverride(student userId: Int, exam examId: Int) -> Self {
        .init(.delete, APIPaths.examOverride(examId, userId), requiresAuthentication: true)
    }
}

extension APIRequest where Response == [FacultyAttemptSummary] {
    /// Who is in an exam: every attempt with its deadline, last save and score.
    public static func examAttempts(examId: Int) -> Self {
        .init(.get, APIPaths.facultyExamAttempts(examId), queryItems: largestPage, requiresAuthentication: true)
    }
}

extension APIRequest where Response == FacultyAttemptSummary {
    /// Gives a running attempt `minutes` more.
    public static func extendAttempt(_ attemptId: Int, minutes: Int) -> Self {
        .init(.post, APIPaths.extendAttempt(attemptId), body: ExtendAttemptRequest(minutes: minutes), requiresAuthentication: true)
    }
}

extension APIRequest where Response == [AttemptEvent] {
    /// An attempt's log, oldest first.
    public static func attemptEvents(_ attemptId: Int) -> Self {
        .init(.get, APIPaths.attemptEvents(attemptId), queryItems: largestPage, requiresAuthentication: true)
    }
}
