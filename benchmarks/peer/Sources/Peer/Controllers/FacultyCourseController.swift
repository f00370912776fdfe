import Fluent
import Vapor

/// `GET /api/faculty/courses`: the signed-in faculty member's courses, in the order they were
/// made, each with its enrollment count (the first page of 50: the peer reads no cursor).
struct FacultyCourseController: RouteCollection {
    static let pageSize = 50

    func boot(routes: any RoutesBuilder) throws {
        routes.get("courses", use: index)
    }

    @Sendable func index(request: Request) async throws -> [CourseResponse] {
        let user = try request.auth.require(SignedInUser.self)
        guard user.role == "faculty" else { throw Abort(.forbidden) }
        let courses = try await Course.query(on: request.db)
            .filter(\.$faculty.$id == user.id)
            .sort(\.$id)
            .limit(Self.pageSize)
            .with(\.$enrollments)
            .all()
        return try courses.map(CourseResponse.init)
    }
}

/// A course as ExamPrep's API shows it.
struct CourseResponse: Content {
    var id: Int
    var name: String
    var description: String
    var courseCode: String
    var userId: Int
    var enrollmentCount: Int
    var timeZone: String

    init(_ course: Course) throws {
        self.id = try course.requireID()
        self.name = course.name
        self.description = course.description
        self.courseCode = course.courseCode
        self.userId = course.$faculty.id
        self.enrollmentCount = course.enrollments.count
        self.timeZone = course.timeZone
    }
}
