import ExamPrepClient
import ExamPrepServerTestSupport
import ExamPrepShared
import Foundation
import Testing

/// A faculty member with a course and one enrolled student, each in an app of their own: what
/// the exam-day tests start from.
@MainActor
struct Classroom {
    let faculty: ExamPrepClient
    let student: ExamPrepClient
    let course: Course
    let studentId: Int

    /// Signs both up through `server` (or `baseURL`, a proxy in front of it, for the student).
    static func open(
        _ server: EndToEnd, clock: TestClock? = nil, timeZone: String? = nil, answerDirectory: URL? = nil,
        studentStore: any SessionStore = InMemorySessionStore(), studentBaseURL: URL? = nil
    ) async throws -> Classroom {
        let faculty = server.makeClient(clock: clock)
        try await faculty.account.signUp(uniqueEmail("teacher"), role: .faculty)
        let course = try await faculty.faculty.create(name: "Exam day", description: "Accommodations and deadlines", timeZone: timeZone)
        let student = server.makeClient(store: studentStore, clock: clock, answerDirectory: answerDirectory, baseURL: studentBaseURL)
        try await student.account.signUp(uniqueEmail("student"), role: .student)
        try await student.student.enroll(code: course.courseCode)
        let studentId = try #require(student.session.currentSession?.userId)
        return Classroom(faculty: faculty, student: student, course: course, studentId: studentId)
    }

    /// Creates and publishes `draft` in the course.
    func publish(_ draft: ExamDraft) async throws -> Exam {
        let exam = try await faculty.faculty.createExam(draft, in: try #require(course.id))
        return try await faculty.faculty.publishExam(exam.id)
    }
}

/// An exam of true/false questions, one point each, every right answer `true`: easy to
/// answer right or wrong on purpose.
enum TrueFalseExam {
    static func draft(
        _ title: String = "Exam day quiz", questions: Int = 4, timeLimitMinutes: Int? = 30, maxAttempts: Int = 1,
        closesAt: Date? = nil, policy: ExamPolicy? = nil
    ) -> ExamDraft {
        ExamDraft(
            title: title, timeLimitMinutes: timeLimitMinutes, closesAt: closesAt, maxAttempts: maxAttempts, policy: policy,
            questions: (1...questions).map {
                QuestionDraft(kind: .trueFalse, prompt: "Statement \($0) is true.", points: 1, answer: .bool(true))
            })
    }

    /// Answers to every question of `attempt`: the first `right` right, the others wrong.
    static func answers(_ attempt: StudentAttempt, right: Int) -> [AnswerInput] {
        attempt.questions.enumerated().map { index, question in AnswerInput(questionId: question.id, value: index < right) }
    }
}
