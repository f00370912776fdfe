import ExamPrepShared
import Foundation

// MARK: - Practice and review (students)

extension APIRequest where Response == PracticeSession {
    /// A practice session of a course's practice questions (of a topic, only mistakes, only
    /// those due for review).
    public static func startPractice(courseId: Int, _ request: PracticeRequest = PracticeRequest()) -> Self {
        .init(.post, APIPaths.coursePractice(courseId), body: request, requiresAuthentication: true)
    }
}

extension APIRequest where Response == PracticeFeedback {
    /// One answer of a practice session, checked at once.
    public static func answerPractice(_ answer: PracticeAnswer, practiceId: Int) -> Self {
        .init(.post, APIPaths.practiceAnswers(practiceId), body: answer, requiresAuthentication: true)
    }
}

extension APIRequest where Response == [DueReview] {
    /// The questions due for review today (of one course, or of every course).
    public static func dueReviews(courseId: Int? = nil) -> Self {
        .init(.get, APIPaths.reviewDue, queryItems: largestPage + courseQuery(courseId), requiresAuthentication: true)
    }
}

extension APIRequest where Response == [Mistake] {
    /// The questions answered wrong and not right since, the latest first.
    public static func mistakes(courseId: Int? = nil) -> Self {
        .init(.get, APIPaths.mistakes, queryItems: largestPage + courseQuery(courseId), requiresAuthentication: true)
    }
}

// MARK: - Opening questions for practice (faculty)

extension APIRequest where Response == PracticeMarkingResult {
    public static func markPractice(_ marking: PracticeMarking, courseId: Int) -> Self {
        .init(.post, APIPaths.practiceQuestions(courseId), body: marking, requiresAuthentication: true)
    }
}

private func courseQuery(_ courseId: Int?) -> [URLQueryItem] {
    courseId.map { [URLQueryItem(name: APIPaths.courseIdQueryItem, value: String($0))] } ?? []
}
