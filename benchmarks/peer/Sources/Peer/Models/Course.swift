import Fluent

/// A row of ExamPrep's `courses`, with its enrollments.
///
/// `@unchecked Sendable` as Fluent's own template declares its models: the property wrappers
/// are not `Sendable`, and each instance lives within the one request that loaded it.
final class Course: Model, @unchecked Sendable {
    static let schema = "courses"

    @ID(custom: .id, generatedBy: .database) var id: Int?
    @Field(key: "name") var name: String
    @Field(key: "description") var description: String
    @Field(key: "course_code") var courseCode: String
    @Parent(key: "user_id") var faculty: User
    @Field(key: "time_zone") var timeZone: String
    @Children(for: \.$course) var enrollments: [Enrollment]

    init() {}
}
