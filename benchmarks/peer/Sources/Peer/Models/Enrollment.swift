import Fluent

/// A row of ExamPrep's `enrollments`: a student in a course.
///
/// `@unchecked Sendable` as Fluent's own template declares its models: the property wrappers
/// are not `Sendable`, and each instance lives within the one request that loaded it.
final class Enrollment: Model, @unchecked Sendable {
    static let schema = "enrollments"

    @ID(custom: .id, generatedBy: .database) var id: Int?
    @Parent(key: "user_id") var student: User
    @Parent(key: "course_id") var course: Course

    init() {}
}
